import { checkMessage } from '../../src/shared/rules/message.ts';
import { isValidPhone } from '../../src/shared/rules/phone.ts';
import { checkRescheduleDays, istTodayKey } from '../../src/shared/rules/reschedule.ts';
import { hasAllRequired } from '../../src/shared/rules/required.ts';
import type { AnyEnvelope } from './contract.ts';
import { reasons } from './messages.ts';

function checkDays(start: string, end: string, now: Date): string | undefined {
  const problem = checkRescheduleDays(start, end, istTodayKey(now));
  if (problem === 'past') return reasons.pastDate(start);
  if (problem === 'end-before-start') return reasons.endBeforeStart;
  return undefined;
}

/**
 * The portal's own rules (src/shared/rules) applied again on arrival, so a
 * request that skipped the page is held to them too, plus what a schema
 * cannot say: dates against today in India. Returns the reason for a 400, or
 * undefined when the request may proceed.
 */
export function checkRules(envelope: AnyEnvelope, now: Date): string | undefined {
  const { user } = envelope;
  if (!hasAllRequired(user.name, user.number)) return reasons.nameAndNumberRequired;
  if (!isValidPhone(user.number)) return reasons.invalidPhone;
  switch (envelope.action) {
    case 'reschedule_single':
      return checkDays(envelope.payload.date, envelope.payload.date, now);
    case 'reschedule_range':
      return checkDays(envelope.payload.start_date, envelope.payload.end_date, now);
    case 'chat_facilitator': {
      const problem = checkMessage(envelope.payload.message);
      if (problem === 'empty') return reasons.emptyMessage;
      if (problem === 'too-long') return reasons.messageTooLong;
      return undefined;
    }
    default:
      return undefined;
  }
}
