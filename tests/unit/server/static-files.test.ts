import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../../server/http/security-headers.ts';
import { FAKE_ASSET } from '../../../scripts/portal-process.ts';
import { startTestPortal, type TestPortal } from './support/test-portal.ts';

let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(async () => {
  await portal.dispose();
});

const get = (url: string, headers: Record<string, string> = {}) => portal.app.inject({ method: 'GET', url, headers });

describe('the built app', () => {
  it.each([
    ['/', 'text/html; charset=utf-8', 'no-cache'],
    ['/index.html', 'text/html; charset=utf-8', 'no-cache'],
    ['/sw.js', 'application/javascript; charset=utf-8', 'no-cache'],
    ['/manifest.webmanifest', 'application/manifest+json', 'no-cache'],
    [`/${FAKE_ASSET}`, 'application/javascript; charset=utf-8', 'public, max-age=31536000, immutable'],
  ])('serves %s as %s with Cache-Control %s', async (url, type, cache) => {
    const response = await get(url);
    expect([response.statusCode, response.headers['content-type'], response.headers['cache-control']]).toEqual([
      200,
      type,
      cache,
    ]);
  });

  it.each(['/registered-parent/menu', '/new-to-thrive/book-consult', '/no/such/page?x=1'])(
    'answers the in-app route %s with index.html, not cached',
    async (url) => {
      const response = await get(url, { accept: 'text/html' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    },
  );

  it.each([
    ['a missing hashed asset', '/assets/index-Missing1.js', {}],
    ['a missing hashed asset asked for as a page', '/assets/old-Abc123.css', { accept: 'text/html' }],
    ['a missing file at the top', '/favicon-old.png', {}],
    ['an unknown API path', '/api/other', { accept: 'text/html' }],
  ])('answers 404 in plain text for %s', async (_case, url, headers) => {
    const response = await get(url, headers);
    expect([response.statusCode, response.headers['content-type'], response.body]).toEqual([
      404,
      'text/plain; charset=utf-8',
      'Not found',
    ]);
  });

  it('compresses with brotli or gzip, as the browser asks', async () => {
    const br = await get(`/${FAKE_ASSET}`, { 'accept-encoding': 'br' });
    const gzip = await get(`/${FAKE_ASSET}`, { 'accept-encoding': 'gzip' });
    expect([br.headers['content-encoding'], gzip.headers['content-encoding']]).toEqual(['br', 'gzip']);
  });
});

describe('security headers', () => {
  it.each(['/', '/registered-parent', `/${FAKE_ASSET}`])('come with %s', async (url) => {
    const { headers } = await get(url);
    expect(headers).toMatchObject({
      'content-security-policy': contentSecurityPolicy(undefined),
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    });
  });

  it('come with webhook answers and errors too', async () => {
    const { headers } = await portal.post('{');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['content-security-policy']).toBe(contentSecurityPolicy(undefined));
  });

  it.each(['/%E0%A4%A', '/api/webhook/%', '/%zz'])(
    'come with the plain-text answer to a malformed address, %s',
    async (url) => {
      const response = await get(url);
      expect([response.statusCode, response.headers['content-type'], response.body]).toEqual([
        400,
        'text/plain; charset=utf-8',
        'This address is not valid',
      ]);
      expect(response.headers['content-security-policy']).toBe(contentSecurityPolicy(undefined));
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    },
  );

  it('leave out Strict-Transport-Security when no proxy is trusted, whatever X-Forwarded-Proto says', async () => {
    const { headers } = await get('/', { 'x-forwarded-proto': 'https' });
    expect(headers['strict-transport-security']).toBeUndefined();
  });

  it('forbid inline script, plugins, framing and foreign base URLs', () => {
    const directives = contentSecurityPolicy(undefined).split('; ');
    expect(directives).toEqual(
      expect.arrayContaining([
        "script-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "frame-ancestors 'none'",
      ]),
    );
  });

  it('let the page reach an external webhook named by VITE_WEBHOOK_URL, and nothing else', () => {
    expect(contentSecurityPolicy('https://n8n.example.org').split('; ')).toContain(
      "connect-src 'self' https://n8n.example.org",
    );
  });
});

describe('Strict-Transport-Security behind the trusted proxy', () => {
  let behindProxy: TestPortal;
  beforeAll(async () => {
    // Fastify's inject comes from 127.0.0.1: that is the proxy.
    behindProxy = await startTestPortal({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => {
    await behindProxy.dispose();
  });

  const via = (proto: string, url = '/') =>
    behindProxy.app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': proto } });

  it.each(['/', '/registered-parent', '/%E0%A4%A'])('is sent with %s when the request came over HTTPS', async (url) => {
    expect((await via('https', url)).headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('is sent with webhook answers over HTTPS too', async () => {
    const response = await behindProxy.post('{', {
      headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
    });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('is not sent over plain HTTP', async () => {
    expect((await via('http')).headers['strict-transport-security']).toBeUndefined();
  });

  it('is not sent when an untrusted address claims HTTPS', async () => {
    const response = await behindProxy.app.inject({
      method: 'GET',
      url: '/',
      remoteAddress: '192.0.2.9',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});
