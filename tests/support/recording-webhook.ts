/**
 * A scriptable stand-in for the automation webhook. Every request is recorded;
 * each is answered by the next scripted reply, and a request nobody scripted
 * is answered 500 and kept in `unexpected` so the test fails on it.
 */
export interface RecordedRequest {
  method: string;
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  body: unknown;
  receivedAt: number;
}

export interface Reply {
  status?: number;
  /** A string is sent as it is (text/plain); anything else as JSON. */
  body?: unknown;
  delayMs?: number;
  /** Destroy the connection instead of answering: the client sees a network error. */
  dropConnection?: boolean;
}

export type ReplyFn = (request: RecordedRequest) => Reply | Promise<Reply>;

interface Script {
  reply: Reply | ReplyFn;
  remaining: number;
}

export class RecordingWebhook {
  readonly requests: RecordedRequest[] = [];
  readonly unexpected: RecordedRequest[] = [];
  private readonly scripts: Script[] = [];
  private readonly waiters = new Set<() => void>();

  /** Scripts the next `times` requests (default 1; Infinity for every one after). */
  reply(reply: Reply | ReplyFn, times = 1): this {
    this.scripts.push({ reply, remaining: times });
    return this;
  }

  /** Resolves once at least `count` requests have arrived. */
  async waitForRequests(count: number, timeoutMs = 10_000): Promise<RecordedRequest[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.requests.length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`Expected ${count} webhook requests, got ${this.requests.length}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 250));
        this.waiters.add(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.requests.slice(0, count);
  }

  /** Picks the reply for a request that has just arrived, or undefined if none was scripted. */
  async answer(request: RecordedRequest): Promise<Reply | undefined> {
    this.requests.push(request);
    for (const wake of this.waiters) wake();
    this.waiters.clear();
    const script = this.scripts[0];
    if (!script) {
      this.unexpected.push(request);
      return undefined;
    }
    script.remaining -= 1;
    if (script.remaining <= 0) this.scripts.shift();
    return typeof script.reply === 'function' ? script.reply(request) : script.reply;
  }
}
