import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chat, fileOf, knowSchedule } from './support/envelopes.ts';
import { startTestPortal, type TestPortal } from './support/test-portal.ts';

let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(async () => {
  await portal.dispose();
});

describe('bodies the server cannot take', () => {
  it('answers 400 to JSON that does not parse', async () => {
    const response = await portal.post('{"action": "know_schedule",');
    expect([response.statusCode, response.body]).toEqual([400, 'The request body is not valid JSON']);
  });

  it('answers 415 to a body that is not JSON', async () => {
    const response = await portal.post('action=know_schedule', { headers: { 'content-type': 'text/plain' } });
    expect([response.statusCode, response.body]).toEqual([
      415,
      'The request must be JSON, sent with Content-Type: application/json',
    ]);
  });

  it('answers 413 with a clear text to a body over 16 MB', async () => {
    const response = await portal.post(chat('big', [fileOf(12.5 * 1024 * 1024)]));
    expect([response.statusCode, response.body]).toEqual([413, 'The request is too large: the limit is 16 MB']);
  });

  it('answers 413 when the attachments add up to more than 10 MB, though the body is under 16 MB', async () => {
    const response = await portal.post(chat('big', [fileOf(6 * 1024 * 1024), fileOf(5 * 1024 * 1024)]));
    expect([response.statusCode, response.body]).toEqual([413, 'Attachments add up to more than 10 MB']);
  });

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
