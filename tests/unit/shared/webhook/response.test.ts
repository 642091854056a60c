import { describe, expect, it } from 'vitest';
import { readMessage, readScheduleText, readSlackChannel } from '../../../../src/shared/webhook/response.ts';

describe('readMessage', () => {
  it.each([
    ['a plain string', 'Got it', 'Got it'],
    ['an object with Message', { Message: 'Got it' }, 'Got it'],
    ['an object with message', { message: 'Got it' }, 'Got it'],
    ['Message before message', { Message: 'A', message: 'B' }, 'A'],
    ['a list whose first item has Message', [{ Message: 'Got it' }, { Message: 'other' }], 'Got it'],
    ['a list whose first item has message', [{ message: 'Got it' }], 'Got it'],
    ['an empty string', '', undefined],
    ['an empty list', [], undefined],
    ['a list of strings', ['Got it'], undefined],
    ['an object without a message', { ok: true }, undefined],
    ['a non-string message', { message: 42 }, undefined],
    ['a blank message', { message: '  ' }, undefined],
    ['null', null, undefined],
  ])('reads %s', (_case, body, expected) => {
    expect(readMessage(body)).toBe(expected);
  });
});

describe('readScheduleText', () => {
  it.each([
    ['a plain string', 'Monday: 4 PM with Priya', 'Monday: 4 PM with Priya'],
    ['an object with schedule', { schedule: 'S', message: 'M' }, 'S'],
    ['an object with Message', { Message: 'M' }, 'M'],
    ['an object with message', { message: 'M' }, 'M'],
    ['a list whose first item has schedule', [{ schedule: 'S' }], 'S'],
    ['a list whose first item has Message', [{ Message: 'M' }], 'M'],
    ['an empty object', {}, undefined],
    ['an empty string', '', undefined],
  ])('reads %s', (_case, body, expected) => {
    expect(readScheduleText(body)).toBe(expected);
  });
});

describe('readSlackChannel', () => {
  it.each([
    ['an object', { message: 'Sent', slackChannel: '#facilitator-priya' }, '#facilitator-priya'],
    ['a list', [{ message: 'Sent', slackChannel: '#facilitator-priya' }], '#facilitator-priya'],
    ['an answer without one', { message: 'Sent' }, undefined],
    ['a plain string', 'Sent', undefined],
  ])('reads %s', (_case, body, expected) => {
    expect(readSlackChannel(body)).toBe(expected);
  });
});
