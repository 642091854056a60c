// Outside quiet hours: the due reminders whose moment is not in the device's quiet hours (the rest are dropped,
// as dueReminders drops them), each as the push its session's reminder is, in the schedule's own words (as the
// reference server's reminderMessage, server/push/reminder-timer.ts), for "Queue reminders" to keep once.
import { formatClockTime, formatIstWeekdayDate } from '../../../../src/shared/format/ist-zone.ts';
import { toIstIso } from '../../../../src/shared/format/ist.ts';
import { isQuiet } from '../../../../src/shared/push/quiet-hours.ts';

const { endpoint, settings, language, due } = $json;
const shown = due.filter((reminder) => !isQuiet(settings, new Date(reminder.at)));
const message = ({ lead, startsAt, session }) => ({
  kind: 'reminder',
  session: {
    day: formatIstWeekdayDate(new Date(startsAt)),
    time: formatClockTime(session.time),
    facilitator: session.facilitator,
  },
  lead,
  starts_at: toIstIso(new Date(startsAt)),
  language,
});
const reminders = shown.map((reminder) => ({
  key: reminder.key,
  starts_at: reminder.startsAt,
  message: message(reminder),
}));
return { json: { endpoint, due: reminders } };
