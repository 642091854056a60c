import { test as base, expect } from '@playwright/test';
import { E2E_DIST } from '../support/build.ts';
import type { RecordingWebhook } from '../support/recording-webhook.ts';
import { serviceWorkersByTag } from '../support/service-worker.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

interface Fixtures {
  server: TestServer;
  webhook: RecordingWebhook;
}

/**
 * Each test gets its own server, so its own origin: service worker, storage
 * and webhook recordings never leak from one test into another. A webhook
 * request that no test scripted fails the test. The service worker is let in
 * only for a test or group tagged SERVICE_WORKER.
 */
export const test = base.extend<Fixtures>({
  serviceWorkers: serviceWorkersByTag,
  server: async ({}, use) => {
    const server = await startTestServer(E2E_DIST);
    await use(server);
    await server.close();
  },
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
  webhook: async ({ server }, use, testInfo) => {
    await use(server.webhook);
    server.webhook.releaseAll();
    // A failure says what reached the webhook and what it answered, so a send that never arrived shows as such.
    // As text: the list reporter prints only a body attachment whose type is text/*, and CI keeps only its log.
    if (testInfo.status !== testInfo.expectedStatus) {
      const heard = [...server.webhook.requests, ...server.webhook.unexpected].map(
        ({ body, receivedAt, answered }) => ({
          action: (body as { action?: unknown } | undefined)?.action,
          request_id: (body as { request_id?: unknown } | undefined)?.request_id,
          receivedAt,
          answered,
        }),
      );
      await testInfo.attach('webhook requests', {
        body: JSON.stringify(heard, null, 2),
        contentType: 'text/plain',
      });
    }
    expect(server.webhook.unexpected, 'webhook requests nobody scripted').toEqual([]);
  },
});

export { expect };
