// Reminders due: the first half of the reference server's reminder timer (dueRemindersWithChanges,
// src/shared/push/reminders.ts): the parent's weekly sessions' reminders due now, none for an occurrence the
// programme cancelled or moved, and a moved one's before its new time; "Outside quiet hours" words them.
import { dueRemindersWithChanges } from '../../../../src/shared/push/reminders.ts';

const now = new Date($('Clock').first().json.now);
const { settings, sessions, changes } = $json;
const due = settings.reminders ? dueRemindersWithChanges(sessions, changes ?? [], settings, now) : [];
return { json: { ...$json, due: JSON.parse(JSON.stringify(due)) } };
