import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../../../server/http/security-headers.ts';
import { startTestPortal, type TestPortal } from '../../../support/test-portal.ts';

const INFO_URL = 'https://programme-info.thrive.test/about';
// The know-more pages as the build writes them, each saying which file it is.
const PAGES = ['new-to-thrive/know-more.html', 'hi/new-to-thrive/know-more.html'];
const pageHtml = (file: string) => `<!doctype html><html><body><div id="root">${file}</div></body></html>`;

async function portalWith(env: Record<string, string>): Promise<TestPortal> {
  const portal = await startTestPortal(env);
  for (const file of PAGES) {
    mkdirSync(dirname(join(portal.config.distDir, file)), { recursive: true });
    writeFileSync(join(portal.config.distDir, file), pageHtml(file));
  }
  return portal;
}

const get = (portal: TestPortal, url: string, method: 'GET' | 'HEAD' = 'GET') =>
  portal.app.inject({ method, url, headers: { accept: 'text/html' } });

describe('the know-more address, with VITE_KNOW_MORE_URL set at start', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await portalWith({ VITE_KNOW_MORE_URL: ` ${INFO_URL} ` });
  });
  afterAll(async () => {
    await portal.dispose();
  });

  it.each([
    ['GET', '/new-to-thrive/know-more'],
    ['GET', '/hi/new-to-thrive/know-more'],
    ['GET', '/new-to-thrive/know-more?utm_source=sms'],
    ['HEAD', '/new-to-thrive/know-more'],
  ] as const)('answers %s %s with a 302 to the information page', async (method, url) => {
    const response = await get(portal, url, method);
    expect([response.statusCode, response.headers.location]).toEqual([302, INFO_URL]);
  });

  it('sends the security headers with the redirect', async () => {
    const { headers } = await get(portal, '/new-to-thrive/know-more');
    expect(headers['content-security-policy']).toBe(contentSecurityPolicy(undefined));
  });

  it('redirects nothing else', async () => {
    const response = await get(portal, '/new-to-thrive/know-more/extra');
    expect(response.statusCode).toBe(404);
  });
});

describe('the know-more address, with no usable VITE_KNOW_MORE_URL', () => {
  it.each([
    ['none is set', {}],
    [
      'it is not an http(s) address, which the page would not follow either',
      { VITE_KNOW_MORE_URL: 'javascript:alert(1)' },
    ],
  ])('is the prerendered page when %s', async (_case, env) => {
    const portal = await portalWith(env);
    try {
      const [english, hindi] = await Promise.all([
        get(portal, '/new-to-thrive/know-more'),
        get(portal, '/hi/new-to-thrive/know-more'),
      ]);
      expect([english.statusCode, english.body, hindi.statusCode, hindi.body]).toEqual([
        200,
        pageHtml('new-to-thrive/know-more.html'),
        200,
        pageHtml('hi/new-to-thrive/know-more.html'),
      ]);
    } finally {
      await portal.dispose();
    }
  });
});
