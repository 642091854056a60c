import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { LEASE_MS, leaseGuard } from '../../../../src/shared/outbox/guard.ts';
import { createNotifier } from '../../../../src/shared/outbox/notify.ts';
import { createOutboxStore } from '../../../../src/shared/outbox/store.ts';
import type { SendEnvelope, WireEnvelope } from '../../../../src/shared/outbox/types.ts';
import { clock, freshIdb, reschedule, sharedGuards, stored, testOutbox, type GuardKind } from './support.ts';

/** A webhook that holds every answer until the test opens the gate, and notes any overlap of two sends. */
function gatedWebhook() {
  const sent: WireEnvelope[] = [];
  let inFlight = 0;
  let mostAtOnce = 0;
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const send: SendEnvelope = async (envelope) => {
    sent.push(envelope);
    inFlight += 1;
    mostAtOnce = Math.max(mostAtOnce, inFlight);
    await gate;
    inFlight -= 1;
    return { status: 200, body: '' };
  };
  return { send, sent, open: () => open(), mostAtOnce: () => mostAtOnce };
}

describe.each<GuardKind>(['Web Locks', 'IndexedDB lease'])('two senders at once (%s)', (kind) => {
  it('lets one tab send at a time, the other waiting its turn, and delivers each item exactly once', async () => {
    const guards = sharedGuards(kind);
    const store = createOutboxStore(freshIdb());
    const webhook = gatedWebhook();
    const tabA = testOutbox({ store, send: webhook.send, guard: guards() });
    const tabB = testOutbox({ store, send: webhook.send, guard: guards() });
    const queued = [await stored(store, reschedule('2026-12-01')), await stored(store, reschedule('2026-12-02'))];

    const passes = [tabA.drain(), tabB.drain()];
    // While the first pass waits on the webhook, the second must not have sent anything.
    await expect.poll(() => webhook.sent.length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(webhook.sent).toHaveLength(1);
    webhook.open();
    const reports = await Promise.all(passes);

    expect(reports.map((report) => report?.delivered).sort()).toEqual([0, 2]);
    expect(webhook.sent.map(({ request_id }) => request_id)).toEqual(queued.map(({ id }) => id));
    expect(webhook.mostAtOnce()).toBe(1);
    expect(await store.count()).toBe(0);
  });

  it('sends a request stored while another tab’s pass is finishing: the waiting pass finds it', async () => {
    const guards = sharedGuards(kind);
    const store = createOutboxStore(freshIdb());
    const webhook = gatedWebhook();
    // Tabs of one origin hear each other's outcomes over the outbox's channel.
    const channel = `test-outbox-${crypto.randomUUID()}`;
    const tabA = testOutbox({ store, send: webhook.send, guard: guards(), notifier: createNotifier(channel) });
    const tabB = testOutbox({ store, send: webhook.send, guard: guards(), notifier: createNotifier(channel) });
    await stored(store, reschedule('2026-12-01'));
    const first = tabA.drain();
    await expect.poll(() => webhook.sent.length).toBe(1);
    const late = reschedule('2026-12-02');
    const submitted = tabB.submit(late);
    webhook.open();
    await first;
    expect(await submitted).toEqual({ status: 'sent', body: '' });
    expect(webhook.sent.map(({ request_id }) => request_id)).toContain(late.request_id);
    tabA.close();
    tabB.close();
  });
});

describe('IndexedDB lease', () => {
  it('frees the lease of a tab that died holding it once it has expired, and a waiting pass then runs', async () => {
    const time = clock();
    const leaseStore = freshIdb('lease');
    const frozenTab = leaseGuard(leaseStore, time.now);
    const otherTab = leaseGuard(leaseStore, time.now);
    let renewFrozen: () => Promise<boolean> = async () => true;
    let frozenHolds = false;
    void frozenTab.run(
      (renew) =>
        new Promise<never>(() => {
          renewFrozen = renew;
          frozenHolds = true;
        }),
    );
    await expect.poll(() => frozenHolds).toBe(true);

    let ran = false;
    const waiting = otherTab.run(async () => {
      ran = true;
      return renewFrozen();
    });
    time.advance(LEASE_MS - 1);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(ran).toBe(false);
    time.advance(1);
    // The frozen tab, should it wake, learns it no longer holds the lease and sends nothing more.
    expect(await waiting).toBe(false);
    expect(ran).toBe(true);
  });

  it('keeps the lease of a live pass by renewing it before each send', async () => {
    const time = clock();
    const leaseStore = freshIdb('lease');
    const live = leaseGuard(leaseStore, time.now);
    const other = leaseGuard(leaseStore, time.now);
    let otherRan = false;
    const outcome = await live.run(async (renew) => {
      time.advance(LEASE_MS - 1);
      expect(await renew()).toBe(true);
      time.advance(LEASE_MS - 1);
      const waiting = other.run(async () => {
        otherRan = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 600));
      return { otherRanMeanwhile: otherRan, waiting };
    });
    expect(outcome.otherRanMeanwhile).toBe(false);
    await outcome.waiting;
    expect(otherRan).toBe(true);
  });
});
