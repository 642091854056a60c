import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { codeText } from '../../../../server/conversation/code-text.ts';
import { bearerToken, readCursor } from '../../../../server/conversation/policy.ts';
import { answerText } from '../../../../server/contract/texts.ts';
import { WORKFLOWS } from '../../../../n8n/source/conversation/ids.ts';
import { answer, codeMessage, READ_REQUEST, TRIGGER } from '../../../../n8n/source/conversation/code.ts';
import type { N8nNode } from '../../../../n8n/source/workflow/nodes.ts';
import { nameKey } from '../../../../src/shared/rules/phone.ts';
import { runCodeNode } from '../support/code-sandbox.ts';

/** `$('Node').first().json` as the Code nodes read earlier nodes. */
const earlier = (outputs: Record<string, unknown>) => (node: string) => ({ first: () => ({ json: outputs[node] }) });

async function readRequest(
  input: Record<string, unknown>,
  lookedUp = { number_key: '+919000000002', roster_name: 'Quiet Parent' },
) {
  const result = await runCodeNode(READ_REQUEST, { $json: lookedUp, $: earlier({ [TRIGGER]: input }) });
  return (result as { json: Record<string, unknown> }).json;
}

describe('the conversation Code nodes', () => {
  it('Read request matches names as the roster does, reads the bearer token and the cursor as the reference server', async () => {
    for (const name of ['Quiet Parent', '  quiet   PARENT ', 'Quiet Parents']) {
      const read = await readRequest({ envelope: { action: 'request_code', user: { name, number: '9000000002' } } });
      expect(read.onRoster, name).toBe(nameKey(name) === nameKey('Quiet Parent'));
    }
    for (const authorization of ['Bearer abc_DEF-123', 'bearer  x', 'Basic abc', 'Bearer a b', '']) {
      const read = await readRequest({ envelope: { action: 'chat_thread' }, authorization });
      expect(read.token, authorization).toBe(bearerToken(authorization) ?? '');
    }
    for (const after of [undefined, '0', '42', '007', 'abc', '1234567890123456']) {
      const read = await readRequest({ envelope: { action: 'chat_thread', payload: { after } } });
      const cursor = readCursor(after);
      expect(read.after, String(after)).toBe(cursor === undefined ? null : String(cursor));
    }
    const hindi = await readRequest({ envelope: { action: 'chat_thread' }, language: 'hi', address: null });
    expect([hindi.language, hindi.address, hindi.onRoster]).toEqual(['hi', null, false]);
  });

  it("Code message is the reference server's code text, in the parent's language", async () => {
    for (const language of ['en', 'hi'] as const) {
      const result = await runCodeNode(codeMessage(), {
        $json: { code: '042917' },
        $: earlier({ 'Read request': { numberKey: '+919000000002', language, portalHost: 'portal.example.org' } }),
        $env: {},
      });
      expect((result as { json: unknown }).json).toEqual({
        phone: '+919000000002',
        code: '042917',
        language,
        text: codeText('042917', language, 'portal.example.org'),
      });
    }
  });

  it("Answer gives a 200 its JSON and a refusal its text in the parent's language, with its headers", async () => {
    const run = async (json: unknown, language: 'en' | 'hi') =>
      (
        (await runCodeNode(answer(), { $json: json, $: earlier({ 'Read request': { language } }) })) as {
          json: unknown;
        }
      ).json;
    expect(await run({ status: 200, json: { revoked: true } }, 'hi')).toEqual({
      conversation: { status: 200, body: { revoked: true }, headers: {} },
    });
    expect(await run({ status: 401, key: 'wrongCodeMany', values: { left: 3 } }, 'hi')).toEqual({
      conversation: { status: 401, body: { text: answerText('hi', 'wrongCodeMany', { left: 3 }) }, headers: {} },
    });
    const limited = { status: 429, key: 'tooManyCodesForNumber', headers: { 'Retry-After': '60' } };
    expect(await run(limited, 'en')).toEqual({
      conversation: {
        status: 429,
        body: { text: answerText('en', 'tooManyCodesForNumber') },
        headers: { 'Retry-After': '60' },
      },
    });
  });
});

describe('the conversation and housekeeping workflows', () => {
  const workflows = Object.values(WORKFLOWS).map(
    ({ path }) =>
      JSON.parse(readFileSync(path, 'utf8')) as { id: string; nodes: N8nNode[]; settings: Record<string, unknown> },
  );

  it('send their failures to the error workflow, keep no successful execution, and hold no address or secret', () => {
    for (const { id, nodes, settings } of workflows) {
      expect(settings.errorWorkflow, id).toBe(id === WORKFLOWS.errors.id ? undefined : WORKFLOWS.errors.id);
      expect(settings.saveDataSuccessExecution, id).toBe('none');
      for (const { name, parameters } of nodes) {
        expect(JSON.stringify(parameters), `${id} ${name}`).not.toMatch(
          /https?:\/\/(?!slack\.com\/api)|xox[abpr]-|password/i,
        );
      }
    }
  });

  it('have no Code node over 80 lines', () => {
    for (const { id, nodes } of workflows) {
      for (const { name, type, parameters } of nodes.filter((n) => n.type === 'n8n-nodes-base.code')) {
        expect(String(parameters.jsCode).split('\n').length, `${id} ${name} (${type})`).toBeLessThanOrEqual(80);
      }
    }
  });
});
