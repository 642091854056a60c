import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowSchedule } from '../../../support/envelopes.ts';
import { startTestPortal, type TestPortal } from '../../../support/test-portal.ts';

let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(async () => {
  await portal.dispose();
});

describe('what is not a webhook request', () => {
  it('answers 405 to a GET of the webhook', async () => {
    const response = await portal.app.inject({ method: 'GET', url: '/api/webhook' });
    expect([response.statusCode, response.headers.allow, response.body]).toEqual([
      405,
      'POST',
      'Send the webhook a POST request',
    ]);
  });

  it('never sends a stack trace when something breaks inside', async () => {
    portal.db.exec('ALTER TABLE requests RENAME TO requests_moved');
    try {
      const response = await portal.post(knowSchedule());
      expect([response.statusCode, response.body]).toEqual([
        500,
        'Something went wrong on our side. Please try again in a moment.',
      ]);
    } finally {
      portal.db.exec('ALTER TABLE requests_moved RENAME TO requests');
    }
  });
});
