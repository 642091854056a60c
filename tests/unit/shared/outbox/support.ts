/** Shared fixtures for the outbox tests (not a test file: vitest only collects *.test.ts). */
import { createStore, type UseStore } from 'idb-keyval';
import { leaseGuard, lockGuard, type LockRequester, type ReplayGuard } from '../../../../src/shared/outbox/guard.ts';
import { createNotifier } from '../../../../src/shared/outbox/notify.ts';
import { createOutbox, newItem, type Outbox, type OutboxOptions } from '../../../../src/shared/outbox/outbox.ts';
import { createOutboxStore, type OutboxStore } from '../../../../src/shared/outbox/store.ts';
import type { OutboxItem, QueuedEnvelope, WireEnvelope } from '../../../../src/shared/outbox/types.ts';
import { withBlobAttachments } from '../../../../src/shared/outbox/wire.ts';
import { sendToWebhook } from '../../../../src/shared/webhook/client.ts';
import { buildEnvelope } from '../../../../src/shared/webhook/envelope.ts';

export const PARENT = { name: 'Asha', number: '9876543210' };
export const WEBHOOK_URL = 'https://hooks.example/webhook';
export const START = Date.UTC(2026, 10, 23, 5, 0, 0);

/** A database of its own for every call, so no test sees another's items. */
export function freshIdb(name = 'outbox'): UseStore {
  return createStore(`test-${name}-${crypto.randomUUID()}`, 'items');
}

export function reschedule(date = '2026-11-30'): QueuedEnvelope {
  return buildEnvelope({ action: 'reschedule_single', user: PARENT, payload: { date }, at: new Date(START) });
}

export function chat(message: string, files: File[] = []): QueuedEnvelope {
  const envelope = buildEnvelope({ action: 'chat_facilitator', user: PARENT, payload: { message, attachments: [] } });
  return withBlobAttachments(envelope, files);
}

export const encodeBase64 = async (blob: Blob) => Buffer.from(await blob.arrayBuffer()).toString('base64');

export function clock(start = START) {
  const state = { now: start };
  return { now: () => state.now, advance: (ms: number) => void (state.now += ms) };
}

/** What the scripted webhook answers next: a status (with body text), or no answer at all. */
export type Answer = number | { status: number; body: string } | 'network' | 'timeout';

/**
 * The real webhook client over a scripted fetch: each call takes the next
 * answer (the last one repeats) and records the body that went out.
 */
export function scriptedWebhook(...answers: Answer[]) {
  const sent: WireEnvelope[] = [];
  const fetch: typeof globalThis.fetch = async (_url, init) => {
    sent.push(JSON.parse(String(init?.body)) as WireEnvelope);
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    if (answer === 'network') throw new TypeError('Failed to fetch');
    if (answer === 'timeout') {
      return new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      });
    }
    const { status, body } = typeof answer === 'object' ? answer : { status: answer ?? 200, body: '' };
    return new Response(status === 204 ? null : body, { status });
  };
  const send = (envelope: WireEnvelope) => sendToWebhook(envelope, { url: WEBHOOK_URL, fetch, timeoutMs: 20 });
  return { send, sent, requestIds: () => sent.map((envelope) => envelope.request_id) };
}

/** A LockManager with Web Locks' exclusive, queued behaviour, shared by the "tabs" of one test. */
export function fakeLocks(): LockRequester {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request(name, callback) {
      const before = tails.get(name) ?? Promise.resolve();
      const run = before.then(() => callback({ name, mode: 'exclusive' }));
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
}

export type GuardKind = 'Web Locks' | 'IndexedDB lease';

/** Returns a factory of guards that all see one another, like tabs of one origin. */
export function sharedGuards(kind: GuardKind, now: () => number = Date.now): () => ReplayGuard {
  if (kind === 'Web Locks') {
    const locks = fakeLocks();
    return () => lockGuard(locks);
  }
  const leaseStore = freshIdb('lease');
  return () => leaseGuard(leaseStore, now);
}

export interface TestOutbox extends Outbox {
  store: OutboxStore;
}

/** An outbox over a fresh database, with no timer, no channel and the middle of every jitter range. */
export function testOutbox(options: Partial<OutboxOptions> & Pick<OutboxOptions, 'send'>): TestOutbox {
  const store = options.store ?? createOutboxStore(freshIdb());
  const outbox = createOutbox({
    encodeBase64,
    guard: lockGuard(fakeLocks()),
    notifier: createNotifier(null),
    random: () => 0.5,
    requestPersistence: async () => true,
    setTimer: null,
    ...options,
    store,
  });
  return { ...outbox, store };
}

/** Stores a request as the outbox would, without a pass: a queue left by an earlier visit. */
export function stored(store: OutboxStore, envelope: QueuedEnvelope, queuedAt = START): Promise<OutboxItem> {
  return store.add(envelope.request_id, (seq) => newItem(envelope, seq, queuedAt));
}
