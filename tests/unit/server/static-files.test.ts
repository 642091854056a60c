import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_SCRIPT_SOURCE } from '../../../server/http/boot-script.ts';
import { contentSecurityPolicy } from '../../../server/http/security-headers.ts';
import { FAKE_ASSET, startTestPortal, type TestPortal } from './support/test-portal.ts';

// Prerendered pages as the build writes them (scripts/prerender.ts), each saying which file it is.
const PAGES = ['registered-parent.html', 'registered-parent/menu.html', 'new-to-thrive/book-consult.html', '404.html'];
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
      'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    });
  });

  it('come with webhook answers and errors too', async () => {
    const { headers } = await portal.post('{');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['content-security-policy']).toBe(contentSecurityPolicy(undefined));
  });

  it("forbid inline script but the pages' boot script, plugins, framing and foreign base URLs", () => {
    const directives = contentSecurityPolicy(undefined).split('; ');
    expect(directives).toEqual(
      expect.arrayContaining([
        `script-src 'self' ${BOOT_SCRIPT_SOURCE}`,
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
