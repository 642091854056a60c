/**
 * What passes between the webhook's route and whatever answers a body (the
 * intake, the conversation actions): the parts of the HTTP request a handler
 * may read, and the answer it gives back. Types only, underneath both, so
 * neither imports the other.
 */

/** An answer to send: JSON, or a plain-text refusal; `headers` such as Retry-After or WWW-Authenticate. */
export type Outcome = ({ status: number; json: string; replayed: boolean } | { status: number; text: string }) & {
  headers?: Record<string, string>;
};

/** What the HTTP request adds to the body: the bearer header and the client's address (behind the trusted proxies). */
export interface RequestContext {
  authorization: string | undefined;
  address: string;
}
