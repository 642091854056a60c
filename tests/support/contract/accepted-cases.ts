import type { Envelope } from '../../../src/shared/webhook/types.ts';
import { recordedWebm } from '../recorded-audio.ts';
import { file, type CaseContext, type ContractCase, type Step } from './case.ts';

const REUSED = 'This request_id was already used for a different request. Send a new request_id.';

/** One request the webhook must accept, answering with the JSON its action's answer schema describes. */
function accepted(name: string, body: (c: CaseContext) => Envelope): ContractCase {
  return {
    name,
    steps: (c) => {
      const envelope = body(c);
      return [{ body: envelope, expect: { status: 200, answers: envelope.action } }];
    },
  };
}

/** The same request sent twice: the first answer again, marked as a replay, and nothing new stored. */
function sentTwice(
  name: string,
  body: (c: CaseContext) => Envelope,
  again = (e: Envelope): unknown => e,
): ContractCase {
  return {
    name,
    steps: (c) => {
      const first = body(c);
      return [
        { body: first, expect: { status: 200, answers: first.action } },
        { body: again(first), expect: { status: 200, sameAs: 0, replayed: true } },
      ];
    },
  };
}

/** A request_id reused for another body: 409, and the first request still answers as before. */
function reused(name: string, body: (c: CaseContext) => Envelope, change: (e: Envelope) => unknown): ContractCase {
  return {
    name,
    steps: (c) => {
      const first = body(c);
      return [
        { body: first, expect: { status: 200, answers: first.action } },
        { body: change(first), expect: { status: 409, text: REUSED } },
        { body: first, expect: { status: 200, sameAs: 0, replayed: true } },
      ] satisfies Step[];
    },
  };
}

const consult = (c: CaseContext) =>
  c.envelope('book_consult', {}, { user: c.visitor(), message: 'My son is 7', preferredTimes: 'Mornings' });
const photoChat = (c: CaseContext) =>
  c.envelope('chat_facilitator', { message: 'Her drawing', attachments: [file('image/jpeg', 'drawing.jpg')] });
const upperCaseId = (e: Envelope) => ({ ...e, request_id: e.request_id.toUpperCase() });

export const ACCEPTED_CASES: ContractCase[] = [
  accepted('know_schedule for a parent on the roster', (c) => c.envelope('know_schedule', {})),
  accepted('know_schedule with the number and name typed another way', (c) =>
    c.envelope('know_schedule', {}, { user: { name: `  ${c.parent.name.toUpperCase()} `, number: c.parent.number } }),
  ),
  accepted('reschedule_single for tomorrow, with a note', (c) =>
    c.envelope('reschedule_single', { date: c.day(1) }, { note: 'Travelling\nthat day' }),
  ),
  accepted('reschedule_single for today', (c) => c.envelope('reschedule_single', { date: c.day(0) })),
  accepted('reschedule_range over four days', (c) =>
    c.envelope('reschedule_range', { start_date: c.day(1), end_date: c.day(4) }),
  ),
  accepted('reschedule_range of one day', (c) =>
    c.envelope('reschedule_range', { start_date: c.day(2), end_date: c.day(2) }),
  ),
  accepted('chat_facilitator with a photo and a voice note', (c) =>
    c.envelope('chat_facilitator', {
      message: 'Please see her drawing',
      attachments: [file('image/jpeg', 'drawing.jpg', 3000), file('audio/ogg', 'hello.ogg', 1200)],
    }),
  ),
  accepted('chat_facilitator with voice notes as the recorder makes them: Opus in WebM, AAC in MP4', (c) =>
    c.envelope('chat_facilitator', {
      message: 'Voice note',
      attachments: [
        file('audio/webm', 'voice-note-0-07.webm', 0, recordedWebm()),
        file('audio/mp4', 'voice-note-0-12.m4a', 1500),
      ],
    }),
  ),
  accepted('chat_facilitator with 10 attachments of every kind', (c) =>
    c.envelope('chat_facilitator', {
      message: 'Photos, videos and voice notes',
      attachments: (['image/png', 'image/webp', 'image/gif', 'image/heic', 'video/mp4', 'video/webm'] as const)
        .map((type, i) => file(type, `file-${i}`))
        .concat([file('video/quicktime', 'a.mov'), file('audio/mpeg', 'a.mp3'), file('audio/x-m4a', 'a.m4a')])
        .concat([file('audio/x-wav', 'a.wav')]),
    }),
  ),
  accepted('chat_facilitator with Windows line breaks in the message', (c) =>
    c.envelope('chat_facilitator', { message: 'Line one\r\nLine two', attachments: [] }),
  ),
  accepted('chat_facilitator from a number on no roster', (c) =>
    c.envelope('chat_facilitator', { message: 'Hello', attachments: [] }, { user: c.visitor() }),
  ),
  accepted('book_consult with a message and preferred times', consult),
  accepted('book_consult from a Hindi name with a zero-width joiner', (c) =>
    c.envelope('book_consult', {}, { user: { ...c.visitor(), name: 'आशा\u200d वर्मा' } }),
  ),
  // JSON leaves out a field whose value is undefined.
  accepted('schedule_call with no payload at all', (c) => ({
    ...c.envelope('schedule_call', {}, { user: c.visitor() }),
    payload: undefined as never,
  })),
  accepted('schedule_call in Hindi', (c) => ({
    ...c.envelope('schedule_call', {}, { user: c.visitor(), preferredTimes: 'शाम' }),
    language: 'hi',
  })),
  accepted('know_schedule in English, named', (c) => ({ ...c.envelope('know_schedule', {}), language: 'en' })),
  sentTwice('a repeated book_consult', consult),
  sentTwice('a repeated chat_facilitator with a file', photoChat),
  sentTwice('a repeat with its keys in another order', consult, (e) => Object.fromEntries(Object.entries(e).reverse())),
  sentTwice('a repeat with the request_id in upper case', consult, upperCaseId),
  reused('the same request_id with another message', consult, (e) => ({ ...e, message: 'Changed my mind' })),
  reused('the same request_id with another action', consult, (e) => ({ ...e, action: 'schedule_call' })),
  reused('the same request_id in upper case with another message', consult, (e) => ({
    ...upperCaseId(e),
    message: 'Changed my mind',
  })),
  reused('the same request_id with another file', photoChat, (e) => ({
    ...e,
    payload: { message: 'Her drawing', attachments: [file('image/jpeg', 'drawing.jpg')] },
  })),
  {
    name: 'a refused request is not remembered, so its request_id can be sent again once put right',
    steps: (c) => {
      const right = c.envelope('book_consult', {}, { user: c.visitor() });
      const wrong = { ...right, user: { name: right.user.name, number: '12345' } };
      return [
        { body: wrong, expect: { status: 400, text: 'Please enter a valid phone number (10 digits or E.164 format)' } },
        { body: right, expect: { status: 200, answers: 'book_consult' } },
      ];
    },
  },
];
