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

describe('know_schedule and the roster', () => {
  it.each([
    ['the 10-digit spelling of the number', { name: 'Test Parent', number: '9000000001' }],
    ['another letter case and extra spaces in the name', { name: '  test   PARENT ', number: '+919000000001' }],
  ])('finds the parent by %s', async (_case, user) => {
    const response = await portal.post(knowSchedule(user));
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['a number not on the roster', { name: 'Test Parent', number: '+919000000099' }],
    ['a roster number with another name', { name: 'Somebody Else', number: '+919000000001' }],
  ])('answers 404 with one generic text for %s, and stores nothing', async (_case, user) => {
    const body = knowSchedule(user);
    const response = await portal.post(body);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe(
      'No schedule is available for these details. Please check them, or contact the programme team.',
    );
    expect(portal.count('SELECT count(*) FROM requests WHERE request_id = ?', body.request_id)).toBe(0);
  });

  it('answers the sentinel for a parent with no sessions left this week', async () => {
    const response = await portal.post(knowSchedule({ name: 'Quiet Parent', number: '9000000002' }));
    expect(response.json()).toEqual({ schedule: 'No sessions found for the rest of this week.' });
  });
});
