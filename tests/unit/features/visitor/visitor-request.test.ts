import { describe, expect, it } from 'vitest';
import {
  missingFields,
  successText,
  toVisitorEnvelope,
  type VisitorFields,
} from '../../../../src/features/visitor/visitor-request.ts';

const filled: VisitorFields = { name: 'Asha', phone: '9876543210', preferredTimes: '', message: '' };

describe('missingFields', () => {
  it.each([
    ['nothing when name and phone have text', filled, []],
    ['the name when it is empty', { ...filled, name: '' }, ['name']],
    ['the name when it is only spaces', { ...filled, name: '   ' }, ['name']],
    ['the phone when it is only spaces', { ...filled, phone: ' \t ' }, ['phone']],
    ['both, name first, when both are empty', { ...filled, name: '', phone: '' }, ['name', 'phone']],
    ['nothing for a phone in no known format, as the spec checks none here', { ...filled, phone: 'call me' }, []],
  ])('reports %s', (_case, fields, expected) => {
    expect(missingFields(fields)).toEqual(expected);
  });
});

describe('toVisitorEnvelope', () => {
  const at = new Date('2026-03-02T04:30:00.000Z');
  const requestId = '00000000-0000-4000-8000-000000000000';

  it.each(['book_consult', 'schedule_call'] as const)('builds the exact %s envelope with trimmed texts', (action) => {
    const fields = {
      name: ' Asha Rao ',
      phone: ' +919876543210 ',
      preferredTimes: ' Weekday evenings ',
      message: ' Hi ',
    };
    expect(toVisitorEnvelope(action, fields, { at, requestId })).toStrictEqual({
      action,
      user: { name: 'Asha Rao', number: '+919876543210' },
      payload: {},
      message: 'Hi',
      preferred_times: 'Weekday evenings',
      timestamp_ist: '2026-03-02T10:00:00.000+05:30',
      request_id: requestId,
    });
  });

  it('leaves out optional texts that are empty after trimming', () => {
    const envelope = toVisitorEnvelope('book_consult', { ...filled, preferredTimes: '  ', message: '\n' }, { at });
    expect(Object.keys(envelope).sort()).toEqual(['action', 'payload', 'request_id', 'timestamp_ist', 'user']);
  });

  it('gives every envelope its own request id', () => {
    expect(toVisitorEnvelope('schedule_call', filled).request_id).not.toBe(
      toVisitorEnvelope('schedule_call', filled).request_id,
    );
  });
});

describe('successText', () => {
  const fallback = 'Your call request has been submitted successfully!';
  it.each([
    ['a plain text answer', 'We will call you soon', 'We will call you soon'],
    ['an object with Message', { Message: 'Booked for Monday' }, 'Booked for Monday'],
    ['an object with message', { message: 'Thanks!' }, 'Thanks!'],
    ['a list whose first item has a message', [{ message: 'From the list' }], 'From the list'],
    ['an empty answer', '', fallback],
    ['an object without a message', { ok: true }, fallback],
    ['a blank message', { message: '  ' }, fallback],
  ])('shows %s', (_case, body, expected) => {
    expect(successText(body, fallback)).toBe(expected);
  });
});
