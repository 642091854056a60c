import { formatDayKey } from '../../src/shared/format/ist.ts';
import { checkMessage } from '../../src/shared/rules/message.ts';
import { nameProblem } from '../../src/shared/rules/name.ts';
import { isValidPhone } from '../../src/shared/rules/phone.ts';
import { checkRescheduleDays, istTodayKey } from '../../src/shared/rules/reschedule.ts';
import { hasAllRequired } from '../../src/shared/rules/required.ts';
import type { Language } from '../../src/shared/webhook/types.ts';
import { answerText } from '../contract/texts.ts';
import type { AnyEnvelope, AnyRequest } from './contract.ts';

function checkDays(language: Language, start: string, end: string, now: Date): string | undefined {
  const problem = checkRescheduleDays(start, end, istTodayKey(now));
  if (problem === 'past') return answerText(language, 'pastDate', { day: formatDayKey(start, language) });
  if (problem === 'end-before-start') return answerText(language, 'endBeforeStart');
  return undefined;
}

/**
 * The portal's own rules (src/shared/rules) applied again on arrival, so a
 * request that skipped the page is held to them too, plus what a schema
 * cannot say: dates against today in India. Returns the reason for a 400, in
 * the envelope's language, or undefined when the request may proceed.
 */
export function checkRules(envelope: AnyEnvelope, now: Date): string | undefined {
  const { user } = envelope;
  const language = envelope.language ?? 'en';
  if (!hasAllRequired(user.name, user.number)) return answerText(language, 'nameAndNumberRequired');
  if (!isValidPhone(user.number)) return answerText(language, 'invalidPhone');
  switch (envelope.action) {
    case 'reschedule_single':
      return checkDays(language, envelope.payload.date, envelope.payload.date, now);
    case 'reschedule_range':
      return checkDays(language, envelope.payload.start_date, envelope.payload.end_date, now);
    case 'chat_facilitator': {
      const problem = checkMessage(envelope.payload.message);
      if (problem === 'empty') return answerText(language, 'emptyMessage');
      if (problem === 'too-long') return answerText(language, 'messageTooLong');
      return undefined;
    }
    default:
      return undefined;
  }
}

/**
 * The name rule beyond what the schema says (it refuses control characters
 * already): no character that turns the direction of the text, for every
 * request that names a person, the conversation's included. The reason for
 * a 400, in the request's language, or undefined.
 */
export function nameRefusal(request: AnyRequest): string | undefined {
  if (!('user' in request)) return undefined;
  return nameProblem(request.user.name) === 'direction'
    ? answerText(request.language ?? 'en', 'directionInName')
    : undefined;
}
