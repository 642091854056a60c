// Reminders due: a subscribed device's reminders whose moment is in (now - REMINDER_LATE_MS, now], before its
// quiet hours: the first half of dueReminders (src/shared/push/reminders.ts); "Outside quiet hours" is the other.
import { REMINDER_LATE_MS, remindersBetween } from '../../../../src/shared/push/reminders.ts';

const now = new Date($('Clock').first().json.now).getTime();
const { endpoint, settings, language, sessions } = $json;
const window = [new Date(now - REMINDER_LATE_MS + 1), new Date(now + 1)];
const due = settings.reminders ? remindersBetween(sessions, ...window) : [];
return { json: { endpoint, settings, language, due: JSON.parse(JSON.stringify(due)) } };
