import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerText } from '../../../../server/contract/texts.ts';
import { bookConsult } from '../../../support/envelopes.ts';
import { startTestPortal, type TestPortal } from '../../../support/test-portal.ts';

let portal: TestPortal | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await portal?.dispose();
});

const from = (remoteAddress: string) => ({ remoteAddress });

describe('the per-IP rate limit on the webhook', () => {
  it('answers 429 in plain text once one address passes the limit, while another address goes on', async () => {
    portal = await startTestPortal({ RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000' });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await portal.post(bookConsult(), from('203.0.113.7'))).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);

    const limited = await portal.post(bookConsult(), from('203.0.113.7'));
    expect(limited.body).toBe('Too many requests from this address. Please wait a minute and try again.');
    expect(limited.headers['retry-after']).toBe('60');
    expect((await portal.post(bookConsult(), from('198.51.100.2'))).statusCode).toBe(200);
    expect(portal.count('SELECT count(*) FROM requests')).toBe(4);
  });

  it("answers in the portal's language, which the request names in Accept-Language as its body is not read", async () => {
    portal = await startTestPortal({ RATE_LIMIT_MAX: '1', RATE_LIMIT_WINDOW_MS: '60000' });
    const json = { 'content-type': 'application/json' };
    const inHindi = { ...from('203.0.113.9'), headers: { ...json, 'accept-language': 'hi' } };
    expect((await portal.post(bookConsult(), inHindi)).statusCode).toBe(200);
    const limited = await portal.post(bookConsult(), inHindi);
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toBe(answerText('hi', 'tooManyRequests'));
    const inEnglish = await portal.post(bookConsult(), {
      ...inHindi,
      headers: { ...json, 'accept-language': 'en-IN,hi;q=0.9' },
    });
    expect(inEnglish.body).toBe(answerText('en', 'tooManyRequests'));
  });

  it('lets the address in again when its window ends, not a millisecond before', async () => {
    // The clock is the test's, not the machine's: a busy machine cannot let the window run out between two posts.
    vi.useFakeTimers({ toFake: ['Date'] });
    portal = await startTestPortal({ RATE_LIMIT_MAX: '1', RATE_LIMIT_WINDOW_MS: '60000' });
    const opened = Date.now();
    expect((await portal.post(bookConsult(), from('203.0.113.8'))).statusCode).toBe(200);
    expect((await portal.post(bookConsult(), from('203.0.113.8'))).statusCode).toBe(429);
    vi.setSystemTime(opened + 59_999);
    expect((await portal.post(bookConsult(), from('203.0.113.8'))).statusCode).toBe(429);
    vi.setSystemTime(opened + 60_000);
    expect((await portal.post(bookConsult(), from('203.0.113.8'))).statusCode).toBe(200);
  });

  it('does not limit the app files', async () => {
    portal = await startTestPortal({ RATE_LIMIT_MAX: '1' });
    const pages = await Promise.all(Array.from({ length: 5 }, () => portal?.app.inject({ url: '/' })));
    expect(pages.map((page) => page?.statusCode)).toEqual([200, 200, 200, 200, 200]);
  });

  it('is off with RATE_LIMIT_MAX=0, for benchmarks and browser suites', async () => {
    portal = await startTestPortal({ RATE_LIMIT_MAX: '0' });
    const answers = await Promise.all(Array.from({ length: 50 }, () => portal?.post(bookConsult())));
    expect(answers.every((answer) => answer?.statusCode === 200)).toBe(true);
  });

  it('limits a parent’s thread files the same way, per address', async () => {
    portal = await startTestPortal({ RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000' });
    const get = (remoteAddress: string) =>
      portal?.app.inject({ url: '/api/thread/1/files/0', remoteAddress, headers: { authorization: 'Bearer x' } });
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await get('203.0.113.7'))?.statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = await get('203.0.113.7');
    expect([limited?.body, limited?.headers['retry-after']]).toEqual([
      'Too many requests from this address. Please wait a minute and try again.',
      '60',
    ]);
    expect((await get('198.51.100.2'))?.statusCode).toBe(401);
  });
});
