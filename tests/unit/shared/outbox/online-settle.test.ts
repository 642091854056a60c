import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOnlineSettle } from '../../../../src/shared/outbox/online-settle.ts';
import type { OutboxItem, PassReport } from '../../../../src/shared/outbox/types.ts';

type Head = Pick<OutboxItem, 'state' | 'lastError'>;

const NO_CONNECTION: Head = {
  state: 'queued',
  lastError: { name: 'WebhookError', kind: 'network', message: 'Failed to fetch' },
};
const SERVER_ERROR: Head = {
  state: 'queued',
  lastError: { name: 'WebhookError', kind: 'http', status: 503, message: 'Service Unavailable' },
};

const waiting: PassReport = { delivered: 0, failed: 0, waiting: ['a'], nextAttemptAt: 60_000 };
const delivered: PassReport = { delivered: 1, failed: 0, waiting: [], nextAttemptAt: undefined };

/** A page's outbox as the settle sees it: each pass ends as `passes` says (the last answer repeats). */
function page(passes: PassReport[], items: Head[] = [NO_CONNECTION]) {
  let online = true;
  const drains: number[] = [];
  const settle = createOnlineSettle({
    drain: () => {
      drains.push(Date.now());
      return Promise.resolve(passes[Math.min(drains.length - 1, passes.length - 1)]);
    },
    list: () => Promise.resolve(items),
    online: () => online,
  });
  return {
    drains,
    /** Follows a pass that ended as `report` says, as the start pass or `online`'s is, until no timer is left. */
    async follow(report: PassReport | undefined) {
      settle(Promise.resolve(report));
      await vi.runAllTimersAsync();
    },
    goOffline: () => (online = false),
  };
}

describe('createOnlineSettle', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tries a pass that found no connection while online again after 2, 4, 8 and 16 s, then leaves it to the backoff', async () => {
    const outbox = page([waiting]);
    await outbox.follow(waiting);
    expect(outbox.drains).toEqual([2_000, 6_000, 14_000, 30_000]);
  });

  it('stops once a pass has nothing left waiting', async () => {
    const outbox = page([waiting, delivered]);
    await outbox.follow(waiting);
    expect(outbox.drains).toEqual([2_000, 6_000]);
  });

  it('waits for the next online while the browser says offline', async () => {
    const outbox = page([waiting]);
    outbox.goOffline();
    await outbox.follow(waiting);
    expect(outbox.drains).toEqual([]);
  });

  it('leaves a server that answered with an error to the backoff', async () => {
    const outbox = page([waiting], [SERVER_ERROR]);
    await outbox.follow(waiting);
    expect(outbox.drains).toEqual([]);
  });

  it('follows nothing when no pass was made or nothing waits', async () => {
    const outbox = page([waiting]);
    await outbox.follow(undefined);
    await outbox.follow(delivered);
    expect(outbox.drains).toEqual([]);
  });
});
