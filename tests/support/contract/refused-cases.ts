import { formatDayKey } from '../../../src/shared/format/ist.ts';
import { ATTACHMENT_CASES } from './attachment-cases.ts';
import { chat, file, MB, refusal, type CaseContext, type ContractCase, type Refusal } from './case.ts';

const PHONE_TEXT = 'Please enter a valid phone number (10 digits or E.164 format)';
const NO_USER = 'The request has no user, or the user is not an object with a name and a number';
const CONTROL_IN_NAME = 'The name cannot contain control characters such as tabs or line breaks';
const DIRECTION = 'The name cannot contain characters that change the direction of text, such as U+202E.';
const controlIn = (field: string) => `${field} cannot contain control characters other than line breaks`;
const past = (day: string) => `${formatDayKey(day)} is in the past: please choose today or a later date`;
const BAD_DATE = 'Dates must be real calendar days written YYYY-MM-DD';

const schedule = (c: CaseContext) => c.envelope('know_schedule', {});
const withUser = (user: unknown) => (c: CaseContext) => ({ ...schedule(c), user });
const without = (field: string) => (c: CaseContext) =>
  Object.fromEntries(Object.entries(schedule(c)).filter(([key]) => key !== field));
const consult = (extra: { message?: string; preferredTimes?: string }) => (c: CaseContext) =>
  c.envelope('book_consult', {}, { user: c.visitor(), ...extra });

const SCHEMA_AND_RULES: Refusal[] = [
  ['an unknown action', (c) => ({ ...schedule(c), action: 'delete_everything' }), 'Unknown action "delete_everything"'],
  ['no action', without('action'), 'The request has no action'],
  ['no user', without('user'), NO_USER],
  ['a user that is a string', withUser('Asha'), NO_USER],
  ['a user without a number', withUser({ name: 'Asha' }), 'Name and phone number are required'],
  ['a blank name', withUser({ name: '   ', number: '9876543210' }), 'Name and phone number are required'],
  ['a 9-digit phone', withUser({ name: 'Asha', number: '987654321' }), PHONE_TEXT],
  ['a 10-digit phone starting with 5', withUser({ name: 'Asha', number: '5876543210' }), PHONE_TEXT],
  ['an E.164 phone with a leading 0', withUser({ name: 'Asha', number: '+0919876543210' }), PHONE_TEXT],
  [
    'an unexpected field in the user',
    (c) => withUser({ ...c.parent, email: 'a@b.c' })(c),
    'Unexpected field "email" in user',
  ],
  [
    'an unexpected top-level field',
    (c) => ({ ...schedule(c), debug: true }),
    'Unexpected field "debug" in the request',
  ],
  ['an empty chat message', chat(''), 'Please enter a message'],
  ['a chat message of spaces', chat('    '), 'Please enter a message'],
  ['a chat message of 501 characters', chat('a'.repeat(501)), 'Message must be 500 characters or less'],
  ['501 UTF-16 units of emoji', chat('😀'.repeat(251)), 'Message must be 500 characters or less'],
  ['a date that is not a date', (c) => c.envelope('reschedule_single', { date: '2031-02-30' }), BAD_DATE],
  ['a date in another format', (c) => c.envelope('reschedule_single', { date: '27/11/2031' }), BAD_DATE],
  ['a date in the past', (c) => c.envelope('reschedule_single', { date: c.day(-1) }), (c) => past(c.day(-1))],
  [
    'a range starting in the past',
    (c) => c.envelope('reschedule_range', { start_date: c.day(-5), end_date: c.day(2) }),
    (c) => past(c.day(-5)),
  ],
  [
    'a range ending before it starts',
    (c) => c.envelope('reschedule_range', { start_date: c.day(3), end_date: c.day(2) }),
    'The end date is before the start date',
  ],
  [
    'a reschedule without a payload',
    (c) => ({ ...c.envelope('reschedule_single', { date: c.day(1) }), payload: undefined }),
    'Missing field "payload" in the request',
  ],
  [
    'a range without its end',
    (c) => c.envelope('reschedule_range', { start_date: c.day(1) } as never),
    'Missing field "end_date" in payload',
  ],
  [
    'know_schedule with payload content',
    (c) => c.envelope('know_schedule', { week: 2 } as never),
    'Invalid payload: must NOT have more than 0 properties',
  ],
  [
    'a timestamp without an offset',
    (c) => ({ ...schedule(c), timestamp_ist: '2026-11-25T12:00:00' }),
    'timestamp_ist must be an ISO 8601 date and time with its offset',
  ],
  ['a request_id that is not a UUID', (c) => ({ ...schedule(c), request_id: '42' }), 'request_id must be a UUID'],
  [
    'a request_id with a urn:uuid: prefix',
    (c) => ({ ...schedule(c), request_id: `urn:uuid:${schedule(c).request_id}` }),
    'request_id must be a UUID',
  ],
  [
    'the nil UUID as request_id',
    (c) => ({ ...schedule(c), request_id: '00000000-0000-0000-0000-000000000000' }),
    'request_id must not be the nil UUID (all zeros): make a new UUID for each request',
  ],
  ['no request_id', without('request_id'), 'Missing field "request_id" in the request'],
  ['a JSON array', (c) => [schedule(c)], 'The request must be a JSON object'],
  [
    'a language the portal does not speak',
    (c) => ({ ...schedule(c), language: 'fr' }),
    'language must be "en" or "hi"',
  ],
  ['an escape sequence in the name', withUser({ name: 'Asha\u001b[2J', number: '9876543210' }), CONTROL_IN_NAME],
  ['a tab in the name', withUser({ name: 'Asha\tVerma', number: '9876543210' }), CONTROL_IN_NAME],
  ['a line break in the name', withUser({ name: 'Asha\nanswered: fake', number: '9876543210' }), CONTROL_IN_NAME],
  // Characters that turn the direction of the text: refused for every action that names a person.
  ['a right-to-left override in the name', withUser({ name: 'Mal\u202EGNP.exe', number: '9876543210' }), DIRECTION],
  [
    'a bidi isolate in the name of a chat',
    (c) => ({ ...chat('Hello')(c), user: { ...c.parent, name: `${c.parent.name}\u2067` } }),
    DIRECTION,
  ],
  [
    'a bidi embedding in the name asking for a code',
    (c) => ({ action: 'request_code', user: { ...c.parent, name: `\u202B${c.parent.name}` } }),
    DIRECTION,
  ],
  [
    'a bidi override in the name of a code being verified',
    (c) => ({
      action: 'verify_code',
      user: { ...c.parent, name: `${c.parent.name}\u202D` },
      payload: { code: '123456' },
    }),
    DIRECTION,
  ],
  ['a bell in a chat message', chat('Hello\u0007'), controlIn('The message')],
  [
    'a tab in a reschedule note',
    (c) => c.envelope('reschedule_single', { date: c.day(1) }, { note: 'a\tb' }),
    controlIn('The note'),
  ],
  ['an escape in a visitor message', consult({ message: 'Hi\u001b[31m' }), controlIn('The message')],
  ['a NUL in preferred times', consult({ preferredTimes: 'Mornings\u0000' }), controlIn('The preferred times')],
];

