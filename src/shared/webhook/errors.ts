export type WebhookErrorKind = 'network' | 'timeout' | 'http';

export interface WebhookErrorJson {
  name: 'WebhookError';
  kind: WebhookErrorKind;
  status?: number;
  message: string;
}

/** The spec: a non-OK answer with an empty body carries this text. */
export const DEFAULT_HTTP_ERROR_TEXT = 'Failed to submit request';

/**
 * The only error the webhook client throws. Plain data, so it can be stored in
 * IndexedDB or posted between the page and the service worker.
 */
export class WebhookError extends Error {
  override readonly name = 'WebhookError';
  readonly kind: WebhookErrorKind;
  readonly status: number | undefined;

  constructor(kind: WebhookErrorKind, message: string, status?: number) {
    super(message);
    this.kind = kind;
    this.status = status;
  }

  toJSON(): WebhookErrorJson {
    const json: WebhookErrorJson = { name: this.name, kind: this.kind, message: this.message };
    if (this.status !== undefined) json.status = this.status;
    return json;
  }

  static fromJSON(json: WebhookErrorJson): WebhookError {
    return new WebhookError(json.kind, json.message, json.status);
  }
}

export function isWebhookError(value: unknown): value is WebhookError {
  return value instanceof WebhookError;
}

/**
 * Whether sending the same request again later may succeed: the network or
 * the server was at fault, not the request itself.
 */
export function isRetryable(error: WebhookError): boolean {
  if (error.kind !== 'http') return true;
  const status = error.status ?? 0;
  return status === 408 || status === 429 || status >= 500;
}

/**
 * What an error panel says (the spec): the server's own words when it answered
 * with some, else the screen's default. No answer at all (a lost connection, a
 * timeout) gets the default too, never the browser's technical wording.
 */
export function failureText(error: unknown, fallback: string): string {
  if (isWebhookError(error) && error.kind === 'http' && error.message !== DEFAULT_HTTP_ERROR_TEXT) {
    return error.message;
  }
  return fallback;
}
