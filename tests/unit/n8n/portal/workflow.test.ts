import { readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NEXT } from '../../../../n8n/source/portal/intake-graph.ts';
import { SLACK_STEPS } from '../../../../n8n/source/portal/slack-steps.ts';
import { SCHEMA_SQL_PATH, SLACK_METADATA_EVENT, WORKFLOWS } from '../../../../n8n/source/toolkit/ids.ts';
import { ACTIONS } from '../../../../server/contract/request-schema.ts';
import { nodeNamed, workflow } from '../support/workflow.ts';

/**
 * Room for the Contract's data (the schema of every action, both languages' texts), Code nodes a person can read,
 * Slack's crash recovery, a reschedule notice's buttons, and the three answers that cost n8n least (the thread's
 * read, a recorded 200, every other answer) each with the security headers; list_requests and accept_offer are
 * answered in a workflow of their own (ThriveRequests).
 */
const BUDGET_BYTES = 104_000;

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
    // Every file but a new chat's first (written with its post) has its intent written once Slack gives it an id.
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
    // A new chat's first file: its upload address before the post, its intent written with the post's result.
    expect(after('Next step', NEXT.indexOf('post file'))).toEqual(['First upload URL']);
    expect(next('First upload URL')).toEqual(['Post message']);
    expect(JSON.stringify(nodeNamed('Store post').parameters.options)).toContain("$('First upload URL')");
    const storePost = schema.slice(schema.indexOf('CREATE FUNCTION thrive.store_post')).split('\n$$;')[0] ?? '';
    expect(storePost.indexOf("VALUES (id, 'file 0', channel_name, first_file_id)")).toBeGreaterThan(
      storePost.indexOf('INSERT INTO thrive.slack_posts'),
    );
    expect(after('Next Slack step', SLACK_STEPS.indexOf('upload'))).toEqual(['File to upload']);
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
    for (const [node, fn] of [
      ['Store post', 'store_post'],
      ['Store file', 'store_file'],
    ] as const) {
      expect(String(nodeNamed(node).parameters.query)).toMatch(new RegExp(`thrive\\.${fn}\\(`));
      const body = schema.slice(schema.indexOf(`CREATE FUNCTION thrive.${fn}`)).split('\n$$;')[0] ?? '';
      const stored = body.indexOf('INSERT INTO thrive.slack_posts');
      expect(body.indexOf("IF refusal <> '' THEN\n    RAISE EXCEPTION")).toBeGreaterThan(0);
      expect(body.indexOf('RAISE EXCEPTION')).toBeLessThan(stored);
      expect(body.indexOf('RETURN QUERY SELECT * FROM thrive.slack_next_step(')).toBeGreaterThan(stored);
    }
  });
});