const NOT_ON_ROSTER = 'No schedule is available for these details. Please check them, or contact the programme team.';

export const REFUSED_CASES: ContractCase[] = [
  ...SCHEMA_AND_RULES.map((r) => refusal(r)),
  ...ATTACHMENT_CASES,
  refusal(['know_schedule for a number not on the roster', (c) => withUser(c.visitor())(c), NOT_ON_ROSTER], 404),
  refusal(
    [
      'know_schedule for a roster number with another name',
      (c) => withUser({ ...c.parent, name: 'Somebody Else' })(c),
      NOT_ON_ROSTER,
    ],
    404,
  ),
  refusal(
    [
      'attachments over 10 MB in all',
      chat('big', [file('video/mp4', 'a.mp4', 6 * MB), file('video/mp4', 'b.mp4', 5 * MB)]),
      'Attachments add up to more than 10 MB',
    ],
    413,
  ),
  refusal(
    [
      'a body over 16 MB',
      chat('big', [file('video/mp4', 'big.mp4', 12.5 * MB)]),
      'The request is too large: the limit is 16 MB',
    ],
    413,
  ),
  ...(
    [
      ['JSON that does not parse', '{"action": "know_schedule",', 'The request body is not valid JSON'],
      [
        'a __proto__ key',
        '{"action":"know_schedule","__proto__":{"admin":true}}',
        'The request contains the key "__proto__", which is not allowed',
      ],
      [
        'a __proto__ key inside the user',
        '{"action":"know_schedule","user":{"name":"A","number":"9876543210","__proto__":{}}}',
        'The request contains the key "__proto__", which is not allowed',
      ],
      [
        'a constructor.prototype key',
        '{"action":"know_schedule","constructor":{"prototype":{"admin":true}}}',
        'The request contains the key "constructor.prototype", which is not allowed',
      ],
    ] as const
  ).map(([name, raw, text]): ContractCase => ({ name, steps: () => [{ raw, expect: { status: 400, text } }] })),
  {
    name: 'a body that is not JSON',
    steps: () => [
      {
        raw: 'action=know_schedule',
        contentType: 'text/plain',
        expect: { status: 415, text: 'The request must be JSON, sent with Content-Type: application/json' },
      },
    ],
  },
];
