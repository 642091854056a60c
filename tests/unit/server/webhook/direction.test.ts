import { describe, expect, it } from 'vitest';
import type { CodeRecorder } from '../../../support/code-recorder.ts';
import {
  bookConsult,
  chat,
  envelope,
  knowSchedule,
  rescheduleSingle,
  TEST_PARENT,
} from '../../../support/envelopes.ts';
import type { TestPortal } from '../../../support/test-portal.ts';
import { portalPerTest } from '../portal-per-test.ts';

/**
 * A name is one line a person reads in the staff inbox, Slack or a log:
 * characters that change the direction of what follows (embeddings and
 * overrides U+202A–U+202E, isolates U+2066–U+2069) could make it read as
 * another (`Mal\u202EGNP.exe` shows as `Malexe.PNG`), so a name holding one
 * is refused, whatever the action.
 */
let codes: CodeRecorder;
let p: TestPortal;
portalPerTest((current) => ({ p, codes } = current));

const DIRECTION_CONTROLS = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
const EN = 'The name cannot contain characters that change the direction of text, such as U+202E.';
const HI = 'नाम में ऐसे अक्षर नहीं हो सकते जो लिखावट की दिशा बदलते हैं, जैसे U+202E।';

const named = (name: string) => ({ name, number: TEST_PARENT.number });
const bodies: [string, (name: string) => Record<string, unknown>][] = [
  ['chat_facilitator', (name) => ({ ...chat('Hello', []), user: named(name) })],
  ['know_schedule', (name) => ({ ...knowSchedule(), user: named(name) })],
  ['reschedule_single', (name) => ({ ...rescheduleSingle(), user: named(name) })],
  ['book_consult', (name) => ({ ...bookConsult(), user: named(name) })],
  ['schedule_call', (name) => ({ ...envelope('schedule_call', {}), user: named(name) })],
  ['request_code', (name) => ({ action: 'request_code', user: named(name) })],
  ['verify_code', (name) => ({ action: 'verify_code', user: named(name), payload: { code: '123456' } })],
];

describe('a name with a character that changes the direction of text', () => {
  it.each(bodies)('is refused for %s, in the request’s language, and nothing is stored or sent', async (_a, body) => {
    for (const control of DIRECTION_CONTROLS) {
      const name = `Mal${control}GNP.exe`;
      expect(await answer(body(name))).toEqual([400, EN]);
      expect(await answer({ ...body(name), language: 'hi' })).toEqual([400, HI]);
    }
    expect(p.count('SELECT count(*) FROM requests')).toBe(0);
    expect(p.count('SELECT count(*) FROM code_requests')).toBe(0);
    expect(codes.received).toEqual([]);
  });

  it.each([
    ['a Hindi name with its joiners', 'आशा\u200d वर्मा'],
    ['an Urdu name, right to left', 'عائشہ خان'],
    ['a name with a right-to-left mark', 'Asha\u200f Verma'],
  ])('accepts %s', async (_case, name) => {
    expect((await answer({ ...chat('Hello', []), user: named(name) }))[0]).toBe(200);
  });
});

async function answer(body: unknown): Promise<[number, string]> {
  const response = await p.post(body);
  return [response.statusCode, response.statusCode === 200 ? '' : response.body];
}
