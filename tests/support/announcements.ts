import type { Announcement } from '../../src/shared/webhook/announcements.ts';

/** An announcement as list_announcements answers it: staff's words, unseen, not urgent, unless `extra` says so. */
export const announcement = (id: string, sentAt: string, extra: Partial<Announcement> = {}): Announcement => ({
  announcement_id: id,
  kind: 'announcement',
  title: `Title ${id}`,
  body: `Body ${id}`,
  language: 'en',
  sent_at: sentAt,
  urgent: false,
  seen: false,
  ...extra,
});
