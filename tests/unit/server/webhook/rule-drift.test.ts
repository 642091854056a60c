import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayFromKey, toRescheduleRequest } from '../../../../src/features/reschedule/date-selection.ts';
import { checkSignIn } from '../../../../src/features/sign-in/check-sign-in.ts';
import {
  ATTACHMENTS_MAX_COUNT,
  isAllowedAttachmentType,
  SNIFF_BYTES,
  sniffMatches,
} from '../../../../src/shared/rules/attachment.ts';
import { hasControlCharacterBesidesLineBreaks } from '../../../../src/shared/rules/control-characters.ts';
import { checkMessage } from '../../../../src/shared/rules/message.ts';
import { nameProblem } from '../../../../src/shared/rules/name.ts';
import { istTodayKey } from '../../../../src/shared/rules/reschedule.ts';
import { buildEnvelope } from '../../../../src/shared/webhook/envelope.ts';
import type { Attachment } from '../../../../src/shared/webhook/types.ts';
import { HOSTILE_HEADS, sampleFile } from '../../../support/media-samples.ts';
import { startTestPortal, type TestPortal } from '../../../support/test-portal.ts';

/**
 * Every rule the page and the webhook both enforce, fed the same cases on
 * both sides: the page's own check (what the screen would let through) and
 * the reference server's answer (200 or a refusal). A rule changed on one
 * side only fails here.
 */
let portal: TestPortal;
const now = new Date();
beforeAll(async () => {
  portal = await startTestPortal();
  portal.clock.now = now;
});
afterAll(async () => {
  await portal.dispose();
});

const user = { name: 'Drift Check', number: '9876543210' };
const chat = (message: string, attachments: Attachment[] = [], who = user) =>
  buildEnvelope({ action: 'chat_facilitator', user: who, payload: { message, attachments }, at: now });

async function serverAccepts(body: unknown): Promise<boolean> {
  const { statusCode } = await portal.post(body);
  if (statusCode !== 200 && statusCode !== 400 && statusCode !== 413) throw new Error(`unexpected ${statusCode}`);
  return statusCode === 200;
}

interface DriftCase {
  name: string;
  page: boolean;
  body: unknown;
}

function agree(rule: string, cases: DriftCase[]) {
  describe(`the ${rule} rule`, () => {
    it.each(cases.map((c) => [c.name, c] as const))('%s: the server agrees with the page', async (_name, c) => {
      expect(await serverAccepts(c.body)).toBe(c.page);
    });
  });
}

agree(
  'phone',
  ['9876543210', '+919876543210', '+14155550100', '5876543210', '987654321', '+0919876543210', '+1', '98765-43210'].map(
    (number) => ({
      name: number,
      page: checkSignIn(user.name, number) === null,
      body: chat('hi', [], { ...user, number: number.trim() }),
    }),
  ),
);

agree(
  'name',
  [
    'Asha Verma',
    'आशा\u200d वर्मा',
    'عائشہ خان',
    'Asha\tVerma',
    'Asha\u001b[2J',
    'Asha\nVerma',
    'Asha\u0085',
    '   ',
    'Mal\u202eGNP.exe',
    'Asha \u2067Verma\u2069',
  ].map((name) => ({
    name: JSON.stringify(name),
    // The sign-in form's check and the shared name rule (src/shared/rules/name.ts).
    page: checkSignIn(name, user.number) === null && nameProblem(name) === undefined,
    body: chat('hi', [], { ...user, name: name.trim() }),
  })),
);

agree(
  'message',
  [
    'hi',
    '',
    '   ',
    'a'.repeat(500),
    'a'.repeat(501),
    '😀'.repeat(250),
    '😀'.repeat(251),
    'a\nb',
    'a\r\nb',
    'a\tb',
    'a\u0007',
  ].map((message) => ({
    name: message.length > 20 ? `${message.length} UTF-16 units` : JSON.stringify(message),
    page: checkMessage(message) === null && !hasControlCharacterBesidesLineBreaks(message),
    body: chat(message.trim()),
  })),
);

const file = (mimetype: string, bytes: Buffer): Attachment => ({
  filename: 'f',
  mimetype,
  content: bytes.toString('base64'),
});
const PNG = sampleFile('image/png', 256);
/** The attachment rule as the page can check it before sending: count, type, not empty, first bytes. */
const pageAccepts = (files: Attachment[]) =>
  files.length <= ATTACHMENTS_MAX_COUNT &&
  files.every((f) => {
    const bytes = Buffer.from(f.content, 'base64');
    return (
      isAllowedAttachmentType(f.mimetype) &&
      bytes.length > 0 &&
      sniffMatches(f.mimetype, bytes.subarray(0, SNIFF_BYTES))
    );
  });

agree(
  'attachment',
  (
    [
      ['a PNG', [file('image/png', PNG)]],
      [
        'a video and a voice note',
        [file('video/mp4', sampleFile('video/mp4')), file('audio/x-m4a', sampleFile('audio/x-m4a'))],
      ],
      ['10 files', Array.from({ length: 10 }, () => file('image/png', PNG))],
      ['11 files', Array.from({ length: 11 }, () => file('image/png', PNG))],
      ['an SVG', [file('image/svg+xml', HOSTILE_HEADS['an SVG image with a script'])]],
      ['HTML named as a PNG', [file('image/png', HOSTILE_HEADS['an HTML page'])]],
      ['a JPEG declared as a PNG', [file('image/png', sampleFile('image/jpeg'))]],
      ['an empty file', [file('image/png', Buffer.alloc(0))]],
      ['a type in upper case', [file('IMAGE/PNG', PNG)]],
      ['a type with parameters', [file('image/png; q=1', PNG)]],
      ['a PDF', [file('application/pdf', HOSTILE_HEADS['a PDF'])]],
    ] as const
  ).map(([name, files]) => ({ name, page: pageAccepts([...files]), body: chat('files', [...files]) })),
);

const DAY_MS = 24 * 60 * 60 * 1000;
const day = (offset: number) => istTodayKey(new Date(now.getTime() + offset * DAY_MS));

agree(
  'reschedule date',
  (
    [
      ['today', 0, 0],
      ['tomorrow', 1, 1],
      ['yesterday', -1, -1],
      ['a range from today', 0, 5],
      ['a range from yesterday', -1, 2],
      ['an end before the start', 3, 2],
    ] as const
  ).map(([name, start, end]) => {
    const asked = toRescheduleRequest({ start: dayFromKey(day(start)), end: dayFromKey(day(end)) }, istTodayKey(now));
    return {
      name,
      page: typeof asked === 'object',
      body: buildEnvelope({
        action: 'reschedule_range',
        user,
        payload: { start_date: day(start), end_date: day(end) },
        at: now,
      }),
    };
  }),
);
