// Reminders due: the first half of dueReminders (src/shared/push/reminders.ts); "Outside quiet hours" is the other.
import { REMINDER_LATE_MS, remindersBetween } from '../../../../src/shared/push/reminders.ts';

const now = Date.parse($('Clock').first().json.now);
const from = new Date(now - REMINDER_LATE_MS + 1);
const due = $json.settings.reminders ? remindersBetween($json.sessions, from, new Date(now + 1)) : [];
return { json: { ...$json, due: JSON.parse(JSON.stringify(due)) } };
