import type { Envelope } from '../../../src/shared/webhook/types.ts';
import { answers } from '../messages.ts';
import { accepted, type Answer } from './answer.ts';

export function bookConsult(envelope: Envelope<'book_consult'>): Answer {
  const { user, preferred_times } = envelope;
  return accepted({ message: answers.consult(user.name, user.number, preferred_times) });
}

export function scheduleCall(envelope: Envelope<'schedule_call'>): Answer {
  const { user, preferred_times } = envelope;
  return accepted({ message: answers.call(user.name, user.number, preferred_times) });
}
