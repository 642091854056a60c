import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { LEASE_MS, leaseGuard } from '../../../../src/shared/outbox/guard.ts';
import { createOutboxStore } from '../../../../src/shared/outbox/store.ts';
import type { SendEnvelope } from '../../../../src/shared/outbox/types.ts';
import type { Envelope } from '../../../../src/shared/webhook/types.ts';
import { clock, freshIdb, reschedule, sharedGuards, testOutbox, type GuardKind } from './support.ts';

/** A webhook that holds every answer until the test opens the gate, so two replays surely overlap. */
function gatedWebhook() {
  const sent: Envelope[] = [];
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const send: SendEnvelope = async (envelope) => {
    sent.push(envelope);
    await gate;
    return { status: 200, body: '' };
  };
  return { send, sent, open: () => open() };
}

describe.each<GuardKind>(['Web Locks', 'IndexedDB lease'])('two replayers at once (%s)', (kind) => {
  it('lets only one of two tabs send, and delivers each item exactly once', async () => {
    const guards = sharedGuards(kind);
    const store = createOutboxStore(freshIdb());
    const webhook = gatedWebhook();
    const tabA = testOutbox({ store, send: webhook.send, guard: guards() });
    const tabB = testOutbox({ store, send: webhook.send, guard: guards() });
    const queued = [await tabA.enqueue(reschedule('2026-12-01')), await tabB.enqueue(reschedule('2026-12-02'))];

    const runs = [tabA.replayNow(), tabB.replayNow()];
    // While the winner waits on the webhook, the loser must already have stepped aside.
    expect(await Promise.race(runs)).toEqual({ ran: false });
    await expect.poll(() => webhook.sent.length).toBe(1);
    webhook.open();
    const reports = await Promise.all(runs);

    expect(reports.filter((report) => report.ran)).toEqual([
      { ran: true, delivered: 2, failed: 0, waiting: 0, nextAttemptAt: undefined },
    ]);
    expect(webhook.sent.map(({ request_id }) => request_id)).toEqual(queued.map(({ id }) => id));
    expect(await store.count()).toBe(0);
  });

  it('lets a tab replay again once the other has finished', async () => {
    const guards = sharedGuards(kind);
    const store = createOutboxStore(freshIdb());
    const webhook = gatedWebhook();
    webhook.open();
    const tabA = testOutbox({ store, send: webhook.send, guard: guards() });
    const tabB = testOutbox({ store, send: webhook.send, guard: guards() });
    await tabA.enqueue(reschedule());
    expect(await tabA.replayNow()).toMatchObject({ ran: true, delivered: 1 });
    await tabB.enqueue(reschedule('2026-12-09'));
    expect(await tabB.replayNow()).toMatchObject({ ran: true, delivered: 1 });
  });

  it('keeps two replays in the same tab from overlapping', async () => {
    const webhook = gatedWebhook();
    const outbox = testOutbox({ send: webhook.send, guard: sharedGuards(kind)() });
    await outbox.enqueue(reschedule());
    const runs = [outbox.replayNow(), outbox.replayNow()];
    expect(await Promise.race(runs)).toEqual({ ran: false });
    webhook.open();
    await Promise.all(runs);
    expect(webhook.sent).toHaveLength(1);
  });
});

describe('IndexedDB lease', () => {
  it('frees the replay of a tab that died holding it once the lease has expired', async () => {
    const time = clock();
    const leaseStore = freshIdb('lease');
    const frozenTab = leaseGuard(leaseStore, time.now);
    const otherTab = leaseGuard(leaseStore, time.now);
    let renewFrozen: () => Promise<boolean> = async () => true;
    void frozenTab.run(
      (renew) =>
        new Promise<never>(() => {
          renewFrozen = renew;
        }),
    );
    await expect.poll(() => otherTab.run(async () => 'ran')).toEqual({ ran: false });

    time.advance(LEASE_MS - 1);
    expect(await otherTab.run(async () => 'ran')).toEqual({ ran: false });
    time.advance(1);
    let frozenStillHolds: boolean | undefined;
    expect(
      await otherTab.run(async () => {
        frozenStillHolds = await renewFrozen();
        return 'ran';
      }),
    ).toEqual({ ran: true, value: 'ran' });
    expect(frozenStillHolds).toBe(false);
  });

  it('keeps the lease of a live replay by renewing it before each send', async () => {
    const time = clock();
    const leaseStore = freshIdb('lease');
    const live = leaseGuard(leaseStore, time.now);
    const other = leaseGuard(leaseStore, time.now);
    const outcome = await live.run(async (renew) => {
      time.advance(LEASE_MS - 1);
      expect(await renew()).toBe(true);
      time.advance(LEASE_MS - 1);
      return other.run(async () => 'ran');
    });
    expect(outcome).toEqual({ ran: true, value: { ran: false } });
    expect(await other.run(async () => 'ran')).toEqual({ ran: true, value: 'ran' });
  });
});
