import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookConsult, VISITOR } from '../../../support/envelopes.ts';
import { startTestPortal, type TestPortal } from '../../../support/test-portal.ts';

let portal: TestPortal | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await portal?.dispose();
});

const PROXY = '10.0.0.1';
const CLIENT = '203.0.113.50';

/** A request arriving from `peer` with this X-Forwarded-For. */
const via = (peer: string, forwardedFor: string) => ({
  remoteAddress: peer,
  headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
});
/** A request the client sent with a forged X-Forwarded-For, after the proxy appended the address it saw. */
const throughProxy = (forged: string, proxy = PROXY) => via(proxy, `${forged}, ${CLIENT}`);

async function statuses(count: number, options: (i: number) => object): Promise<number[]> {
  const result: number[] = [];
  for (let i = 0; i < count; i += 1) result.push((await portal?.post(bookConsult(), options(i)))?.statusCode ?? 0);
  return result;
}

describe('X-Forwarded-For behind a reverse proxy', () => {
  it('with TRUST_PROXY=true believes one hop, so forged addresses in front of it do not dodge the limit', async () => {
    portal = await startTestPortal({ TRUST_PROXY: 'true', RATE_LIMIT_MAX: '3' });
    expect(await statuses(6, (i) => throughProxy(`198.51.100.${i}`))).toEqual([200, 200, 200, 429, 429, 429]);
  });

  it('with a hop count of 2 takes the address the outer of two proxies saw', async () => {
    portal = await startTestPortal({ TRUST_PROXY: '2', RATE_LIMIT_MAX: '2' });
    const chain = (client: string) => (i: number) => via('10.0.0.2', `198.51.100.${i}, ${client}, ${PROXY}`);
    expect(await statuses(3, chain(CLIENT))).toEqual([200, 200, 429]);
    // Another client behind the same two proxies has a limit of its own.
    expect(await statuses(1, chain('203.0.113.51'))).toEqual([200]);
  });

  it('with a list of proxy addresses believes only those proxies', async () => {
    portal = await startTestPortal({ TRUST_PROXY: `${PROXY}, 10.1.0.0/16`, RATE_LIMIT_MAX: '2' });
    expect(await statuses(3, (i) => throughProxy(`198.51.100.${i}`))).toEqual([200, 200, 429]);
    // Other clients, through that proxy or one of the listed block, have limits of their own.
    expect(await statuses(1, () => via(PROXY, '203.0.113.52'))).toEqual([200]);
    expect(await statuses(1, () => via('10.1.2.3', '203.0.113.53'))).toEqual([200]);
    // A client straight to the server, from an address not on the list: its header is not believed.
    expect(await statuses(3, (i) => via('192.0.2.9', `198.51.100.${i + 10}`))).toEqual([200, 200, 429]);
  });

  it('knows a listed IPv4 proxy when the socket reports it as an IPv4-mapped IPv6 address', async () => {
    portal = await startTestPortal({ TRUST_PROXY: PROXY, RATE_LIMIT_MAX: '2' });
    const mapped = (i: number) => throughProxy(`198.51.100.${i}`, `::ffff:${PROXY}`);
    expect(await statuses(3, mapped)).toEqual([200, 200, 429]);
    expect(await statuses(1, () => via(`::ffff:${PROXY}`, '203.0.113.52'))).toEqual([200]);
  });

  it('without TRUST_PROXY ignores the header and counts the connection’s address', async () => {
    portal = await startTestPortal({ RATE_LIMIT_MAX: '2' });
    expect(await statuses(3, (i) => throughProxy(`198.51.100.${i}`, `192.0.2.${i}`))).toEqual([200, 200, 200]);
  });
});

describe('the per-number limit', () => {
  const forNumber = (number: string) => ({ ...bookConsult(), user: { ...VISITOR, number } });

  it('answers 429 once one number passes it, from however many addresses, while other numbers go on', async () => {
    portal = await startTestPortal({ RATE_LIMIT_PER_NUMBER_MAX: '2', RATE_LIMIT_WINDOW_MS: '60000' });
    const from = (i: number) => ({ remoteAddress: `198.51.100.${i}` });
    const answers = [];
    for (const [i, number] of ['9123456780', '+919123456780', '91234 56780'].entries()) {
      answers.push(await portal.post(forNumber(number.replace(' ', '')), from(i)));
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 429]);
    expect(answers[2]?.body).toBe('Too many requests for this phone number. Please wait a minute and try again.');
    expect(answers[2]?.headers['retry-after']).toBe('60');
    expect((await portal.post(forNumber('9123456781'), from(9))).statusCode).toBe(200);
  });

  it('lets the number in again when its window ends, not a millisecond before', async () => {
    // The clock is the test's, not the machine's: a busy machine cannot let the window run out between two posts.
    vi.useFakeTimers({ toFake: ['Date'] });
    portal = await startTestPortal({ RATE_LIMIT_PER_NUMBER_MAX: '1', RATE_LIMIT_WINDOW_MS: '60000' });
    const opened = Date.now();
    expect((await portal.post(forNumber('9123456780'))).statusCode).toBe(200);
    expect((await portal.post(forNumber('9123456780'))).statusCode).toBe(429);
    vi.setSystemTime(opened + 59_999);
    const late = await portal.post(forNumber('9123456780'));
    expect(late.statusCode).toBe(429);
    expect(late.headers['retry-after']).toBe('1');
    vi.setSystemTime(opened + 60_000);
    expect((await portal.post(forNumber('9123456780'))).statusCode).toBe(200);
  });

  it('is 30 a minute by default', async () => {
    portal = await startTestPortal({ RATE_LIMIT_PER_NUMBER_MAX: '' });
    const answers = await Promise.all(Array.from({ length: 31 }, () => portal?.post(forNumber('9123456780'))));
    expect(answers.filter((answer) => answer?.statusCode === 429)).toHaveLength(1);
  });
});
