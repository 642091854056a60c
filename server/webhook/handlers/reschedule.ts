import type { Envelope } from '../../../src/shared/webhook/types.ts';
import { answers } from '../messages.ts';
import { accepted, type Answer } from './answer.ts';

export function rescheduleSingle(envelope: Envelope<'reschedule_single'>): Answer {
  return accepted({ message: answers.reschedule(envelope.payload.date, envelope.payload.date) });
}

export function rescheduleRange(envelope: Envelope<'reschedule_range'>): Answer {
  return accepted({ message: answers.reschedule(envelope.payload.start_date, envelope.payload.end_date) });
}
