/**
 * The screen tests’ webhook: the e2e suite's RecordingWebhook (its scripts, holds and records), answered through a
 * stand-in for fetch instead of over HTTP, as tests/support/test-server.ts answers it for the browser. A request to
 * any other address fails as the network would.
 */
import { WEBHOOK_PATH } from '../../../src/shared/webhook/endpoint.ts';
import { RecordingWebhook, type RecordedRequest } from '../recording-webhook.ts';

/** The origin the app's relative addresses resolve against (the test page's address, set in vite.config.ts). */
export const TEST_ORIGIN = 'http://portal.test';

function networkError(): TypeError {
  return new TypeError('Failed to fetch');
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/** Resolves after `ms`, or rejects as fetch does once `signal` aborts. */
function delay(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(abortError(signal));
    });
  });
}

async function bodyText(body: BodyInit | null | undefined): Promise<string> {
  if (body === undefined || body === null) return '';
  if (typeof body === 'string') return body;
  return new Response(body).text();
}

/** Waits for `answer`, unless `signal` aborts first: then rejects as fetch does. */
function unlessAborted<T>(answer: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return answer;
  if (signal.aborted) return Promise.reject(abortError(signal));
  return new Promise((resolve, reject) => {
    signal.addEventListener('abort', () => reject(abortError(signal)));
    answer.then(resolve, reject);
  });
}

/** A fetch answered by `webhook`: what the app’s one webhook client calls in a screen test. */
export function webhookFetch(webhook: RecordingWebhook): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), TEST_ORIGIN);
    const signal = init?.signal ?? undefined;
    if (signal?.aborted) throw abortError(signal);
    if (url.origin !== TEST_ORIGIN || url.pathname !== WEBHOOK_PATH || init?.method !== 'POST') throw networkError();
    const rawBody = await bodyText(init.body);
    let body: unknown;
    try {
      body = JSON.parse(rawBody);
    } catch {
      body = undefined;
    }
    const headers = Object.fromEntries(
      Object.entries((init.headers ?? {}) as Record<string, string>).map(([name, value]) => [
        name.toLowerCase(),
        value,
      ]),
    );
    const recorded: RecordedRequest = { method: 'POST', headers, rawBody, body, receivedAt: Date.now() };
    const reply = await unlessAborted(Promise.resolve(webhook.answer(recorded)), signal);
    if (!reply) {
      recorded.answered = { status: 500, at: Date.now() };
      return new Response('Unexpected request: no reply was scripted', { status: 500 });
    }
    if (reply.delayMs) await delay(reply.delayMs, signal);
    if (reply.dropConnection) {
      recorded.answered = { status: 0, at: Date.now() };
      throw networkError();
    }
    const isText = typeof reply.body === 'string' || reply.body === undefined;
    const text = isText ? ((reply.body as string | undefined) ?? '') : JSON.stringify(reply.body);
    const status = reply.status ?? 200;
    recorded.answered = { status, at: Date.now() };
    return new Response(text, {
      status,
      headers: { 'Content-Type': isText ? 'text/plain; charset=utf-8' : 'application/json' },
    });
  };
}

export { RecordingWebhook };
