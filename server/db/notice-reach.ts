/**
 * How a notice (a reply, an outcome or an announcement a parent may be texted about) reached its parent: the state of
 * its text notice and when a push service took its push and the gateway its text. The text notices are
 * server/push/text-store.ts's; the announcements' staff list reads them too, so the types live below both.
 */
export type NoticeState = 'waiting' | 'queued' | 'texted' | 'seen' | 'pushed' | 'limit' | 'off' | 'failed';

/** How a notice reached the parent, for staff. */
export interface NoticeReach {
  state: NoticeState;
  pushed_at: string | null;
  texted_at: string | null;
}
