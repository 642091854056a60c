// Answer: a new request's answer (a chat's is written before its claim: chat-answer.ts). The portal's rules first
// (rules.ts: a refusal releases the claim), then what each action answers (server/webhook/handlers.ts), written in
// the parent's language (write.ts, as "Write answer" writes every other answer), and what goes to Slack: a notice
// of a reschedule, consult or call to the staff channel. The parent's words are escaped for Slack.
import { nameKey } from '../../../../src/shared/rules/phone.ts';
import { NO_SESSIONS_SENTINEL } from '../../../../src/shared/schedule/parser.ts';
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
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

// This week's sessions left (India) as 'Wednesday 25 Nov: 5:00 PM with …' lines, confirmed moves (read with the claim) applied.
function restOfWeek(sessions, moves) {
  const india = new Date(Date.now() + 5.5 * 60 * 60 * 1000);
  const today = ((india.getUTCDay() + 6) % 7) + 1;
  const dayKey = (weekday) => new Date(india.getTime() + (weekday - today) * 86_400_000).toISOString().slice(0, 10);
  const dayName = (day) => `${WEEKDAYS[(day.getUTCDay() + 6) % 7]} ${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]}`;
  const clock = ([h, m]) => `${h % 12 || 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
  const line = ({ at, facilitator }) =>
    `${dayName(new Date(`${at}Z`))}: ${clock(at.slice(11).split(':').map(Number))} with ${facilitator}`;
  const week = sessions.map((s) => ({ at: `${dayKey(s.weekday)}T${s.time}`, facilitator: s.facilitator }));
  const lines = [...week.filter(({ at }) => !moves.some(({ from }) => from === at)), ...moves]
    .filter(({ at }) => at >= india.toISOString().slice(0, 16) && at.slice(0, 10) <= dayKey(7))
    .sort((a, b) => a.at.localeCompare(b.at))
    .map(line);
  return lines.length > 0 ? lines.join('\n') : NO_SESSIONS_SENTINEL;
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
  know_schedule: () =>
    onRoster ? answer({ schedule: restOfWeek(onRoster.sessions, $json.moves ?? []) }) : NOT_ON_ROSTER,
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
