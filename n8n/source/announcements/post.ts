/**
 * The staff channel's post of an announcement, written from what Postgres keeps of it, so a post's text is a
 * function of its state: who it is for, when it goes, and "seen by 3 of 38". `state` is what the post shows that
 * can change (thrive.posts_to_sync compares it), so it is updated only when that changed.
 */
import { formatIstDateTime } from '../../../src/shared/format/ist.ts';

export interface PostRow {
  kind: string;
  title: string;
  audience_label: string;
  urgent: boolean;
  created_by: string;
  send_at: string;
  sent_at: string | null;
  withdrawn_at: string | null;
  recipients: number;
  seen: number;
}

const KINDS: Record<string, string> = {
  announcement: 'Announcement',
  cancelled: 'Session cancelled',
  moved: 'Session moved',
};

/** Slack reads &, < and > as markup: staff's words are escaped so. */
const forSlack = (raw: string) => raw.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

export function postOf(row: PostRow): { text: string; state: string } {
  const head = `:mega: ${KINDS[row.kind] ?? 'Announcement'}${row.urgent ? ' (urgent)' : ''} by ${forSlack(row.created_by)}`;
  const when = (at: string) => formatIstDateTime(new Date(at), 'en');
  let status = `Sends ${when(row.send_at)} to the parents on the roster then`;
  if (row.sent_at) status = `Sent ${when(row.sent_at)} · seen by ${row.seen} of ${row.recipients}`;
  if (row.withdrawn_at) status = 'Withdrawn';
  const text = `${head}\n*${forSlack(row.title)}*\nTo: ${forSlack(row.audience_label)}\n${status}`;
  // As Postgres writes it (concat_ws of the counts and two booleans).
  const flag = (value: string | null) => (value === null ? 'f' : 't');
  const state = [row.seen, row.recipients, flag(row.sent_at), flag(row.withdrawn_at)].join('/');
  return { text, state };
}
