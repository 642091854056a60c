import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerText, type AnswerKey } from '../../../../server/contract/texts.ts';
import { formatDayKey } from '../../../../src/shared/format/ist.ts';
import type { Language } from '../../../../src/shared/webhook/types.ts';
import { startCodeRecorder, type CodeRecorder } from '../../../support/code-recorder.ts';
import { asBearer, QUIET_PARENT, verifiedToken } from '../../../support/conversation.ts';
import {
  bookConsult,
  chat,
  fileOf,
  knowSchedule,
  rescheduleRange,
  rescheduleSingle,
  scheduleCall,
  TEST_PARENT,
  VISITOR,
} from '../../../support/envelopes.ts';
import { startTestPortal, type TestPortal } from '../../../support/test-portal.ts';

let codes: CodeRecorder;
let p: TestPortal;
let token: string;
beforeAll(async () => {
  codes = await startCodeRecorder();
  p = await startTestPortal({ CODE_WEBHOOK_URL: codes.url, PORTAL_HOST: 'portal.thrive.example' });
  token = await verifiedToken(p, codes, TEST_PARENT);
});
afterAll(async () => {
  await p.dispose();
  await codes.close();
});

type Values = Record<string, string | number>;

/** One request, sent once per language: the same status both times, and the text of `key` in each. */
interface Row {
  name: string;
  body: () => object;
  status: number;
  key: AnswerKey;
  values?: (language: Language) => Values;
  bearer?: () => string;
}

const day = (key: string) => (language: Language) => ({ day: formatDayKey(key, language) });
const photo = { ...fileOf(64), content: 'not base64!' };

const ROWS: Row[] = [
  {
    name: 'reschedule_single',
    body: () => rescheduleSingle('2026-11-27'),
    status: 200,
    key: 'rescheduleDay',
    values: day('2026-11-27'),
  },
  {
    name: 'reschedule_range',
    body: () => rescheduleRange('2026-11-27', '2026-11-30'),
    status: 200,
    key: 'rescheduleRange',
    values: (language) => ({ start: formatDayKey('2026-11-27', language), end: formatDayKey('2026-11-30', language) }),
  },
  {
    name: 'chat_facilitator',
    body: () => chat('Hello', [fileOf(2048)]),
    status: 200,
    key: 'chatReachedWithAttachment',
    values: () => ({ facilitator: 'Meera Nair' }),
  },
  {
    name: 'book_consult',
    body: () => bookConsult('Weekday evenings'),
    status: 200,
    key: 'consultSavedPreferred',
    values: () => ({ ...VISITOR, preferred: 'Weekday evenings' }),
  },
  { name: 'schedule_call', body: () => scheduleCall(), status: 200, key: 'callSaved', values: () => ({ ...VISITOR }) },
  { name: 'know_schedule off the roster', body: () => knowSchedule(VISITOR), status: 404, key: 'notOnRoster' },
  {
    name: 'a past date (the rules)',
    body: () => rescheduleSingle('2026-11-24'),
    status: 400,
    key: 'pastDate',
    values: day('2026-11-24'),
  },
  {
    name: 'an unexpected field (the schema)',
    body: () => ({ ...knowSchedule(), debug: true }),
    status: 400,
    key: 'unexpectedField',
    values: (language) => ({ field: 'debug', where: answerText(language, 'theRequest') }),
  },
  {
    name: 'a file that is not base64 (the attachments)',
    body: () => chat('Hello', [photo]),
    status: 400,
    key: 'invalidBase64',
    values: () => ({ filename: 'photo.png' }),
  },
  {
    name: 'request_code off the roster',
    body: () => ({ action: 'request_code', user: VISITOR }),
    status: 404,
    key: 'notOnRosterForCode',
  },
  {
    name: 'verify_code with a code that is not 6 digits',
    body: () => ({ action: 'verify_code', user: VISITOR, payload: { code: '12a' } }),
    status: 400,
    key: 'invalidCode',
  },
  {
    name: 'verify_code with no code waiting',
    body: () => ({ action: 'verify_code', user: VISITOR, payload: { code: '123456' } }),
    status: 410,
    key: 'noCode',
  },
  { name: 'chat_thread without a token', body: () => ({ action: 'chat_thread' }), status: 401, key: 'tokenMissing' },
  {
    name: 'chat_thread with a cursor it never gave',
    body: () => ({ action: 'chat_thread', payload: { after: 'zz' } }),
    bearer: () => token,
    status: 400,
    key: 'invalidCursor',
  },
  {
    name: 'revoke_token with a token it does not know',
    body: () => ({ action: 'revoke_token' }),
    bearer: () => 'A'.repeat(43),
    status: 401,
    key: 'tokenUnknown',
  },
];

