import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generatedFiles } from '../../../../n8n/source/workflow/generated-files.ts';
import { nodeNamed, workflow } from '../support/workflow.ts';

describe('the committed n8n workflow', () => {
  it('is what `npm run n8n -- workflow` writes from the repository now (run it after changing a rule or a text)', async () => {
    for (const [path, text] of Object.entries(await generatedFiles())) {
      expect(readFileSync(path, 'utf8'), path).toBe(text);
    }
  }, 60_000);

  it('holds no address or secret: those come from credentials and the environment', () => {
    for (const { name, parameters, credentials } of workflow.nodes) {
      // Code nodes bundle libraries whose texts name their documentation pages.
      const { jsCode, ...settings } = parameters;
      expect(JSON.stringify(settings), name).not.toMatch(/https?:\/\/|xox[abpr]-|password/i);
      expect(String(jsCode ?? ''), name).not.toMatch(/localhost|127\.0\.0\.1|xox[abpr]-/);
      for (const reference of Object.values(credentials ?? {})) expect(Object.keys(reference)).toEqual(['id', 'name']);
    }
  });

  it('starts at one POST webhook and branches on the action into six outputs, each leading on', () => {
    const triggers = workflow.nodes.filter((n) => n.type === 'n8n-nodes-base.webhook');
    expect(triggers.map((n) => [n.name, n.parameters.httpMethod, n.parameters.responseMode])).toEqual([
      ['Webhook', 'POST', 'responseNode'],
      ['Other methods', ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE'], 'responseNode'],
    ]);
    expect(nodeNamed('Action').parameters.numberOutputs).toBe(6);
    expect(workflow.connections.Action?.main.map((targets) => targets.length)).toEqual([1, 1, 1, 1, 1, 1]);
  });
});
