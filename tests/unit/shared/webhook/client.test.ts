import { describe, expect, it, vi } from 'vitest';
import { parseBody, sendToWebhook } from '../../../../src/shared/webhook/client.ts';
import { isRetryable, WebhookError } from '../../../../src/shared/webhook/errors.ts';
import { buildEnvelope } from '../../../../src/shared/webhook/envelope.ts';

const envelope = buildEnvelope({ action: 'know_schedule', user: { name: 'Asha', number: '9876543210' }, payload: {} });
const URL = 'https://hooks.example/webhook';

function answering(status: number, body: string): typeof fetch {
  return vi.fn(async () => new Response(body, { status }));
}

async function caught(promise: Promise<unknown>): Promise<WebhookError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof WebhookError) return error;
    throw error;
  }
  throw new Error('expected a WebhookError');
}

describe('sendToWebhook', () => {
  it('POSTs the envelope as JSON to the configured address', async () => {
    const fetchMock = answering(200, '{"message":"ok"}');
    await sendToWebhook(envelope, { url: URL, fetch: fetchMock });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = vi.mocked(fetchMock).mock.calls[0] ?? [];
    expect(url).toBe(URL);
    expect(init?.method).toBe('POST');
    expect(init?.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(JSON.parse(String(init?.body))).toEqual(envelope);
  });

  it("names the envelope's language in Accept-Language too, for answers given before the body is read", async () => {
    const fetchMock = answering(200, '{"message":"ok"}');
    await sendToWebhook({ ...envelope, language: 'hi' }, { url: URL, fetch: fetchMock });
    await sendToWebhook({ action: 'chat_thread', language: 'en' }, { url: URL, fetch: fetchMock, bearer: 'tok-1' });
    const headers = vi.mocked(fetchMock).mock.calls.map(([, init]) => init?.headers);
    expect(headers).toEqual([
      { 'Content-Type': 'application/json', 'Accept-Language': 'hi' },
      { 'Content-Type': 'application/json', 'Accept-Language': 'en', Authorization: 'Bearer tok-1' },
    ]);
  });

  it('sends a conversation action as it is, with the token in the Authorization header only', async () => {
    const fetchMock = answering(200, '{"messages":[],"cursor":"0","more":false}');
    const request = { action: 'chat_thread', payload: { after: '12' } } as const;
    await sendToWebhook(request, { url: URL, fetch: fetchMock, bearer: 'tok-123' });
    const [, init] = vi.mocked(fetchMock).mock.calls[0] ?? [];
    expect(init?.headers).toEqual({ 'Content-Type': 'application/json', Authorization: 'Bearer tok-123' });
    expect(JSON.parse(String(init?.body))).toEqual(request);
    expect(String(init?.body)).not.toContain('tok-123');
  });

  it.each([
    ['JSON', '{"message":"ok"}', { message: 'ok' }],
    ['a JSON list', '[{"Message":"ok"}]', [{ Message: 'ok' }]],
    ['plain text', 'All good', 'All good'],
    ['malformed JSON, kept as text', '{"message":', '{"message":'],
    ['an empty body', '', ''],
  ])('reads %s', async (_case, text, expected) => {
    const response = await sendToWebhook(envelope, { url: URL, fetch: answering(200, text) });
    expect(response).toEqual({ status: 200, body: expected });
  });

  it.each([
    [500, 'Workflow crashed', 'Workflow crashed'],
    [400, '  Bad phone  ', 'Bad phone'],
    [404, '', 'Failed to submit request'],
    [503, '   ', 'Failed to submit request'],
  ])('turns HTTP %d into an http error carrying the body text', async (status, body, message) => {
    const error = await caught(sendToWebhook(envelope, { url: URL, fetch: answering(status, body) }));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(status);
    expect(error.message).toBe(message);
  });

  it('turns a failed fetch into a network error', async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await caught(sendToWebhook(envelope, { url: URL, fetch: fetchMock }));
    expect(error.kind).toBe('network');
    expect(error.status).toBeUndefined();
  });

  it('gives up after the timeout with a timeout error', async () => {
    const hanging: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const error = await caught(sendToWebhook(envelope, { url: URL, fetch: hanging, timeoutMs: 20 }));
    expect(error.kind).toBe('timeout');
  });

  it('lets the caller abort, with the caller’s own reason rather than a webhook error', async () => {
    const controller = new AbortController();
    const hanging: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const pending = sendToWebhook(envelope, { url: URL, fetch: hanging, signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('parseBody', () => {
  it('keeps a JSON string literal as its value', () => {
    expect(parseBody('"hello"')).toBe('hello');
  });
});

describe('WebhookError', () => {
  it('round-trips through JSON so it can be stored or posted', () => {
    const error = new WebhookError('http', 'Server down', 503);
    const copy = WebhookError.fromJSON(JSON.parse(JSON.stringify(error)));
    expect(copy).toBeInstanceOf(WebhookError);
    expect(copy).toMatchObject({ kind: 'http', status: 503, message: 'Server down' });
  });

  it.each([
    [new WebhookError('network', 'offline'), true],
    [new WebhookError('timeout', 'slow'), true],
    [new WebhookError('http', 'x', 408), true],
    [new WebhookError('http', 'x', 429), true],
    [new WebhookError('http', 'x', 500), true],
    [new WebhookError('http', 'x', 503), true],
    [new WebhookError('http', 'x', 400), false],
    [new WebhookError('http', 'x', 404), false],
    [new WebhookError('http', 'x', 409), false],
    [new WebhookError('http', 'x', 413), false],
  ])('%o is retryable: %s', (error, expected) => {
    expect(isRetryable(error)).toBe(expected);
  });
});
