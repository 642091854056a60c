/**
 * A scriptable stand-in for the automation webhook. Every request is recorded;
 * each is answered by the next scripted reply, and a request nobody scripted
 * is answered 500 and kept in `unexpected` so the test fails on it.
 *
 * Two reads are the exception: list_requests, which the schedule screen asks
 * beside every know_schedule, and list_announcements, which the menu asks
 * whenever it opens. They are answered from `outcomes` and `announcements`
 * (none unless a test puts some there, or `listReply` says otherwise) and
 * kept in `listReads` and `announcementReads`, apart from `requests`, so a
 * test about the other actions scripts and counts only those.
 */
import type { Announcement } from '../../src/shared/webhook/announcements.ts';
import type { ParentRequest } from '../../src/shared/webhook/requests.ts';

export interface RecordedRequest {
  method: string;
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  body: unknown;
  receivedAt: number;
  /** Set once the server has answered: the status it sent (0: it dropped the connection) and when. */
  answered?: { status: number; at: number };
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

/** The reply as scripted, or as its function answers this request. */
function replyTo(reply: Reply | ReplyFn, request: RecordedRequest): Reply | Promise<Reply> {
  return typeof reply === 'function' ? reply(request) : reply;
}

/** A reply the test holds back until it says so: the request is in, its answer waits for `release()`. */
export interface HeldReply {
  /** Resolves with the request once it has arrived and is being held. */
  readonly arrived: Promise<RecordedRequest>;
  /** Lets the held answer go (the reply given to hold()). */
  release(): void;
}

export class RecordingWebhook {
  readonly requests: RecordedRequest[] = [];
  readonly unexpected: RecordedRequest[] = [];
  /** What list_requests answers: the parent's requests with their outcomes. */
  readonly outcomes: ParentRequest[] = [];
  /** Every list_requests that came, in order. */
  readonly listReads: RecordedRequest[] = [];
  /** Answers list_requests instead of `outcomes` while set (a refusal, an old webhook). */
  listReply: Reply | ReplyFn | undefined;
  /** What list_announcements answers: the parent's updates from the programme, newest first. */
  readonly announcements: Announcement[] = [];
  /** Every list_announcements that came, in order. */
  readonly announcementReads: RecordedRequest[] = [];
  private readonly scripts: Script[] = [];
  private readonly waiters = new Set<() => void>();
  private readonly held: (() => void)[] = [];

  /** Scripts the next `times` requests (default 1; Infinity for every one after). */
  reply(reply: Reply | ReplyFn, times = 1): this {
    this.scripts.push({ reply, remaining: times });
    return this;
  }

  /**
   * Scripts the next request's reply, held until the test calls `release()`:
   * the test sees the app's in-flight state for as long as it needs, with no
   * delay to guess. A held reply still pending when the test ends is released then.
   */
  hold(reply: Reply): HeldReply {
    const { answer, held } = this.heldReply(reply);
    this.reply(answer);
    return held;
  }

  /** Holds every list_requests answer (the `outcomes`) until `release()`, as hold() does one request's. */
  holdList(): HeldReply {
    const { answer, held } = this.heldReply(() => ({ body: { requests: this.outcomes } }));
    this.listReply = answer;
    return held;
  }

  private heldReply(reply: Reply | ReplyFn): { answer: ReplyFn; held: HeldReply } {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let arrive: (request: RecordedRequest) => void = () => {};
    const arrived = new Promise<RecordedRequest>((resolve) => (arrive = resolve));
    this.held.push(release);
    const answer: ReplyFn = async (request) => {
      arrive(request);
      await released;
      return replyTo(reply, request);
    };
    return { answer, held: { arrived, release } };
  }

  /** Lets every held reply go: the server can then close without a request left hanging. */
  releaseAll(): void {
    for (const release of this.held) release();
  }

  /** How many times each request_id was accepted (answered 2xx): more than 1 is a duplicate delivery. */
  acceptedCounts(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const request of this.requests) {
      const status = request.answered?.status ?? 0;
      if (status < 200 || status > 299) continue;
      const id = (request.body as { request_id?: string } | undefined)?.request_id ?? '';
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    return counts;
  }

  /** Whether two requests were ever being handled at the same moment (received before the other was answered). */
  overlapped(): boolean {
    const spans = this.requests.map((request) => [request.receivedAt, request.answered?.at ?? Infinity] as const);
    spans.sort((a, b) => a[0] - b[0]);
    return spans.some(([start], index) => index > 0 && start < (spans[index - 1]?.[1] ?? 0));
  }

  /**
   * Resolves once at least `count` requests have arrived. The limit is for a machine under load (half a test's
   * 60 s): a passing test never waits for it.
   */
  async waitForRequests(count: number, timeoutMs = 30_000): Promise<RecordedRequest[]> {
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
    const action = (request.body as { action?: unknown } | undefined)?.action;
    if (action === 'list_requests') {
      this.listReads.push(request);
      return replyTo(this.listReply ?? { body: { requests: this.outcomes } }, request);
    }
    if (action === 'list_announcements') {
      this.announcementReads.push(request);
      return { body: { announcements: this.announcements } };
    }
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
    return replyTo(script.reply, request);
  }
}
