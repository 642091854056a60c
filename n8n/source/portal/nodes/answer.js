// Answer: a new request's answer (a chat's is written before its claim: chat-answer.ts). The portal's rules first
// (rules.ts: a refusal releases the claim), then what each action answers (server/webhook/handlers.ts, the schedule
// by the same shared rule, restOfWeek), written in the parent's language (write.ts, as "Write answer" writes every
// other answer), and what goes to Slack: a notice of a reschedule, consult or call to the staff channel. The
// parent's words are escaped for Slack.
import { scheduleChangesOf } from '../../../../src/shared/announcements/parent-view.ts';
import { nameKey } from '../../../../src/shared/rules/phone.ts';
import { restOfWeek } from '../../../../src/shared/schedule/rest-of-week.ts';
import { movesOfReschedules } from '../../../../src/shared/schedule/request-session.ts';
import { ruleProblem } from '../rules.ts';
import { forSlack, writeAnswer } from '../write.ts';

const { envelope } = $('Check request').first().json;
const { action, user, payload } = envelope;
const text = (key, values = {}) => ({ key, values });
const answer = (body, post) => ({ json: { status: 200, answer: body, post, claimed: true } });
const who = { name: forSlack(user.name), number: forSlack(user.number) };
const notice = (key, values) => ({ kind: 'notice', text: text(key, { ...who, ...values }) });

const { parent } = $json;
const onRoster = parent && nameKey(parent.name) === nameKey(user.name) ? parent : null;

// This week's sessions left (India), with the moves of the reschedules staff confirmed and the programme's
// session changes (both read with the claim), save to the occurrences those reschedules moved, which keep their
// time; the changes still ahead are told of, and the withdrawn ones put their occurrences' calendar events back.
function schedule({ sessions }) {
  const now = new Date();
  const moves = movesOfReschedules($json.reschedules ?? [], sessions);
  const programme = scheduleChangesOf($json.changes ?? [], now, $json.withdrawn ?? [], moves);
  const lines = restOfWeek(sessions, now, [...programme.moves, ...moves], programme.cancelled);
  const { changes } = programme;
  return answer(changes.length > 0 ? { schedule: lines, changes } : { schedule: lines });
}

function reschedule(start, end) {
  const [range, days] = start === end ? ['Day', { day: start }] : ['Range', { start, end }];
  const staff = notice(`slackReschedule${range}`, { ...days, note: forSlack(envelope.note) || '-' });
  return answer({ message: text(`reschedule${range}`, days) }, staff);
}

function visitor(kind) {
  const preferred = envelope.preferred_times;
  const key = preferred ? `${kind}SavedPreferred` : `${kind}Saved`;
  const message = text(key, { name: user.name, number: user.number, preferred: preferred ?? '' });
  const details = { preferred: forSlack(preferred) || '-', message: forSlack(envelope.message) || '-' };
  return answer({ message }, notice(kind === 'consult' ? 'slackConsult' : 'slackCall', details));
}

const NOT_ON_ROSTER = { json: { status: 404, text: text('notOnRoster'), claimed: true } };
const ANSWERS = {
  know_schedule: () => (onRoster ? schedule(onRoster) : NOT_ON_ROSTER),
  reschedule_single: () => reschedule(payload.date, payload.date),
  reschedule_range: () => reschedule(payload.start_date, payload.end_date),
  book_consult: () => visitor('consult'),
  schedule_call: () => visitor('call'),
};
if (!Object.hasOwn(ANSWERS, action)) throw new Error(`No answer for the action ${action}`);
const language = envelope.language === 'hi' ? 'hi' : 'en';
const answered = ruleProblem(envelope) ?? ANSWERS[action]().json;
const written = writeAnswer(answered, $('Contract').first().json, language);
// The claim wrote this notice's intent (thrive.claim_request): it is posted at once, without "Slack so far".
return { json: written.slack && $json.intended === 'notice' ? { ...written, next: 'post notice' } : written };
