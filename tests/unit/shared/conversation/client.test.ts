import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchThreadSince, postConversation } from '../../../../src/shared/conversation/client.ts';
import type { WebhookError } from '../../../../src/shared/webhook/errors.ts';
import { WEBHOOK_PATH } from '../../../../src/shared/webhook/endpoint.ts';
import { startCodeRecorder, type CodeRecorder } from '../../../support/code-recorder.ts';
import { chat, TEST_PARENT } from '../../../support/envelopes.ts';
import { startTestPortal, type TestPortal } from '../../../support/test-portal.ts';

let codes: CodeRecorder;
let p: TestPortal;
beforeAll(async () => {
  codes = await startCodeRecorder();
  p = await startTestPortal({ CODE_WEBHOOK_URL: codes.url });
});
afterAll(async () => {
  await p.dispose();
  await codes.close();
});

/** The portal's fetch, answered by the reference server, recording each request's headers and body. */
const sent: { headers: Record<string, string>; body: string }[] = [];
const serverFetch: typeof fetch = async (input, init) => {
  const headers = Object.fromEntries(new Headers(init?.headers).entries());
  const body = String(init?.body);
  sent.push({ headers, body });
  const response = await p.app.inject({ method: 'POST', url: String(input), headers, payload: body });
  return new Response(response.body, {
    status: response.statusCode,
    headers: { 'content-type': response.headers['content-type'] as string },
  });
};

describe('the conversation client against the reference server', () => {
  it('verifies the phone, then reads the thread with the token in the Authorization header only', async () => {
    const options = { url: WEBHOOK_PATH, fetch: serverFetch };
    await p.post(chat('First', []));
    await postConversation<'request_code'>({ action: 'request_code', user: TEST_PARENT, language: 'hi' }, options);
    const { code } = await codes.nextCode('+919000000001');
    const { token } = await postConversation<'verify_code'>(
      { action: 'verify_code', user: TEST_PARENT, payload: { code } },
      options,
    );
    const first = await fetchThreadSince(undefined, { ...options, token });
    expect(first.messages.map((m) => m.text)).toEqual(['First']);
    await p.post(chat('Second', []));
    const next = await fetchThreadSince(first.cursor, { ...options, token });
    expect(next.messages.map((m) => m.text)).toEqual(['Second']);
    expect(sent.at(-1)?.headers.authorization).toBe(`Bearer ${token}`);
    expect(sent.every((request) => !request.body.includes(token))).toBe(true);

    await postConversation<'revoke_token'>({ action: 'revoke_token' }, { ...options, token });
    const error = (await fetchThreadSince(next.cursor, { ...options, token }).catch((e: unknown) => e)) as WebhookError;
    expect([error.kind, error.status, error.message]).toEqual([
      'http',
      401,
      'This device is not verified any more (it signed out, or the token is not known). Ask for a new code.',
    ]);
  });

  it('reads a network failure as a WebhookError of kind network', async () => {
    const failing: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    const error = (await postConversation(
      { action: 'revoke_token' },
      { url: WEBHOOK_PATH, fetch: failing, token: 't' },
    ).catch((e: unknown) => e)) as WebhookError;
    expect(error.kind).toBe('network');
  });
});