async function answer(row: Row, language: Language) {
  const response = await p.post({ ...row.body(), language }, row.bearer ? asBearer(row.bearer()) : {});
  const text = response.statusCode === 200 ? (response.json() as { message: string }).message : response.body;
  return { status: response.statusCode, text };
}

describe('every action answers in the language the request names', () => {
  it.each(ROWS.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    const english = await answer(row, 'en');
    const hindi = await answer(row, 'hi');
    expect(english).toEqual({ status: row.status, text: answerText('en', row.key, row.values?.('en')) });
    expect(hindi).toEqual({ status: row.status, text: answerText('hi', row.key, row.values?.('hi')) });
  });

  it('words the Hindi as the table does, dates in Hindi (one text written out)', async () => {
    expect((await answer(ROWS[0] as Row, 'hi')).text).toBe(
      '27 नवंबर 2026 के सेशन की तारीख बदलने का आपका अनुरोध प्रोग्राम की टीम के पास दर्ज हो गया है। ' +
        'नए समय के बारे में टीम आपसे संपर्क करेगी।',
    );
  });

  it('counts the tries left of a wrong code in Hindi', async () => {
    await p.post({ action: 'request_code', user: QUIET_PARENT, language: 'hi' });
    const wrong = await p.post({
      action: 'verify_code',
      user: QUIET_PARENT,
      payload: { code: '000000' },
      language: 'hi',
    });
    // A one-in-a-million chance that 000000 is the code: then this would be a 200 and fail loudly.
    expect([wrong.statusCode, wrong.body]).toEqual([401, answerText('hi', 'wrongCodeMany', { left: 4 })]);
  });

  it('answers a failure inside in Hindi too, still without its details', async () => {
    p.db.exec('ALTER TABLE requests RENAME TO requests_moved');
    try {
      const response = await p.post({ ...knowSchedule(), language: 'hi' });
      expect([response.statusCode, response.body]).toEqual([500, answerText('hi', 'internal')]);
    } finally {
      p.db.exec('ALTER TABLE requests_moved RENAME TO requests');
    }
  });

  it('sends the schedule as the lines the portal parses, whatever the language', async () => {
    const schedule = async (language: Language) => (await p.post({ ...knowSchedule(), language })).json();
    expect(await schedule('hi')).toEqual(await schedule('en'));
  });
});

describe('a request too broken to name its language is answered in English', () => {
  it.each([
    ['JSON that does not parse', '{"language": "hi", "action": "know_schedule",', 'invalidJson'],
    ['a JSON array', JSON.stringify([{ ...knowSchedule(), language: 'hi' }]), 'notAnObject'],
    ['a language it does not speak', JSON.stringify({ ...knowSchedule(), language: 'fr' }), 'invalidLanguage'],
  ] as const)('%s', async (_name, raw, key) => {
    const response = await p.post(raw);
    expect([response.statusCode, response.body]).toEqual([400, answerText('en', key)]);
  });
});

describe('answers in Hindi before the action: the sign-in code and the per-number limit', () => {
  it('asks for the code at sign-in, then limits the number, in each language', async () => {
    const guarded = await startTestPortal({ REQUIRE_CODE_AT_SIGN_IN: '1', RATE_LIMIT_PER_NUMBER_MAX: '1' });
    try {
      for (const [language, user] of [
        ['en', TEST_PARENT],
        ['hi', QUIET_PARENT],
      ] as const) {
        const first = await guarded.post({ ...knowSchedule(user), language });
        const second = await guarded.post({ ...knowSchedule(user), language });
        expect([first.statusCode, first.body]).toEqual([401, answerText(language, 'codeRequiredAtSignIn')]);
        expect([second.statusCode, second.body]).toEqual([429, answerText(language, 'tooManyRequestsForNumber')]);
      }
    } finally {
      await guarded.dispose();
    }
  });
});
