import { describe, expect, it } from 'vitest';
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

const waiting = (...ids: string[]): PassReport => ({ delivered: 0, failed: 0, waiting: ids, nextAttemptAt: 60_000 });
const delivered: PassReport = { delivered: 1, failed: 0, waiting: [], nextAttemptAt: undefined };

/**
 * A page's outbox seen by the settle: every pass ends as `passes` says (the last answer repeats), its items stand as
 * `items` says, and the clock moves only when the test runs the next timer.
 */
function harness(passes: PassReport[], items: Head[] = [NO_CONNECTION]) {
  let online = true;
  let now = 0;
  const drains: number[] = [];
  const timers: { at: number; run: () => void }[] = [];
  const settle = createOnlineSettle({
    drain: () => {
      drains.push(now);
      return Promise.resolve(passes[Math.min(drains.length - 1, passes.length - 1)]);
    },
    list: () => Promise.resolve(items),
    online: () => online,
    setTimer: (run, ms) => timers.push({ at: now + ms, run }),
  });
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    drains,
    /** Follows a pass that ended as `report` says, as the start pass or `online`'s would be. */
    async follow(report: PassReport | undefined) {
      settle(Promise.resolve(report));
      await settled();
    },
    /** Runs every timer set, one after another, each at its moment; returns when none is left. */
    async runTimers() {
      for (let timer = timers.shift(); timer; timer = timers.shift()) {
        now = timer.at;
        timer.run();
        await settled();
      }
    },
    goOffline: () => (online = false),
  };
}

describe('createOnlineSettle', () => {
  it('tries a pass that found no connection while online again after 2, 4, 8 and 16 s, then leaves it to the backoff', async () => {
    const page = harness([waiting('a')]);
    await page.follow(waiting('a'));
    await page.runTimers();
    expect(page.drains).toEqual([2_000, 6_000, 14_000, 30_000]);
  });

  it('stops once a pass has nothing left waiting', async () => {
    const page = harness([waiting('a'), delivered]);
    await page.follow(waiting('a'));
    await page.runTimers();
    expect(page.drains).toEqual([2_000, 6_000]);
  });

  it('waits for the next online while the browser says offline', async () => {
    const page = harness([waiting('a')]);
    page.goOffline();
    await page.follow(waiting('a'));
    await page.runTimers();
    expect(page.drains).toEqual([]);
  });

  it('leaves a server that answered with an error to the backoff', async () => {
    const page = harness([waiting('a')], [SERVER_ERROR]);
    await page.follow(waiting('a'));
    await page.runTimers();
    expect(page.drains).toEqual([]);
  });

  it('follows nothing when no pass was made or nothing waits', async () => {
    const page = harness([waiting('a')]);
    await page.follow(undefined);
    await page.follow(delivered);
    await page.runTimers();
    expect(page.drains).toEqual([]);
  });
});
