// Check rules: the portal's rules (src/shared/rules) once the request is new, as server/webhook/rules.ts applies them
// (name, phone, days, message); then "Rules?" sends it to "Requests", to "Find parent" (the roster) or to "Answer".
import { checkMessage } from '../../../../src/shared/rules/message.ts';
import { isValidPhone } from '../../../../src/shared/rules/phone.ts';
import { hasAllRequired } from '../../../../src/shared/rules/required.ts';
import { checkRescheduleDays, istTodayKey } from '../../../../src/shared/rules/reschedule.ts';
import { REQUESTS_ACTIONS } from '../../../../src/shared/webhook/requests.ts';

const { envelope } = $('Check request').first().json;
const { user, payload } = envelope;
const refuse = (key, values = {}) => ({
  json: { route: 'refused', status: 400, text: { key, values }, claimed: true },
});

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
    case 'chat_facilitator':
      return (
        { empty: refuse('emptyMessage'), 'too-long': refuse('messageTooLong') }[checkMessage(payload.message)] ?? null
      );
    default:
      return null;
  }
}

const onRoster = { know_schedule: 'roster', chat_facilitator: 'roster' };
const route = REQUESTS_ACTIONS.includes(envelope.action) ? 'requests' : (onRoster[envelope.action] ?? 'answer');
return problem() ?? { json: { route, envelope } };
