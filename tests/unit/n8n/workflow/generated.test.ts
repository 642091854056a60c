import { readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WORKFLOWS } from '../../../../n8n/source/conversation/ids.ts';
import { generatedFiles } from '../../../../n8n/source/workflow/generated-files.ts';
import { SCHEMA_SQL_PATH, WORKFLOW_PATH } from '../../../../n8n/source/workflow/ids.ts';
import { NEXT } from '../../../../n8n/source/workflow/intake-graph.ts';
import { ACTIONS } from '../../../../server/contract/request-schema.ts';
import { nodeNamed, refusals, workflow } from '../support/workflow.ts';

const codeNodes = [...workflow.nodes, ...refusals.nodes].filter((n) => n.type === 'n8n-nodes-base.code');
const linesOf = (node: (typeof codeNodes)[number]) => String(node.parameters.jsCode).split('\n').length;

describe('the committed n8n workflow', () => {
  it('is what `npm run n8n -- workflow` writes from the repository now (run it after changing a rule or a text)', async () => {
    for (const [path, text] of Object.entries(await generatedFiles())) {
      expect(readFileSync(path, 'utf8'), path).toBe(text);
    }
  }, 60_000);

  it('is small and readable: at most a quarter of the bundled one (287,024 bytes), no Code node over 80 lines', () => {
    const largest = codeNodes.reduce((a, b) => (linesOf(a) >= linesOf(b) ? a : b));
    const measured = { bytes: statSync(WORKFLOW_PATH).size, largest: `${largest.name}: ${linesOf(largest)} lines` };
    console.log(`n8n workflow: ${measured.bytes} bytes; largest Code node ${measured.largest}`);
    expect(measured.bytes).toBeLessThanOrEqual(287_024 / 4);
    expect(linesOf(largest), measured.largest).toBeLessThanOrEqual(80);
    for (const node of codeNodes) {
      // Minified code has long lines; a bundle has its module wrappers.
      const longest = Math.max(
        ...String(node.parameters.jsCode)
          .split('\n')
          .map((line) => line.length),
      );
      expect(longest, node.name).toBeLessThanOrEqual(160);
      expect(String(node.parameters.jsCode), node.name).not.toMatch(/__esModule|__export|require\(/);
    }
  });

  it('sends its failures to the error workflow, as the other workflows do', () => {
    expect(workflow.settings.errorWorkflow).toBe(WORKFLOWS.errors.id);
  });

  it('lets a copy of a request in progress wait in n8n, not in a database call', () => {
    const schema = readFileSync(SCHEMA_SQL_PATH, 'utf8');
    expect(schema).not.toMatch(/pg_sleep/);
    expect(workflow.connections['Wait a moment']?.main[0]?.map((target) => target.node)).toEqual(['Claim request_id']);
  });

  it('holds no address or secret: those come from credentials and the environment', () => {
    for (const { name, parameters, credentials } of workflow.nodes) {
      // The one address: Slack's, the default of THRIVE_SLACK_API_URL.
      const settings = JSON.stringify(parameters).replaceAll(String.raw`\"https://slack.com/api\"`, '');
      expect(settings, name).not.toMatch(/https?:\/\/|xox[abpr]-|password|localhost|127\.0\.0\.1/i);
      for (const reference of Object.values(credentials ?? {})) expect(Object.keys(reference)).toEqual(['id', 'name']);
    }
  });

  it('starts at one POST webhook, hands the conversation to its workflow and routes every answer on', () => {
    const triggers = workflow.nodes.filter((n) => n.type === 'n8n-nodes-base.webhook');
    expect(triggers.map((n) => [n.name, n.parameters.httpMethod, n.parameters.responseMode])).toEqual([
      ['Webhook', 'POST', 'responseNode'],
      ['Other methods', ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE'], 'responseNode'],
    ]);
    expect(nodeNamed('Conversation').parameters.workflowId).toMatchObject({ value: 'ThriveConversation' });
    expect(workflow.connections['Next step']?.main.map((targets) => targets.length)).toEqual(NEXT.map(() => 1));
    const schema = JSON.parse(String(nodeNamed('Contract').parameters.jsonOutput)) as {
      request_schema: { properties: { action: { enum: string[] } } };
    };
    expect(schema.request_schema.properties.action.enum).toEqual(expect.arrayContaining([...ACTIONS]));
  });
});
