import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.ts';

describe('loadConfig', () => {
  it('defaults to port 8080 on loopback, ./data/portal.db, limits of 120 a minute per address and 30 per number, no proxy and 180 days', () => {
    expect(loadConfig({}, '/srv/thrive')).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databasePath: '/srv/thrive/data/portal.db',
      rateLimitMax: 120,
      rateLimitPerNumberMax: 30,
      rateLimitWindowMs: 60_000,
      trustProxy: false,
      retentionDays: 180,
      webhookOrigin: undefined,
      knowMoreUrl: undefined,
    });
  });

  it('reads PORT, HOST, DATABASE_PATH, RATE_LIMIT_MAX, RATE_LIMIT_PER_NUMBER_MAX and RETENTION_DAYS', () => {
    const config = loadConfig(
      {
        PORT: '9000',
        HOST: '0.0.0.0',
        DATABASE_PATH: 'db/x.db',
        RATE_LIMIT_MAX: '0',
        RATE_LIMIT_PER_NUMBER_MAX: '5',
        RETENTION_DAYS: '30',
      },
      '/srv',
    );
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      databasePath: '/srv/db/x.db',
      rateLimitMax: 0,
      rateLimitPerNumberMax: 5,
      retentionDays: 30,
    });
  });

  it.each([
    ['', false],
    ['false', false],
    ['0', false],
    ['true', 1],
    ['YES', 1],
    ['1', 1],
    ['3', 3],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.1, 10.1.0.0/16, ::1, fd00::/8', ['10.0.0.1', '10.1.0.0/16', '::1', 'fd00::/8']],
  ])('reads TRUST_PROXY=%j as %j', (raw, trust) => {
    expect(loadConfig({ TRUST_PROXY: raw, DEMO: '1' }).trustProxy).toEqual(trust);
  });

  it.each([
    ['/api/webhook', undefined],
    ['https://n8n.example.org/webhook/abc', 'https://n8n.example.org'],
  ])('takes the CSP origin of VITE_WEBHOOK_URL %s as %s', (url, origin) => {
    expect(loadConfig({ VITE_WEBHOOK_URL: url }).webhookOrigin).toBe(origin);
  });

  it.each([
    ['https://programme-info.thrive.test/about', 'https://programme-info.thrive.test/about'],
    ['programme-info.thrive.test/about', undefined],
  ])("reads VITE_KNOW_MORE_URL %s by the page's rule as %s", (url, knowMoreUrl) => {
    expect(loadConfig({ VITE_KNOW_MORE_URL: url }).knowMoreUrl).toBe(knowMoreUrl);
  });

  it.each([
    ['PORT', 'eighty', 'PORT must be a whole number from 0 to 65535, got "eighty"'],
    ['PORT', '70000', 'PORT must be a whole number from 0 to 65535, got "70000"'],
    ['RATE_LIMIT_MAX', '-1', 'RATE_LIMIT_MAX must be a whole number from 0 to 1000000, got "-1"'],
    [
      'RATE_LIMIT_PER_NUMBER_MAX',
      'many',
      'RATE_LIMIT_PER_NUMBER_MAX must be a whole number from 0 to 1000000, got "many"',
    ],
    ['RETENTION_DAYS', '0', 'RETENTION_DAYS must be a whole number from 1 to 36500, got "0"'],
    ...['11', 'proxy.example.org', '10.0.0.0/33', '10.0.0.1/8/1'].map((value) => [
      'TRUST_PROXY',
      value,
      `TRUST_PROXY must be true, a number of proxy hops from 1 to 10, or a comma-separated list of proxy addresses (IP or CIDR), got "${value}"`,
    ]),
    ['VITE_WEBHOOK_URL', 'n8n:webhook', 'VITE_WEBHOOK_URL must be a path or an http(s) URL, got "n8n:webhook"'],
  ])('refuses %s=%s with a message naming it', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('keeps the spec’s sign-in and the demo mode for codes unless told otherwise', () => {
    expect(loadConfig({}, '/srv')).toMatchObject({
      requireCodeAtSignIn: false,
      codeWebhookUrl: undefined,
      codeWebhookToken: undefined,
      portalHost: undefined,
    });
    expect(
      loadConfig(
        {
          REQUIRE_CODE_AT_SIGN_IN: '1',
          CODE_WEBHOOK_URL: 'https://sms.example.org/send',
          CODE_WEBHOOK_TOKEN: ' secret ',
          PORTAL_HOST: 'Portal.Thrive.org',
        },
        '/srv',
      ),
    ).toMatchObject({
      requireCodeAtSignIn: true,
      codeWebhookUrl: 'https://sms.example.org/send',
      codeWebhookToken: 'secret',
      portalHost: 'portal.thrive.org',
    });
  });

  it.each([
    [{ REQUIRE_CODE_AT_SIGN_IN: 'maybe' }, 'REQUIRE_CODE_AT_SIGN_IN must be 1 or 0, got "maybe"'],
    [
      { CODE_WEBHOOK_URL: 'ftp://sms.example.org' },
      'CODE_WEBHOOK_URL must be an http(s) URL, got "ftp://sms.example.org"',
    ],
    [{ PORTAL_HOST: 'https://portal.thrive.org' }, 'PORTAL_HOST must be a host name such as portal.example.org'],
    [{ PORTAL_HOST: 'portal.thrive.org:8080' }, 'PORTAL_HOST must be a host name such as portal.example.org'],
    [
      { CODE_WEBHOOK_URL: 'https://sms.example.org/send' },
      'PORTAL_HOST must be set when CODE_WEBHOOK_URL is: the code message ends with the Web OTP line ' +
        '"@host #code", and its host is never taken from a request (a forged Host header would name any site). ' +
        "Set it to the portal's host name, such as portal.example.org.",
    ],
    [
      { TRUST_PROXY: 'true' },
      'A server behind a proxy (TRUST_PROXY) with no CODE_WEBHOOK_URL would write every sign-in code to its log, ' +
        'where whoever reads the log could verify any parent’s phone. Set CODE_WEBHOOK_URL (and PORTAL_HOST) to ' +
        'send codes by SMS, or DEMO=1 to run the demo mode on purpose.',
    ],
    [{ DEMO: 'yes please' }, 'DEMO must be 1 or 0, got "yes please"'],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env, '/srv')).toThrow(message);
  });

  it('runs the demo mode behind a proxy only when DEMO=1 says so', () => {
    expect(loadConfig({ TRUST_PROXY: 'true', DEMO: '1' }, '/srv')).toMatchObject({ trustProxy: 1, demo: true });
    expect(loadConfig({}, '/srv')).toMatchObject({ trustProxy: false, demo: false });
    const gateway = { CODE_WEBHOOK_URL: 'https://sms.example.org/send', PORTAL_HOST: 'portal.thrive.org' };
    expect(loadConfig({ TRUST_PROXY: 'true', ...gateway }, '/srv')).toMatchObject({ demo: false });
  });
});
