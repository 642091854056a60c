import { randomBytes } from 'node:crypto';
import { buildEnvelope } from '../../src/shared/webhook/envelope.ts';
import type { Action, Envelope, PayloadByAction, User } from '../../src/shared/webhook/types.ts';
import { MEDIA_HEADS, sampleFile, type SampleType } from './media-samples.ts';
import { WEDNESDAY_NOON_IST } from './test-portal.ts';

/** On the test roster (server/roster.test.json). */
export const TEST_PARENT: User = { name: 'Test Parent', number: '+919000000001' };
export const VISITOR: User = { name: 'Ravi Kumar', number: '9123456780' };

export function envelope<A extends Action>(
  action: A,
  payload: PayloadByAction[A],
  extra: { user?: User; note?: string; message?: string; preferredTimes?: string; at?: Date } = {},
): Envelope<A> {
  return buildEnvelope({
    action,
    payload,
    user: extra.user ?? TEST_PARENT,
    at: extra.at ?? WEDNESDAY_NOON_IST,
    ...extra,
  });
}

/** A file of `bytes` bytes whose content is of its type (random bytes for a type that is not allowed). */
export function fileOf(bytes: number, mimetype = 'image/png', filename = 'photo.png') {
  const content = mimetype in MEDIA_HEADS ? sampleFile(mimetype as SampleType, bytes) : randomBytes(bytes);
  return { filename, mimetype, content: content.toString('base64') };
}

export const knowSchedule = (user: User = TEST_PARENT) => envelope('know_schedule', {}, { user });
export const rescheduleSingle = (date = '2026-11-27', note?: string) =>
  envelope('reschedule_single', { date }, { note });
export const rescheduleRange = (start_date = '2026-11-27', end_date = '2026-11-30') =>
  envelope('reschedule_range', { start_date, end_date });
export const chat = (message = 'Hello, can we talk about homework?', attachments = [fileOf(2048)]) =>
  envelope('chat_facilitator', { message, attachments });
export const bookConsult = (preferredTimes?: string) =>
  envelope('book_consult', {}, { user: VISITOR, message: 'My son is 7', preferredTimes });
export const scheduleCall = (preferredTimes?: string) =>
  envelope('schedule_call', {}, { user: VISITOR, preferredTimes });
