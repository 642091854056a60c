// Check rules: the portal's own rules (src/shared/rules) applied again once the request is known to be new, as
// the reference server applies them (server/webhook/rules.ts): name and number given, the phone rule, days not
// before today in India and the end not before the start, a chat message neither blank nor too long.
import { checkMessage } from '../../../../src/shared/rules/message.ts';
import { isValidPhone } from '../../../../src/shared/rules/phone.ts';
import { hasAllRequired } from '../../../../src/shared/rules/required.ts';
import { checkRescheduleDays, istTodayKey } from '../../../../src/shared/rules/reschedule.ts';

const { envelope } = $('Check request').first().json;
const { user, payload } = envelope;
const refuse = (key, values = {}) => ({ json: { status: 400, text: { key, values }, claimed: true } });

function dayProblem(start, end) {
  const problem = checkRescheduleDays(start, end, istTodayKey(new Date()));
  if (problem === 'past') return refuse('pastDate', { day: start });
  return problem === 'end-before-start' ? refuse('endBeforeStart') : null;
}

function problem() {
  if (!hasAllRequired(user.name, user.number)) return refuse('nameAndNumberRequired');
  if (!isValidPhone(user.number)) return refuse('invalidPhone');
  switch (envelope.action) {
    case 'reschedule_single':
      return dayProblem(payload.date, payload.date);
    case 'reschedule_range':
      return dayProblem(payload.start_date, payload.end_date);
    case 'chat_facilitator': {
      const message = checkMessage(payload.message);
      if (message === 'empty') return refuse('emptyMessage');
      return message === 'too-long' ? refuse('messageTooLong') : null;
    }
    default:
      return null;
  }
}

return problem() ?? { json: { envelope } };
