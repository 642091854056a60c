import { answerText, type AnswerKey } from '../../../server/contract/texts.ts';
import { formatDayKey } from '../../../src/shared/format/ist.ts';
import type { Envelope } from '../../../src/shared/webhook/types.ts';
import { file, type CaseContext, type ContractCase } from './case.ts';

/**
 * A request that names `"language": "hi"` is answered in Hindi, success and
 * refusal alike, with the texts of server/contract/texts.ts (dates in Hindi
 * too). A few representative cases, one per stage that words an answer: the
 * handler, the rules, the schema, the attachments, the roster, idempotency.
 */
const hi = (key: AnswerKey, values?: Record<string, string | number>) => answerText('hi', key, values);
const hiDay = (day: string) => formatDayKey(day, 'hi');

function acceptedInHindi(name: string, body: (c: CaseContext) => Envelope, message: (e: Envelope) => string) {
  return {
    name,
    steps: (c: CaseContext) => {
      const envelope = body(c);
      return [{ body: envelope, expect: { status: 200, answers: envelope.action, message: message(envelope) } }];
    },
  } satisfies ContractCase;
}

function refusedInHindi(
  name: string,
  status: 400 | 404,
  body: (c: CaseContext) => unknown,
  text: (c: CaseContext) => string,
): ContractCase {
  return { name, steps: (c) => [{ body: body(c), expect: { status, text: text(c) } }] };
}

const inHindi = { language: 'hi' } as const;
const visitorConsult = (c: CaseContext) =>
  c.envelope('book_consult', {}, { user: c.visitor(), preferredTimes: 'शाम 5 बजे के बाद', ...inHindi });

export const HINDI_CASES: ContractCase[] = [
  acceptedInHindi(
    'in Hindi: reschedule_single for tomorrow, its day in Hindi',
    (c) => c.envelope('reschedule_single', { date: c.day(1) }, inHindi),
    (e) => hi('rescheduleDay', { day: hiDay((e.payload as { date: string }).date) }),
  ),
  acceptedInHindi(
    'in Hindi: reschedule_range over three days',
    (c) => c.envelope('reschedule_range', { start_date: c.day(1), end_date: c.day(3) }, inHindi),
    (e) => {
      const { start_date, end_date } = e.payload as { start_date: string; end_date: string };
      return hi('rescheduleRange', { start: hiDay(start_date), end: hiDay(end_date) });
    },
  ),
  acceptedInHindi(
    'in Hindi: chat_facilitator with a photo from a number on no roster reaches the programme team',
    (c) =>
      c.envelope(
        'chat_facilitator',
        { message: 'नमस्ते', attachments: [file('image/jpeg', 'drawing.jpg')] },
        { user: c.visitor(), ...inHindi },
      ),
    () => hi('chatReachedWithAttachment', { facilitator: hi('programmeTeam') }),
  ),
  acceptedInHindi('in Hindi: book_consult with preferred times', visitorConsult, (e) =>
    hi('consultSavedPreferred', { name: e.user.name, number: e.user.number, preferred: e.preferred_times ?? '' }),
  ),
  acceptedInHindi(
    'in Hindi: schedule_call without preferred times',
    (c) => c.envelope('schedule_call', {}, { user: c.visitor(), ...inHindi }),
    (e) => hi('callSaved', { name: e.user.name, number: e.user.number }),
  ),
  refusedInHindi(
    'in Hindi: a 9-digit phone',
    400,
    (c) => c.envelope('know_schedule', {}, { user: { name: 'आशा', number: '987654321' }, ...inHindi }),
    () => hi('invalidPhone'),
  ),
  refusedInHindi(
    'in Hindi: a date in the past, named in Hindi',
    400,
    (c) => c.envelope('reschedule_single', { date: c.day(-1) }, inHindi),
    (c) => hi('pastDate', { day: hiDay(c.day(-1)) }),
  ),
  refusedInHindi(
    'in Hindi: an unexpected top-level field',
    400,
    (c) => ({ ...c.envelope('know_schedule', {}, inHindi), debug: true }),
    () => hi('unexpectedField', { field: 'debug', where: hi('theRequest') }),
  ),
  refusedInHindi(
    'in Hindi: a file whose content is not of its type',
    400,
    (c) =>
      c.envelope(
        'chat_facilitator',
        { message: 'फ़ोटो', attachments: [file('image/png', 'photo.png', 2048, Buffer.from('not a png at all'))] },
        inHindi,
      ),
    () => hi('contentNotOfType', { filename: 'photo.png', mimetype: 'image/png' }),
  ),
  refusedInHindi(
    'in Hindi: a right-to-left override in the name',
    400,
    (c) => c.envelope('know_schedule', {}, { user: { name: 'आशा\u202E वर्मा', number: c.parent.number }, ...inHindi }),
    () => hi('directionInName'),
  ),
  refusedInHindi(
    'in Hindi: know_schedule for a number not on the roster',
    404,
    (c) => c.envelope('know_schedule', {}, { user: c.visitor(), ...inHindi }),
    () => hi('notOnRoster'),
  ),
  {
    name: 'in Hindi: the same request_id with another message',
    steps: (c) => {
      const first = visitorConsult(c);
      return [
        { body: first, expect: { status: 200, answers: 'book_consult' } },
        { body: { ...first, message: 'बदल दिया' }, expect: { status: 409, text: hi('reusedRequestId') } },
      ];
    },
  },
];
