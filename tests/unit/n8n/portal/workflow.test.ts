import { readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NEXT } from '../../../../n8n/source/portal/intake-graph.ts';
import { SCHEMA_SQL_PATH, WORKFLOWS } from '../../../../n8n/source/toolkit/ids.ts';
import { ACTIONS } from '../../../../server/contract/request-schema.ts';
import { nodeNamed, workflow } from '../support/workflow.ts';

/**
 * Room for the Contract's data (the schema of every action the portal takes, both languages' texts) and Code nodes
 * a person can read; list_requests and accept_offer are answered in a workflow of their own (ThriveRequests).
 */
const BUDGET_BYTES = 88_000;

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
});
