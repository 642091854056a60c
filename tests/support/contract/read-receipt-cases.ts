import { answerText } from '../../../server/contract/texts.ts';
import type { Language } from '../../../src/shared/webhook/types.ts';
import { refusal, type CaseContext, type ContractCase } from './case.ts';

/**
 * mark_read as any webhook with read receipts answers it without a device
 * token (the cases send none): refused as every bearer-token action is, in
 * the parent's language, and its shape held to the schema. A read that is
 * kept needs a verified phone; the reference server's tests prove that one
 * (tests/unit/server/push/text-fallback.test.ts).
 */
const read =
  (payload: Record<string, unknown>, language?: Language) =>
  (c: CaseContext): Record<string, unknown> => ({
    action: 'mark_read',
    user: c.parent,
    payload,
    timestamp_ist: c.envelope('know_schedule', {}).timestamp_ist,
    request_id: crypto.randomUUID(),
    ...(language ? { language } : {}),
  });

const THROUGH = { through: '12', read_at: '2026-11-25T06:40:00.000Z' };

function noToken(name: string, language: Language): ContractCase {
  return {
    name,
    steps: (c) => [
      { body: read(THROUGH, language)(c), expect: { status: 401, text: answerText(language, 'tokenMissing') } },
    ],
  };
}

export const READ_RECEIPT_CASES: readonly ContractCase[] = [
  noToken('mark_read without a device token', 'en'),
  noToken('in Hindi: mark_read without a device token', 'hi'),
  refusal([
    'mark_read through an id that is not a message id',
    read({ ...THROUGH, through: '0' }),
    'Invalid payload.through: must match pattern "^[1-9][0-9]{0,14}$"',
  ]),
  refusal([
    'mark_read with a read_at that is not a date and time',
    read({ ...THROUGH, read_at: 'just now' }),
    'Invalid payload.read_at: must match format "date-time"',
  ]),
  refusal([
    'mark_read without its request_id',
    (c) => Object.fromEntries(Object.entries(read(THROUGH)(c)).filter(([key]) => key !== 'request_id')),
    'Missing field "request_id" in the request',
  ]),
];
