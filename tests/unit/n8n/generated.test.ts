import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generatedFiles } from '../../../n8n/source/generated-files.ts';
import { WORKFLOWS } from '../../../n8n/source/toolkit/ids.ts';
import { allWorkflows } from './support/workflow.ts';

describe('the committed n8n files', () => {
  it('are what `npm run n8n -- workflow` writes from the repository now (run it after changing a rule or a text)', async () => {
    for (const [path, text] of Object.entries(await generatedFiles())) {
      expect(readFileSync(path, 'utf8'), path).toBe(text);
    }
  }, 60_000);
});

describe('every Thrive workflow', () => {
  it('sends its failures to the error workflow and keeps no successful execution', () => {
    for (const { id, settings } of allWorkflows) {
      expect(settings.errorWorkflow, id).toBe(id === WORKFLOWS.errors.id ? undefined : WORKFLOWS.errors.id);
      expect(settings.saveDataSuccessExecution, id).toBe('none');
    }
  });

  it('that another calls (Execute Workflow) lets it: n8n refuses a call its caller policy does not allow', () => {
    const called = allWorkflows.flatMap(({ id, nodes }) =>
      nodes
        .filter((n) => n.type === 'n8n-nodes-base.executeWorkflow')
        .map((n) => [id, (n.parameters.workflowId as { value: string }).value] as const),
    );
    expect(called.length).toBeGreaterThan(0);
    for (const [caller, callee] of called) {
      const policy = allWorkflows.find((w) => w.id === callee)?.settings.callerPolicy;
      expect(policy, `${caller} calls ${callee}`).toBe('workflowsFromSameOwner');
    }
  });

  it('holds no address or secret: those come from credentials and the environment', () => {
    for (const { id, nodes } of allWorkflows) {
      for (const { name, parameters, credentials } of nodes) {
        // The one address: Slack's, the default of THRIVE_SLACK_API_URL. (A URL's `password`, which the push
        // subscription rule holds empty, is no secret; a scheme before a host the environment gives, `https://${host}`,
        // names no address.)
        expect(JSON.stringify(parameters), `${id} ${name}`).not.toMatch(
          /https?:\/\/(?!slack\.com\/api|\$\{)|xox[abpr]-|(?<!url\.)password|localhost|127\.0\.0\.1/i,
        );
        for (const reference of Object.values(credentials ?? {}))
          expect(Object.keys(reference)).toEqual(['id', 'name']);
      }
    }
  });
});
