import { test as base, expect } from '@playwright/test';
import { E2E_DIST } from '../support/build.ts';
import type { RecordingWebhook } from '../support/recording-webhook.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

interface Fixtures {
  server: TestServer;
  webhook: RecordingWebhook;
}

/**
 * Each test gets its own server, so its own origin: service worker, storage
 * and webhook recordings never leak from one test into another. A webhook
 * request that no test scripted fails the test.
 */
export const test = base.extend<Fixtures>({
  server: async ({}, use) => {
    const server = await startTestServer(E2E_DIST);
    await use(server);
    await server.close();
  },
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
  webhook: async ({ server }, use) => {
    await use(server.webhook);
    server.webhook.releaseAll();
    expect(server.webhook.unexpected, 'webhook requests nobody scripted').toEqual([]);
  },
});

export { expect };
