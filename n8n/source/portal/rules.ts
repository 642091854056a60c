/**
 * The portal's own rules (src/shared/rules) applied again once a request is known to be new, as the reference
 * server applies them (server/webhook/rules.ts): name and number given, the phone rule, days not before today in
 * India and the end not before the start, a chat message neither blank nor too long. Bundled into "Answer" (a new
 * request's answer) and "Check rules" (before an outcome's workflow).
 */
import { checkMessage } from '../../../src/shared/rules/message.ts';
import { isValidPhone } from '../../../src/shared/rules/phone.ts';
import { hasAllRequired } from '../../../src/shared/rules/required.ts';
import { checkRescheduleDays, istTodayKey } from '../../../src/shared/rules/reschedule.ts';

interface Envelope {
  action: string;
  user: { name: string; number: string };
  payload: { date?: string; start_date?: string; end_date?: string; message?: string };
}

/** A request refused by a rule, its claim to be released ("Write answer" words it). */
export interface RuleRefusal {
  status: 400;
  text: { key: string; values: Record<string, unknown> };
  claimed: true;
}

/** The first rule the request breaks, or null. */
export function ruleProblem({ action, user, payload }: Envelope): RuleRefusal | null {
  const refuse = (key: string, values = {}): RuleRefusal => ({ status: 400, text: { key, values }, claimed: true });
  const days = (start = '', end = '') => {
    const problem = checkRescheduleDays(start, end, istTodayKey(new Date()));
    if (problem === 'past') return refuse('pastDate', { day: start });
    return problem === 'end-before-start' ? refuse('endBeforeStart') : null;
  };
  if (!hasAllRequired(user.name, user.number)) return refuse('nameAndNumberRequired');
  if (!isValidPhone(user.number)) return refuse('invalidPhone');
  switch (action) {
    case 'reschedule_single':
      return days(payload.date, payload.date);
    case 'reschedule_range':
      return days(payload.start_date, payload.end_date);
    case 'chat_facilitator': {
      const message = checkMessage(payload.message ?? '');
      if (message === 'empty') return refuse('emptyMessage');
      return message === 'too-long' ? refuse('messageTooLong') : null;
    }
    default:
      return null;
  }
}
