import { readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NEXT, ROUTES } from '../../../../n8n/source/portal/intake-graph.ts';
import { SCHEMA_SQL_PATH, SLACK_METADATA_EVENT, WORKFLOWS } from '../../../../n8n/source/toolkit/ids.ts';
import { ACTIONS } from '../../../../server/contract/request-schema.ts';
import { nodeNamed, workflow } from '../support/workflow.ts';

/**
 * Room for the Contract's data (the schema of every action, both languages' texts), Code nodes a person can read,
 * Slack's crash recovery, a reschedule notice's buttons, a chat's post in two places (before its first file's upload
 * when the claim wrote that file's intent), a chat's answer written before its claim (so "Check request" holds the
 * answer writer, as "Answer" does), the schedule by the reference server's own rule (restOfWeek, each confirmed
 * move's session found as the server finds it, and one move of each session however many confirmed requests moved
 * it), and the three answers that cost n8n least (the thread's read, a
 * recorded 200, every other answer) each with the security headers; list_requests and accept_offer are answered in
 * a workflow of their own (ThriveRequests), as are the announcement actions. know_schedule's session changes
 * (parent-view.ts's scheduleChangesOf, bundled into "Answer", with the rule that a confirmed request's move of an
 * occurrence stands over them) stay here, since know_schedule is answered here.
 */
const BUDGET_BYTES = 126_000;

