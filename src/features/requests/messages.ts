import { translated, type Catalog } from '../../shared/i18n/catalog.ts';

/** Every text the 'Your requests' card on the schedule screen shows. */
export const en = {
  title: 'Your requests',
  listLabel: 'Your reschedule requests',
  date: (date: string) => `Date: ${date}`,
  range: (start: string, end: string) => `Dates: ${start} – ${end}`,
  session: (when: string, facilitator: string) => `Session: ${when} with ${facilitator}`,
  sentAt: (when: string) => `Sent ${when}`,
  status: {
    waiting: 'Waiting for an answer',
    confirmed: 'Confirmed',
    offered: 'Another time offered',
    declined: 'Declined',
  },
  confirmedAt: (when: string) => `New time: ${when}`,
  differs: 'This is not one of the days you asked for.',
  offeredAt: (when: string) => `Offered: ${when}`,
  accept: 'Accept',
  acceptLabel: (when: string) => `Accept ${when}`,
  askDifferent: 'Ask for a different time',
  reason: (reason: string) => `Reason: ${reason}`,
  /** The accepted time while the outbox holds it. */
  accepting: {
    queued: 'Accepted. Saved on this phone: it will be sent when the connection is back.',
    sending: 'Accepted. Sending…',
    failed: 'Accepting did not go through. Open Waiting to send to retry or discard it.',
  },
  accepted: 'Accepted: your session is moved to that time.',
  acceptFailed: 'Could not accept the time offered',
} as const;

export type RequestsMessages = Catalog<typeof en>;

/** These texts in the page's language: read where they are shown, never kept at module level. */
export const requestsText = (): RequestsMessages => translated('requests', en);
