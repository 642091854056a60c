// Reminders due: the first half of the reference server's reminder timer (dueRemindersWithChanges,
// src/shared/push/reminders.ts): the parent's weekly sessions' reminders due now, none for an occurrence the
// programme cancelled or moved or a confirmed reschedule moved, and a moved one's before its new time, a
// reschedule's move standing over the programme's change of the same occurrence (withRequestMoves); "Outside quiet
// hours" words them.
import { dueRemindersWithChanges, withRequestMoves } from '../../../../src/shared/push/reminders.ts';
import { movesOfReschedules } from '../../../../src/shared/schedule/request-session.ts';

const now = new Date($('Clock').first().json.now);
const { settings, sessions, changes, reschedules } = $json;
const moves = movesOfReschedules(reschedules ?? [], sessions);
const due = settings.reminders
  ? dueRemindersWithChanges(sessions, withRequestMoves(changes ?? [], moves), settings, now)
  : [];
return { json: { ...$json, due: JSON.parse(JSON.stringify(due)) } };
