// Check form: the submitted form as the reference server checks a staff answer (server/requests/answer.ts): a
// reason trimmed, not blank, at most 300 characters; a day, not before today in India, and a time, which make the
// confirmed or offered start (India, +05:30), and whether that day is one the parent asked for. A form put wrong
// is shown its problem (response_action errors) and records nothing.
import { answerTimeProblem, askedOf, differs, startsAtOf } from '../../../../src/shared/rules/request-outcome.ts';
import { istTodayKey } from '../../../../src/shared/rules/reschedule.ts';
import { TIME_PROBLEMS } from '../texts.ts';

const { request } = $json;
const { action, form, by } = $('Read action').first().json;
if (!request) return { json: { step: 'ack' } };

const problem = (block, text) => ({
  json: { step: 'invalid', errors: { response_action: 'errors', errors: { [block]: text } } },
});
const answer = { request_id: request.request_id, kind: 'declined', starts_at: null, reason: null, by };

if (action === 'decline') {
  const reason = String(form.reason ?? '')
    .replace(/\r\n?/g, '\n')
    .trim();
  if (reason === '') return problem('reason', 'Please write a reason');
  if (reason.length > 300) return problem('reason', 'The reason must be 300 characters or less');
  return { json: { request, answer: { ...answer, reason } } };
}
const wrong = answerTimeProblem(form.day ?? '', form.time ?? '', istTodayKey(new Date()));
if (wrong) return problem(wrong === 'time' ? 'time' : 'day', TIME_PROBLEMS[wrong]);
const kind = action === 'confirm' ? 'confirmed' : 'offered';
const startsAt = startsAtOf(form.day, form.time);
const otherDay = differs(askedOf(request.action, request.payload), startsAt);
return { json: { request, answer: { ...answer, kind, starts_at: startsAt }, other_day: otherDay } };
