// Check form: the submitted form as the reference server checks a staff answer (server/requests/answer.ts), by
// the same rules (cleanAnswerText, answerTimeProblem): a reason trimmed, not blank, at most 300 characters, with
// no control character and none that turns the direction of text; a day, not before today in India, and a time,
// which make the confirmed or offered start (India, +05:30), and whether that day is one the parent asked for. A
// form put wrong is shown its problem (response_action errors) and records nothing.
import {
  answerTimeProblem,
  askedOf,
  cleanAnswerText,
  differs,
  startsAtOf,
} from '../../../../src/shared/rules/request-outcome.ts';
import { istTodayKey } from '../../../../src/shared/rules/reschedule.ts';
import { REASON_PROBLEMS, TIME_PROBLEMS } from '../texts.ts';

const { request } = $json;
const { action, form, by } = $('Read action').first().json;
if (!request) return { json: { step: 'ack' } };

const problem = (block, text) => ({
  json: { step: 'invalid', errors: { response_action: 'errors', errors: { [block]: text } } },
});
const answer = { request_id: request.request_id, kind: 'declined', starts_at: null, reason: null, by };

if (action === 'decline') {
  const reason = cleanAnswerText(String(form.reason ?? ''), true);
  if ('problem' in reason) return problem('reason', REASON_PROBLEMS[reason.problem]);
  return { json: { request, answer: { ...answer, reason: reason.text } } };
}
const wrong = answerTimeProblem(form.day ?? '', form.time ?? '', istTodayKey(new Date()));
if (wrong) return problem(wrong === 'time' ? 'time' : 'day', TIME_PROBLEMS[wrong]);
const kind = action === 'confirm' ? 'confirmed' : 'offered';
const startsAt = startsAtOf(form.day, form.time);
const otherDay = differs(askedOf(request.action, request.payload), startsAt);
return { json: { request, answer: { ...answer, kind, starts_at: startsAt }, other_day: otherDay } };