describe('the portal webhook workflow', () => {
  it(`stays small to import, read and diff: at most ${BUDGET_BYTES} bytes`, () => {
    const bytes = statSync(WORKFLOWS.portal.path).size;
    console.log(`n8n portal webhook workflow: ${bytes} bytes`);
    expect(bytes).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it('lets a copy of a request in progress wait in n8n, not in a database call', () => {
    const schema = readFileSync(SCHEMA_SQL_PATH, 'utf8');
    expect(schema).not.toMatch(/pg_sleep/);
    expect(workflow.connections['Wait a moment']?.main[0]?.map((target) => target.node)).toEqual(['Claim request_id']);
  });

  it('starts at one POST webhook, hands the conversation to its workflow and routes every answer on', () => {
    const triggers = workflow.nodes.filter((n) => n.type === 'n8n-nodes-base.webhook');
    expect(triggers.map((n) => [n.name, n.parameters.httpMethod, n.parameters.responseMode])).toEqual([
      ['Webhook', 'POST', 'responseNode'],
      ['Other methods', ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE'], 'responseNode'],
    ]);
    expect(nodeNamed('Conversation').parameters.workflowId).toMatchObject({ value: WORKFLOWS.conversation.id });
    expect(workflow.connections['Next step']?.main.map((targets) => targets.length)).toEqual(NEXT.map(() => 1));
    const schema = JSON.parse(String(nodeNamed('Contract').parameters.jsonOutput)) as {
      request_schema: { properties: { action: { enum: string[] } } };
    };
    expect(schema.request_schema.properties.action.enum).toEqual(expect.arrayContaining([...ACTIONS]));
  });

  it("writes each Slack step's intent before Slack takes it, and marks each post with its request_id", () => {
    const next = (name: string) => workflow.connections[name]?.main[0]?.map((target) => target.node);
    // Every file but a new chat's first (written with its claim) has its intent written once Slack gives it an id.
    expect(next('Get upload URL')).toEqual(['Intend share']);
    expect(next('Intend share')).toEqual(['File to upload']);
    expect(next('Upload file')).toEqual(['Share file']);
    const schema = readFileSync(SCHEMA_SQL_PATH, 'utf8');
    const nextStep = schema.slice(schema.indexOf('CREATE FUNCTION thrive.slack_next_step'));
    expect(nextStep).toMatch(/INSERT INTO thrive\.slack_intents/);
    expect(String(nodeNamed('Slack so far').parameters.query)).toMatch(/thrive\.slack_next_step/);
    // A new request's first post: its intent is written by the claim, when Slack has nothing of the request.
    const claim = schema.slice(schema.indexOf('CREATE FUNCTION thrive.claim_request')).split('\n$$;')[0] ?? '';
    expect(claim).toMatch(/INSERT INTO thrive\.slack_intents[^;]*WHERE NOT EXISTS \(SELECT 1 FROM thrive\.slack_posts/);
    expect(String(nodeNamed('Claim request_id').parameters.query)).toMatch(/first_post => /);
    const after = (switchNode: string, output: number) =>
      workflow.connections[switchNode]?.main[output]?.map((target) => target.node);
    expect(after('Next step', NEXT.indexOf('post notice'))).toEqual(['Buttons?']);
    expect(after('Next step', NEXT.indexOf('post message'))).toEqual(['Post message']);
    // A new chat's first file: its upload address asked for before the claim, which writes its intent with the
    // message's (only after the message's own), whether or not Slack gave one; then the post, the upload, the share.
    expect(after('Route request', ROUTES.indexOf('file first'))).toEqual(['First upload URL']);
    expect(workflow.connections['First upload URL']?.main.map((output) => output.map((t) => t.node))).toEqual([
      ['Claim request_id'],
      ['Claim request_id'],
    ]);
    expect(JSON.stringify(nodeNamed('Claim request_id').parameters.options)).toContain("$('First upload URL')");
    expect(String(nodeNamed('Claim request_id').parameters.query)).toMatch(/first_file => /);
    const intents = [...claim.matchAll(/INSERT INTO thrive\.slack_intents \(request_id, part, channel(, file_id)?\)/g)];
    expect(intents.map((match) => match[1] ?? '')).toEqual(['', ', file_id']);
    expect(claim).toMatch(/ELSIF first_post = 'message' AND first_file IS NOT NULL THEN/);
    expect(after('Next step', NEXT.indexOf('post file'))).toEqual(['Post chat']);
    expect(next('Post chat')).toEqual(['File to upload']);
    expect(nodeNamed('Post chat').parameters).toEqual(nodeNamed('Post message').parameters);
    for (const post of ['Post message', 'Post notice']) {
      const form = String(nodeNamed(post).parameters.body);
      expect(form).toMatch(/\["metadata", JSON\.stringify\(/);
      expect(form).toContain(SLACK_METADATA_EVENT);
      expect(form).toContain('request_id');
    }
  });

  it("stores each Slack step's result, unless Slack refused it, and answers the next step in the same query", () => {
    const next = (name: string) => workflow.connections[name]?.main[0]?.map((target) => target.node);
    expect(next('Post message')).toEqual(['Store post']);
    expect(next('Post notice')).toEqual(['Store post']);
    expect(next('Share file')).toEqual(['Store file']);
    expect(next('Store post')).toEqual(['Next Slack step']);
    expect(next('Store file')).toEqual(['Next Slack step']);
    const schema = readFileSync(SCHEMA_SQL_PATH, 'utf8');
    const body = (fn: string) => schema.slice(schema.indexOf(`CREATE FUNCTION thrive.${fn}(`)).split('\n$$;')[0] ?? '';
    expect(String(nodeNamed('Store post').parameters.query)).toMatch(/thrive\.store_post\(/);
    expect(String(nodeNamed('Store file').parameters.query)).toMatch(/thrive\.store_file\(/);
    // Slack's refusal stores nothing: thrive.keep_post (a post) and thrive.store_file (a file) raise first.
    for (const fn of ['keep_post', 'store_file']) {
      const stored = body(fn).indexOf('INSERT INTO thrive.slack_posts');
      expect(body(fn).indexOf("IF refusal <> '' THEN\n    RAISE EXCEPTION")).toBeGreaterThan(0);
      expect(body(fn).indexOf('RAISE EXCEPTION')).toBeLessThan(stored);
    }
    // The next step is answered once the step is stored.
    const storePost = body('store_post');
    expect(storePost.indexOf('RETURN QUERY SELECT * FROM thrive.slack_next_step(')).toBeGreaterThan(
      storePost.indexOf('PERFORM thrive.keep_post('),
    );
    const storeFile = body('store_file');
    expect(storeFile.indexOf('RETURN QUERY SELECT * FROM thrive.slack_next_step(')).toBeGreaterThan(
      storeFile.indexOf('INSERT INTO thrive.slack_posts'),
    );
    // A new chat's first file, shared straight after its post: the post is kept before the file, in the same query.
    expect(storeFile.indexOf('PERFORM thrive.keep_post(')).toBeGreaterThan(0);
    expect(storeFile.indexOf('PERFORM thrive.keep_post(')).toBeLessThan(
      storeFile.indexOf('INSERT INTO thrive.slack_posts'),
    );
  });
});
