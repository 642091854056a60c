import { describe, expect, it } from 'vitest';
import { TRIGGER } from '../../../../n8n/source/conversation/workflow.ts';
import { WORKFLOWS } from '../../../../n8n/source/toolkit/ids.ts';
import { codeText } from '../../../../server/conversation/code-text.ts';
import { bearerToken, readCursor } from '../../../../server/conversation/policy.ts';
import { answerText } from '../../../../server/contract/texts.ts';
import { nameKey } from '../../../../src/shared/rules/phone.ts';
import { runCodeNode } from '../support/code-sandbox.ts';
import { committed, nodeNamed } from '../support/workflow.ts';

const conversation = committed(WORKFLOWS.conversation.path);

/** A Code node of the committed conversation workflow, run on `json` with the earlier nodes' outputs it reads. */
async function run(name: string, json: unknown, outputs: Record<string, unknown>, $env: object = {}) {
  const $ = (node: string) => ({ first: () => ({ json: outputs[node] }) });
  const code = String(nodeNamed(name, conversation).parameters.jsCode);
  return ((await runCodeNode(code, { $json: json, $, $env })) as { json: Record<string, unknown> }).json;
}

const readRequest = (
  input: Record<string, unknown>,
  lookedUp = { number_key: '+919000000002', roster_name: 'Quiet Parent' },
) => run('Read request', lookedUp, { [TRIGGER]: input });

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

  it("Code message is the reference server's code text, its Web OTP line for THRIVE_PORTAL_HOST only", async () => {
    const named = { THRIVE_PORTAL_HOST: 'thrive.example.org' };
    for (const language of ['en', 'hi'] as const) {
      const request = { numberKey: '+919000000002', language };
      expect(await run('Code message', { code: '042917' }, { 'Read request': request }, named)).toEqual({
        phone: '+919000000002',
        code: '042917',
        language,
        text: codeText('042917', language, 'thrive.example.org'),
      });
      // Without the variable the line is left out, whatever the request said (its Origin was once used here).
      const asked = { ...request, portalHost: 'evil.example', address: '203.0.113.9' };
      for (const $env of [{}, { THRIVE_PORTAL_HOST: '' }]) {
        expect(await run('Code message', { code: '042917' }, { 'Read request': asked }, $env)).toMatchObject({
          text: codeText('042917', language, undefined),
        });
      }
    }
    const blocked = new Proxy(
      {},
      {
        get: () => {
          throw new Error('access to env vars denied');
        },
      },
    );
    const request = { numberKey: '+919000000002', language: 'en', portalHost: 'evil.example' };
    expect(await run('Code message', { code: '042917' }, { 'Read request': request }, blocked)).toMatchObject({
      text: codeText('042917', 'en', undefined),
    });
  });

  it('Read request binds a code to the name as the roster matches names, and reads no portal host', async () => {
    const read = await readRequest({
      envelope: { action: 'verify_code', user: { name: '  quiet   PARENT ', number: '9000000002' }, payload: {} },
      address: '198.51.100.7',
      portalHost: 'evil.example',
    });
    expect([read.nameKey, read.address, 'portalHost' in read]).toEqual([
      nameKey('Quiet Parent'),
      '198.51.100.7',
      false,
    ]);
  });

  it("Answer gives a 200 its JSON and a refusal its text in the parent's language, with its headers", async () => {
    const answer = (json: unknown, language: 'en' | 'hi') => run('Answer', json, { 'Read request': { language } });
    expect(await answer({ status: 200, json: { revoked: true } }, 'hi')).toEqual({
      status: 200,
      body: { revoked: true },
      headers: {},
    });
    expect(await answer({ status: 401, key: 'wrongCodeMany', values: { left: 3 } }, 'hi')).toEqual({
      status: 401,
      body: { text: answerText('hi', 'wrongCodeMany', { left: 3 }) },
      headers: {},
    });
    const limited = { status: 429, key: 'tooManyCodesForNumber', headers: { 'Retry-After': '60' } };
    expect(await answer(limited, 'en')).toEqual({
      status: 429,
      body: { text: answerText('en', 'tooManyCodesForNumber') },
      headers: { 'Retry-After': '60' },
    });
  });
});

describe("the conversation workflow's mark_read", () => {
  it('marks the replies in Slack before it answers: n8n runs the upper of two branches first, so Answer comes last', () => {
    const position = (name: string) => nodeNamed(name, conversation).position;
    const targets = conversation.connections['Mark read']?.main[0]?.map((target) => target.node);
    expect(targets?.sort()).toEqual(['Each mark', 'Read']);
    expect(position('Each mark')[1]).toBeLessThan(position('Read')[1]);
    expect(conversation.connections['Read']?.main[0]?.map((target) => target.node)).toEqual(['Answer']);
    expect(conversation.connections['Keep mark']).toBeUndefined();
  });
});
