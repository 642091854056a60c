import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOOT_SCRIPT_SOURCE,
  contentSecurityPolicy,
  LOCALE_SCRIPT_SOURCE,
} from '../../../../server/http/security-headers.ts';
import { FAKE_ASSET } from '../../../../bench/support/portal-process.ts';
import { startTestPortal, type TestPortal } from '../../../support/test-portal.ts';

// Prerendered pages as the build writes them (build/prerender.ts), each saying which file it is.
const PAGES = [
  'registered-parent.html',
  'registered-parent/menu.html',
  'new-to-thrive/book-consult.html',
  '404.html',
  'hi.html',
  'hi/registered-parent/menu.html',
  'hi/404.html',
];
const pageHtml = (file: string) => `<!doctype html><html><body><div id="root">${file}</div></body></html>`;

let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
  for (const file of PAGES) {
    mkdirSync(dirname(join(portal.config.distDir, file)), { recursive: true });
    writeFileSync(join(portal.config.distDir, file), pageHtml(file));
  }
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

  it.each([
    ['/registered-parent', 'registered-parent.html'],
    ['/registered-parent/', 'registered-parent.html'],
    ['/registered-parent/menu', 'registered-parent/menu.html'],
    ['/new-to-thrive/book-consult?utm_source=sms', 'new-to-thrive/book-consult.html'],
    ['/hi', 'hi.html'],
    ['/hi/', 'hi.html'],
    ['/hi/registered-parent/menu', 'hi/registered-parent/menu.html'],
  ])('answers %s with its prerendered page %s, not cached', async (url, file) => {
    const response = await get(url, { accept: 'text/html' });
    expect([response.statusCode, response.headers['content-type'], response.headers['cache-control']]).toEqual([
      200,
      'text/html; charset=utf-8',
      'no-cache',
    ]);
    expect(response.body).toBe(pageHtml(file));
  });

  it.each([
    ['an unknown page', '/no/such/page?x=1', {}],
    ['an unknown page below a prerendered one', '/registered-parent/menu/extra', {}],
    ['a path that tries to leave the build', '/registered-parent/../../etc/passwd', {}],
    ['a missing file asked for as a page', '/old-page.php', { accept: 'text/html' }],
  ])('answers %s with the 404 page and status 404, not cached', async (_case, url, headers) => {
    const response = await get(url, headers);
    expect([response.statusCode, response.headers['content-type'], response.headers['cache-control']]).toEqual([
      404,
      'text/html; charset=utf-8',
      'no-cache',
    ]);
    expect(response.body).toBe(pageHtml('404.html'));
  });

  it('answers an unknown Hindi address with the Hindi 404 page', async () => {
    const response = await get('/hi/no/such/page', { accept: 'text/html' });
    expect([response.statusCode, response.body]).toEqual([404, pageHtml('hi/404.html')]);
  });

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
  it.each(['/', '/registered-parent', '/no/such/page', `/${FAKE_ASSET}`])('come with %s', async (url) => {
    const { headers } = await get(url);
    expect(headers).toMatchObject({
      'content-security-policy': contentSecurityPolicy(undefined),
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      // The microphone for voice notes, from the portal's own pages only; nothing else.
      'permissions-policy': 'camera=(), microphone=(self), geolocation=(), payment=(), usb=()',
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

  it("forbid inline script but the pages' boot script, plugins, framing and foreign base URLs", () => {
    const directives = contentSecurityPolicy(undefined).split('; ');
    expect(directives).toEqual(
      expect.arrayContaining([
        `script-src 'self' ${LOCALE_SCRIPT_SOURCE} ${BOOT_SCRIPT_SOURCE}`,
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
