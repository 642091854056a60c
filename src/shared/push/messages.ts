/**
 * The words of a notification, written by the service worker in the language
 * the push names (the page's catalogs are not loaded there). No DOM; the Hindi
 * (messages-hi.ts) follows HINDI.md and is checked with the page's catalogs
 * (namespace 'push'). The worker bundles both (PUSH_TEXTS); the page loads neither.
 */
import type { Catalog } from '../i18n/catalog.ts';

export const en = {
  newMessageFrom: (author: string) => `New message from ${author}`,
  newMessages: (count: number) => `${count} new messages`,
  from: (author: string) => `From ${author}`,
  facilitator: 'your facilitator',
  reminderDayBefore: 'Session tomorrow',
  reminderHourBefore: 'Session in an hour',
  reminderBody: (day: string, time: string, facilitator: string) => `${day}, ${time}, with ${facilitator}`,
  requestTitle: 'Your request has an answer',
  requestConfirmed: 'Your new session date is confirmed.',
  requestOffered: 'The team has offered you another date. Open the schedule to answer.',
  requestDeclined: 'Your request could not be met. Open the schedule to see why.',
} as const;

export type PushMessages = Catalog<typeof en>;
