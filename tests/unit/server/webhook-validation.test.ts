import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chat,
  envelope,
  fileOf,
  knowSchedule,
  rescheduleRange,
  rescheduleSingle,
  TEST_PARENT,
} from './support/envelopes.ts';
import { startTestPortal, type TestPortal } from './support/test-portal.ts';

let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(async () => {
  await portal.dispose();
});

const withUser = (user: unknown) => ({ ...knowSchedule(), user });
const without = (field: string) => Object.fromEntries(Object.entries(knowSchedule()).filter(([key]) => key !== field));

describe('a request that breaks the contract or the rules gets a 400 with a plain-text reason', () => {
  it.each([
    ['an unknown action', { ...knowSchedule(), action: 'delete_everything' }, 'Unknown action "delete_everything"'],
    ['no action', without('action'), 'The request has no action'],
    ['no user', without('user'), 'The request has no user, or the user is not an object with a name and a number'],
    [
      'a user that is a string',
      withUser('Asha'),
      'The request has no user, or the user is not an object with a name and a number',
    ],
    ['a user without a number', withUser({ name: 'Asha' }), 'Name and phone number are required'],
    ['a blank name', withUser({ name: '   ', number: '9876543210' }), 'Name and phone number are required'],
    [
      'a 9-digit phone',
      withUser({ name: 'Asha', number: '987654321' }),
      'Please enter a valid phone number (10 digits or E.164 format)',
    ],
    [
      'a 10-digit phone starting with 5',
      withUser({ name: 'Asha', number: '5876543210' }),
      'Please enter a valid phone number (10 digits or E.164 format)',
    ],
    [
      'an E.164 phone with a leading 0',
      withUser({ name: 'Asha', number: '+0919876543210' }),
      'Please enter a valid phone number (10 digits or E.164 format)',
    ],
    [
      'an unexpected field in the user',
      withUser({ ...TEST_PARENT, email: 'a@b.c' }),
      'Unexpected field "email" in user',
    ],
    ['an unexpected top-level field', { ...knowSchedule(), debug: true }, 'Unexpected field "debug" in the request'],
    ['an empty chat message', chat('', []), 'Please enter a message'],
    ['a chat message of spaces', chat('    ', []), 'Please enter a message'],
    ['a chat message of 501 characters', chat('a'.repeat(501), []), 'Message must be 500 characters or less'],
    [
      'a 500-character message of emoji halves, over 500 as the portal counts',
      chat('😀'.repeat(251), []),
      'Message must be 500 characters or less',
    ],
    [
      'a PDF attachment',
      chat('hi', [fileOf(10, 'application/pdf', 'report.pdf')]),
      'report.pdf is not a valid file type',
    ],
    [
      'base64 that does not decode',
      chat('hi', [{ filename: 'a.png', mimetype: 'image/png', content: 'not base64!' }]),
      'a.png could not be read: its content is not valid base64',
    ],
    [
      'base64 without its padding',
      chat('hi', [{ filename: 'a.png', mimetype: 'image/png', content: 'YWJjZA' }]),
      'a.png could not be read: its content is not valid base64',
    ],
    [
      'a date that is not a date',
      rescheduleSingle('2026-02-30'),
      'Dates must be real calendar days written YYYY-MM-DD',
    ],
    ['a date in another format', rescheduleSingle('27/11/2026'), 'Dates must be real calendar days written YYYY-MM-DD'],
    [
      'a date in the past',
      rescheduleSingle('2026-11-24'),
      '24 Nov 2026 is in the past: please choose today or a later date',
    ],
    [
      'a range starting in the past',
      rescheduleRange('2026-11-20', '2026-11-27'),
      '20 Nov 2026 is in the past: please choose today or a later date',
    ],
    [
      'a range ending before it starts',
      rescheduleRange('2026-11-28', '2026-11-27'),
      'The end date is before the start date',
    ],
    [
      'a reschedule without a payload',
      { ...rescheduleSingle(), payload: undefined },
      'Missing field "payload" in the request',
    ],
    [
      'a range without its end',
      envelope('reschedule_range', { start_date: '2026-11-27' } as never),
      'Missing field "end_date" in payload',
    ],
    [
      'know_schedule with payload content',
      envelope('know_schedule', { week: 2 } as never),
      'Invalid payload: must NOT have more than 0 properties',
    ],
    [
      'a timestamp without an offset',
      { ...knowSchedule(), timestamp_ist: '2026-11-25T12:00:00' },
      'timestamp_ist must be an ISO 8601 date and time with its offset',
    ],
    ['a request_id that is not a UUID', { ...knowSchedule(), request_id: '42' }, 'request_id must be a UUID'],
    ['no request_id', without('request_id'), 'Missing field "request_id" in the request'],
    ['a JSON array', [knowSchedule()], 'The request must be a JSON object'],
  ])('%s', async (_case, body, reason) => {
    const response = await portal.post(body);
    expect({ status: response.statusCode, type: response.headers['content-type'], text: response.body }).toEqual({
      status: 400,
      type: 'text/plain; charset=utf-8',
      text: reason,
    });
  });

  it('stores none of them', () => {
    expect(portal.count('SELECT count(*) FROM requests')).toBe(0);
  });
});
