/**
 * Tells everyone looking at the outbox that it changed: listeners in this
 * context directly, and other tabs and the service worker over a
 * BroadcastChannel (which never echoes a message back to its sender). Where
 * BroadcastChannel is missing, only this context hears; others catch up on
 * their next list().
 */
import { OUTBOX_CHANNEL } from '../storage-names.ts';
import type { OutboxEvent, OutboxListener } from './types.ts';

const EVENT_TYPES: ReadonlySet<string> = new Set<OutboxEvent['type']>([
  'OUTBOX_CHANGED',
  'OUTBOX_DELIVERED',
  'OUTBOX_FAILED',
  'OUTBOX_DEFERRED',
  'OUTBOX_PASS_DONE',
]);

function isOutboxEvent(data: unknown): data is OutboxEvent {
  if (typeof data !== 'object' || data === null) return false;
  const { type } = data as { type?: unknown };
  return typeof type === 'string' && EVENT_TYPES.has(type);
}

export interface OutboxNotifier {
  emit(event: OutboxEvent): void;
  /** Returns the function that stops listening. */
  subscribe(listener: OutboxListener): () => void;
  close(): void;
}

/** `channelName: null` keeps events inside this context (tests, benchmarks). */
export function createNotifier(channelName: string | null = OUTBOX_CHANNEL): OutboxNotifier {
  const listeners = new Set<OutboxListener>();
  let channel =
    channelName !== null && typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(channelName) : undefined;
  const deliver = (event: OutboxEvent) => {
    for (const listener of [...listeners]) listener(event);
  };
  const onMessage = (message: MessageEvent<unknown>) => {
    // Another version of the app (a tab not yet updated) may share the channel: pass on only what reads as ours.
    if (isOutboxEvent(message.data)) deliver(message.data);
  };

  return {
    emit(event) {
      deliver(event);
      channel?.postMessage(event);
    },
    subscribe(listener) {
      // Listen on the channel only while someone cares, so an idle context (or Node) is not kept awake.
      if (listeners.size === 0) channel?.addEventListener('message', onMessage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) channel?.removeEventListener('message', onMessage);
      };
    },
    close() {
      listeners.clear();
      channel?.close();
      // A pass still running after its outbox closed (a test, a worker going away) has no one left to tell.
      channel = undefined;
    },
  };
}
