// Check change: a submitted session change as /staff makes it (server/announcements/session-changes.ts, by the
// shared rules): a reason, its occurrence on the roster and not started (or every session of a day still ahead),
// a move within its week, this week or next, one change per occurrence (a holiday on what is on its day); the
// programme's words in both languages, urgent within a day. A form put wrong is shown its problem and stores nothing;
// else the announcement and a change per parent and occurrence.
import { occurrenceChanged, sessionsOnDay } from '../../../../src/shared/announcements/occurrences.ts';
import { slotLabel, slotValue } from '../../../../src/shared/announcements/slots.ts';
import {
  checkMove,
  checkReason,
  hasStarted,
  isInChangeWindow,
  isUrgentChange,
} from '../../../../src/shared/announcements/rules.ts';
import { sessionChangeText } from '../../../../src/shared/announcements/session-change-text.ts';
import { isDayKey, startsAtOf } from '../../../../src/shared/rules/request-outcome.ts';
import { weekdayOf } from '../../../../src/shared/schedule/week.ts';
import { PROBLEMS } from '../problems.ts';

const { values: v, by } = $('Called').first().json;
const { slots, standing } = $json;
const now = new Date();
const invalid = (block, text) => ({
  json: { valid: false, body: { response_action: 'errors', errors: { [block]: text } } },
});
const valid = (item, changes = []) => ({ json: { valid: true, item: { ...item, created_by: by }, changes } });

const reason = checkReason(v.reason ?? '');
if ('problem' in reason) return invalid('reason', PROBLEMS.reason[reason.problem]);
const day = v.day ?? '';
const slot = slots.find((s) => slotValue(s) === v.slot);
const holiday = v.change === 'holiday';
if (!isDayKey(day)) return invalid('day', PROBLEMS.move.day);
if (!holiday && (!slot || weekdayOf(day) !== slot.weekday || hasStarted(startsAtOf(day, slot.time), now)))
  return invalid('slot', PROBLEMS.noOccurrence);
if (!isInChangeWindow(day, now)) return invalid('day', PROBLEMS.notInWindow);
// Each parent's session of a weekly slot; one change per occurrence, and a holiday on what is on its day.
const ofSlot = (s) => s.numbers.map((number) => ({ number_key: number, time: s.time, facilitator: s.facilitator }));
if (!holiday && occurrenceChanged(standing, ofSlot(slot), day)) return invalid('slot', PROBLEMS.alreadyChanged);
const onDay = () => sessionsOnDay(day, slots.filter((s) => s.weekday === weekdayOf(day)).flatMap(ofSlot), standing);
const affected = (holiday ? onDay() : ofSlot(slot)).filter((a) => !hasStarted(startsAtOf(day, a.time), now));
if (affected.length === 0) return invalid('day', PROBLEMS.noSessionsThatDay);
const to =
  v.change === 'move' ? checkMove(startsAtOf(day, slot.time), v.to_day ?? '', v.to_time ?? '', now) : undefined;
if (to && !to.ok) return invalid(to.problem === 'time' ? 'to_time' : 'to_day', PROBLEMS.move[to.problem]);
const base = { reason: reason.text, facilitator: slot?.facilitator };
const change = holiday
  ? { kind: 'holiday', day, reason: reason.text }
  : to
    ? { ...base, kind: 'moved', startsAt: startsAtOf(day, slot.time), to: to.to }
    : { ...base, kind: 'cancelled', startsAt: startsAtOf(day, slot.time) };
const changes = affected.map((a) => ({
  number_key: a.number_key,
  starts_at: startsAtOf(day, a.time),
  facilitator: a.facilitator,
  moved_to: to?.to ?? null,
}));
const soonest = [...changes.map((c) => c.starts_at), ...(to ? [to.to] : [])].sort()[0];
const [en, hi] = [sessionChangeText(change, 'en', now), sessionChangeText(change, 'hi', now)];
const label = holiday ? `Every session on ${day}` : `${slotLabel(slot)}, ${day}`;
const numbers = [...new Set(changes.map((c) => c.number_key))];
const item = {
  kind: to ? 'moved' : 'cancelled',
  title_en: en.title,
  body_en: en.body,
  title_hi: hi.title,
  body_hi: hi.body,
};
return valid(
  {
    ...item,
    audience: { kind: 'parents', numbers },
    audience_label: label,
    send_at: null,
    urgent: isUrgentChange(soonest, now),
    reason: reason.text,
  },
  changes,
);
