import { translated, type Catalog } from '../../shared/i18n/catalog.ts';
import { NO_SESSIONS_SENTINEL } from '../../shared/schedule/parser.ts';

/** Every text the schedule screen and its calendar files show (the spec's English is exact). */
export const en = {
  title: 'Your Schedule',
  subtitle: 'View your upcoming sessions for this week',
  fetch: 'Fetch My Schedule',
  refresh: 'Refresh Schedule',
  listLabel: 'Sessions this week',
  withFacilitator: (facilitator: string) => `with ${facilitator}`,
  /** The spec's words for an empty week, the ones the webhook answers with. */
  empty: NO_SESSIONS_SENTINEL,
  retrieved: 'Schedule retrieved successfully!',
  noData: 'No schedule data received from webhook',
  failed: 'Failed to fetch schedule',
  lastUpdated: (when: string) => `Last updated ${when}`,
  /** Beside a session's day when it is today or tomorrow in India. */
  soon: { today: 'Today', tomorrow: 'Tomorrow' },
  /** Under a session staff moved at the parent's request: where it was. */
  movedFrom: (session: string) => `Moved from ${session}`,
  /** What the programme changed this week, and why: a session as `calendar.session` names it. */
  changesTitle: 'Changes this week',
  cancelled: (session: string, reason: string) => `${session} is cancelled: ${reason}`,
  moved: (session: string, day: string, time: string, reason: string) =>
    `${session} moves to ${day} ${time}: ${reason}`,
  calendar: {
    google: 'Google Calendar',
    download: 'Download Calendar File',
    /** Names one session in the actions' accessible names. */
    session: (day: string, time: string, facilitator: string) => `${day} ${time} with ${facilitator}`,
    addSession: (session: string) => `Add to calendar: ${session}`,
    /** A moved session whose old event the parent added from this phone. */
    updateSession: (session: string) => `Update in calendar: ${session}`,
    updateHint: {
      file: 'This session moved. Open the file: the event already in your calendar moves to the new time.',
      google: 'This session moved. Google Calendar adds it as a new event: delete the one at the old time.',
    },
    /** A cancelled session whose event the parent added from this phone. */
    cancel: 'Remove from Calendar',
    cancelSession: (session: string) => `Remove from calendar: ${session}`,
    cancelHint: {
      file: 'Open the file: the event in your calendar is cancelled.',
      google: 'You added it with Google Calendar: delete the event there.',
    },
    googleSession: (session: string) => `Google Calendar: ${session} (opens in a new tab)`,
    downloadSession: (session: string) => `Download calendar file: ${session}`,
    addAll: 'Add All to Calendar',
    addAllHint: (count: number) =>
      `One file for your calendar app, with ${count === 1 ? '1 session' : `${count} sessions`}.`,
    eventTitle: (facilitator: string) => `Thrive session with ${facilitator}`,
    eventDetails: (day: string, time: string, facilitator: string) =>
      `From your Thrive schedule: ${day}, ${time} with ${facilitator}`,
    sessionFile: (date: string, time: string) => `thrive-session-${date}-${time}.ics`,
    cancelFile: (date: string, time: string) => `thrive-session-${date}-${time}-cancelled.ics`,
    allFile: 'thrive-sessions-this-week.ics',
  },
} as const;

export type ScheduleMessages = Catalog<typeof en>;

/** These texts in the page's language: read where they are shown, never kept at module level. */
export const scheduleText = (): ScheduleMessages => translated('schedule', en);
