import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.ts';

describe('loadConfig', () => {
  it('defaults to port 8080 on loopback, ./data/portal.db and a rate limit of 120 a minute', () => {
    expect(loadConfig({}, '/srv/thrive')).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databasePath: '/srv/thrive/data/portal.db',
      rateLimitMax: 120,
      rateLimitWindowMs: 60_000,
      trustProxy: false,
      webhookOrigin: undefined,
    });
  });

  it('reads PORT, HOST, DATABASE_PATH, RATE_LIMIT_MAX and TRUST_PROXY', () => {
    const config = loadConfig(
      { PORT: '9000', HOST: '0.0.0.0', DATABASE_PATH: 'db/x.db', RATE_LIMIT_MAX: '0', TRUST_PROXY: 'true' },
      '/srv',
    );
    expect(config).toMatchObject({ port: 9000, host: '0.0.0.0', databasePath: '/srv/db/x.db', rateLimitMax: 0 });
    expect(config.trustProxy).toBe(true);
  });

  it.each([
    ['/api/webhook', undefined],
    ['https://n8n.example.org/webhook/abc', 'https://n8n.example.org'],
  ])('takes the CSP origin of VITE_WEBHOOK_URL %s as %s', (url, origin) => {
    expect(loadConfig({ VITE_WEBHOOK_URL: url }).webhookOrigin).toBe(origin);
  });

  it.each([
    ['PORT', 'eighty', 'PORT must be a whole number from 0 to 65535, got "eighty"'],
    ['PORT', '70000', 'PORT must be a whole number from 0 to 65535, got "70000"'],
    ['RATE_LIMIT_MAX', '-1', 'RATE_LIMIT_MAX must be a whole number from 0 to 1000000, got "-1"'],
    ['VITE_WEBHOOK_URL', 'n8n:webhook', 'VITE_WEBHOOK_URL must be a path or an http(s) URL, got "n8n:webhook"'],
  ])('refuses %s=%s with a message naming it', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
});
