import type { Outbox } from './outbox.ts';

/**
 * For the worker's `sync` event (tag OUTBOX_SYNC_TAG): rejecting asks the
 * browser to fire the sync again later, which is wanted only while items are
 * still queued. When a tab holds the replay, that tab finishes the work.
 */
export async function replayForBackgroundSync(outbox: Pick<Outbox, 'replayNow'>): Promise<void> {
  const report = await outbox.replayNow();
  if (report.ran && report.waiting > 0) throw new Error(`${report.waiting} outbox item(s) still waiting`);
}
