import { translated, type Catalog } from '../../shared/i18n/catalog.ts';

/** Every text the outbox screen, its saved-on-this-phone link and its news of requests sent later show. */
export const en = {
  title: 'Waiting to send',
  subtitle: 'Requests saved on this phone. They are sent automatically when the connection is back.',
  empty: 'Nothing is waiting to send.',
  listLabel: 'Requests waiting to send',
  sendNow: 'Send Now',
  retry: 'Retry',
  discard: 'Discard',
  discardQuestion: 'Discard this request? It will never be sent.',
  discardConfirm: 'Yes, Discard',
  discardCancel: 'Keep It',
  kind: {
    reschedule_single: 'Reschedule request',
    reschedule_range: 'Reschedule request',
    chat_facilitator: 'Message to your facilitator',
    book_consult: 'Consultation request',
    schedule_call: 'Call request',
    accept_offer: 'Accepting the time offered',
    mark_announcement_seen: 'Marking an update as read',
    mark_read: 'Marking replies as read',
  },
  date: (date: string) => `Date: ${date}`,
  range: (start: string, end: string) => `Dates: ${start} - ${end}`,
  note: (note: string) => `Note: ${note}`,
  preferred: (times: string) => `Preferred: ${times}`,
  files: (count: number) => (count === 1 ? '1 file attached' : `${count} files attached`),
  savedAt: (when: string) => `Saved ${when}`,
  state: {
    queued: 'Waiting to send',
    sending: 'Sending…',
    failed: 'Not accepted',
  },
  stale: 'Saved more than 7 days ago: it will still be sent',
  lastError: (text: string) => `Last error: ${text}`,
  noConnection: 'No connection',
  noAnswer: 'No answer from the server',
  notSentYet: 'Not sent yet: it will be tried again automatically.',
  discarded: 'Request discarded.',
  announceSending: (kind: string) => `Sending: ${kind}`,
  announceRefused: (kind: string, text: string) => `${kind} was not accepted: ${text}`,
  announceWaiting: (kind: string) => `${kind} not sent yet: it will be tried again automatically.`,
  rescheduleSent: 'Your reschedule request was sent',
  chatSent: 'Your message was sent',
  rescheduleRefused: 'Your saved reschedule request was not accepted. Open Waiting to send to retry or discard it.',
  chatRefused: 'Your saved message was not accepted. Open Waiting to send to retry or discard it.',
  acceptSent: 'The time you accepted was sent',
  acceptRefused: 'The time you accepted could not be confirmed. Open Waiting to send to retry or discard it.',
  /** A read mark that went out later is worth no news; one refused waits for the parent's choice. */
  seenRefused: 'That you read an update could not be recorded. Open Waiting to send to retry or discard it.',
  readRefused: 'That you read the replies could not be recorded. Open Waiting to send to retry or discard it.',
  seeWaiting: 'See what is waiting to send',
} as const;

export type OutboxMessages = Catalog<typeof en>;

/** These texts in the page's language: read where they are shown, never kept at module level. */
export const outboxText = (): OutboxMessages => translated('outbox', en);
