import { connectivity } from './connectivity.ts';
import { DEFAULT_HTTP_ERROR_TEXT, WebhookError } from './errors.ts';
import { slicedBodyFetch } from './sliced-body-fetch.ts';
import type { AnnouncementsAction, AnnouncementsRequests } from './announcements.ts';
import type { ConversationRequest } from './conversation.ts';
import type { PushRequest } from './push.ts';
import type { RequestsAction, RequestsRequests } from './requests.ts';
import type { Envelope } from './types.ts';

/** Anything sent to the webhook: the spec's envelopes, the conversation's, the push, the requests' and the announcements' actions. */
type WebhookRequest =
  | Envelope
  | ConversationRequest
  | PushRequest
  | RequestsRequests[RequestsAction]
  | AnnouncementsRequests[AnnouncementsAction];

/** How long the webhook may take to answer once the request is out. */
export const ANSWER_TIMEOUT_MS = 20_000;
/**
 * The slowest upload the portal still waits for: a poor 3G uplink. A 5 MB chat
 * on such a line takes minutes to go out, and cutting it off at a fixed 20 s
 * would fail it on every attempt.
 */
export const SLOWEST_UPLOAD_BYTES_PER_S = 50_000;
/** Below the five minutes a browser gives one service-worker event. */
export const MAX_TIMEOUT_MS = 270_000;

/** How long to wait for the answer to a body of `bodyBytes`: its upload at the slowest rate, then the answer. */
export function sendTimeoutMs(bodyBytes: number): number {
  return Math.min(MAX_TIMEOUT_MS, ANSWER_TIMEOUT_MS + Math.ceil((bodyBytes / SLOWEST_UPLOAD_BYTES_PER_S) * 1000));
}

export interface WebhookResponse {
  status: number;
  /** Parsed JSON when the body is JSON, else the body text as it came. */
  body: unknown;
}

export interface SendOptions {
  url: string;
  timeoutMs?: number;
  signal?: AbortSignal;
  fetch?: typeof fetch;
  /**
   * The conversation's token, sent as `Authorization: Bearer` and
   * never in the body, so no log of bodies ever holds it.
   */
  bearer?: string;
}

/** Parses JSON when the text is JSON; otherwise keeps the text (the spec). */
export function parseBody(text: string): unknown {
  if (text.trim() === '') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * JSON, the bearer token if any, and the person's language as Accept-Language as well as in the body: a refusal
 * given before the body is read (the per-address rate limit) can then speak it too. A CORS-safelisted header, so a
 * webhook on another origin sees no extra preflight for it.
 */
function requestHeaders(envelope: WebhookRequest, bearer: string | undefined): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    ...(envelope.language !== undefined && { 'Accept-Language': envelope.language }),
    ...(bearer !== undefined && { Authorization: `Bearer ${bearer}` }),
  };
}

/**
 * The one way anything in the portal talks to the automation webhook, used by
 * screens and by the service worker's outbox replay alike. Returns the answer
 * or throws a WebhookError; it never shows anything to the person.
 */
export async function sendToWebhook(envelope: WebhookRequest, options: SendOptions): Promise<WebhookResponse> {
  const body = JSON.stringify(envelope);
  // Characters, not bytes: close enough, since the bulk of a large body is base64.
  const timeoutMs = options.timeoutMs ?? sendTimeoutMs(body.length);
  // One controller for both causes: AbortSignal.any is missing on older phones.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', forwardAbort, { once: true });
  if (options.signal?.aborted) forwardAbort();
  // By default a large body (a chat with attachments) goes out as a Blob built a slice per task, never one long copy.
  const doFetch = options.fetch ?? slicedBodyFetch;

  let text: string;
  let response: Response;
  try {
    response = await doFetch(options.url, {
      method: 'POST',
      headers: requestHeaders(envelope, options.bearer),
      body,
      signal: controller.signal,
    });
    // Any HTTP answer, even an error status, proves the connection works.
    connectivity.report('online');
    text = await response.text();
  } catch (cause) {
    if (timedOut) {
      connectivity.report('offline');
      throw new WebhookError('timeout', `No answer within ${Math.round(timeoutMs / 1000)} s`);
    }
    if (options.signal?.aborted) throw cause;
    connectivity.report('offline');
    throw new WebhookError('network', cause instanceof Error ? cause.message : String(cause));
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }

  if (!response.ok) {
    throw new WebhookError('http', text.trim() || DEFAULT_HTTP_ERROR_TEXT, response.status);
  }
  return { status: response.status, body: parseBody(text) };
}
