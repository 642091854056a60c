import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createThreadPoller,
  POLL_INTERVAL_MS,
  type FetchTrigger,
} from '../../../../src/shared/conversation/fetch-policy.ts';

function setUp(push = false) {
  const page = { visible: true, push };
  const fetched: FetchTrigger[] = [];
  const poller = createThreadPoller((trigger) => fetched.push(trigger), {
    visible: () => page.visible,
    pushOn: () => page.push,
    setInterval: (run, ms) => setInterval(run, ms),
    clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
  });
  return { page, fetched, poller };
}

describe('the thread fetch policy', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fetches when the screen opens, then every 30 s while it is visible', () => {
    const { fetched, poller } = setUp();
    poller.start();
    expect(fetched).toEqual(['opened']);
    vi.advanceTimersByTime(POLL_INTERVAL_MS - 1);
    expect(fetched).toEqual(['opened']);
    vi.advanceTimersByTime(1);
    vi.advanceTimersByTime(POLL_INTERVAL_MS);
    expect(fetched).toEqual(['opened', 'tick', 'tick']);
  });

  it('never fetches while hidden, and fetches at once when visible again', () => {
    const { page, fetched, poller } = setUp();
    poller.start();
    page.visible = false;
    poller.visibilityChanged();
    poller.online();
    poller.sent();
    vi.advanceTimersByTime(POLL_INTERVAL_MS * 5);
    expect(fetched).toEqual(['opened']);
    page.visible = true;
    poller.visibilityChanged();
    expect(fetched).toEqual(['opened', 'visible']);
    vi.advanceTimersByTime(POLL_INTERVAL_MS);
    expect(fetched).toEqual(['opened', 'visible', 'tick']);
  });

  it('stops ticking when the page is hidden without being told', () => {
    const { page, fetched, poller } = setUp();
    poller.start();
    page.visible = false;
    vi.advanceTimersByTime(POLL_INTERVAL_MS * 3);
    expect(fetched).toEqual(['opened']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('fetches when back online or after a message went out, restarting the 30 s', () => {
    const { fetched, poller } = setUp();
    poller.start();
    vi.advanceTimersByTime(20_000);
    poller.online();
    vi.advanceTimersByTime(20_000);
    poller.sent();
    vi.advanceTimersByTime(POLL_INTERVAL_MS - 1);
    expect(fetched).toEqual(['opened', 'online', 'sent']);
    vi.advanceTimersByTime(1);
    expect(fetched).toEqual(['opened', 'online', 'sent', 'tick']);
  });

  it('fetches nothing before the screen opens or after it closes', () => {
    const { fetched, poller } = setUp();
    poller.online();
    poller.start();
    poller.stop();
    poller.visibilityChanged();
    poller.online();
    vi.advanceTimersByTime(POLL_INTERVAL_MS * 2);
    expect(fetched).toEqual(['opened']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('with push on, an hour open fetches once, and again on each push, foreground and connection', () => {
    const { page, fetched, poller } = setUp(true);
    poller.start();
    vi.advanceTimersByTime(60 * 60 * 1000);
    expect(fetched).toEqual(['opened']);
    expect(vi.getTimerCount()).toBe(0);
    poller.pushed();
    page.visible = false;
    poller.visibilityChanged();
    page.visible = true;
    poller.visibilityChanged();
    poller.online();
    poller.sent();
    vi.advanceTimersByTime(60 * 60 * 1000);
    expect(fetched).toEqual(['opened', 'push', 'visible', 'online', 'sent']);
  });

  it.each([
    ['turned on', false, true, ['opened']],
    ['turned off', true, false, ['opened', 'tick', 'tick']],
  ] as const)('polls or stops as push is %s while the screen is open', (_, before, after, expected) => {
    const { page, fetched, poller } = setUp(before);
    poller.start();
    page.push = after;
    poller.pushChanged();
    vi.advanceTimersByTime(POLL_INTERVAL_MS * 2);
    expect(fetched).toEqual(expected);
  });

  it('does not fetch for a push while the page is hidden', () => {
    const { page, fetched, poller } = setUp(true);
    poller.start();
    page.visible = false;
    poller.pushed();
    expect(fetched).toEqual(['opened']);
  });
});
