/**
 * The staff channel's post of an announcement, written from what Postgres keeps of it, so a post is a function of
 * its state: who it is for, when it goes, "seen by 3 of 38 · pushed to 30 · texted to 5" (how it reached its
 * parents, as /staff says it), and, until it is withdrawn, its Withdraw button (Slack asks staff to confirm, saying
 * what withdrawing does; its ids are toolkit/ids.ts's ANNOUNCEMENT_POST_BLOCK, which the Code nodes pass in).
 * `state` is what the post shows that can change (thrive.posts_to_sync compares it), so it is updated only when that
 * changed.
 */
import { formatIstDateTime } from '../../../src/shared/format/ist.ts';

export interface PostRow {
  id: string;
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
  /** How many of its recipients a push reached (a push service accepted it), and how many were texted. */
  pushed: number;
  texted: number;
}

const KINDS: Record<string, string> = {
  announcement: 'Announcement',
  cancelled: 'Session cancelled',
  moved: 'Session moved',
};
/**
 * Of an audience's words (a long list of chosen parents), what a post shows: with the rest, escaped for Slack at
 * worst five times as long, within a section's 3,000 characters.
 */
const AUDIENCE_SHOWN = 400;

/** Slack reads &, < and > as markup: staff's words are escaped so. */
const forSlack = (raw: string) => raw.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const plain = (text: string) => ({ type: 'plain_text', text });

/** Where the post's button is, and its action_id. */
export interface PostButton {
  blockId: string;
  withdraw: string;
}

/** What Slack asks staff to confirm: a session change's withdrawal also puts its sessions back and tells parents. */
const CONFIRM = {
  announcement: {
    title: 'Withdraw it?',
    text: 'Parents no longer see it, and pushes not yet sent are not sent.',
  },
  change: {
    title: 'Withdraw the change?',
    text: 'Its sessions go back on the parents’ schedules, and the parents whose session is still ahead are told.',
  },
};

const withdrawButton = (row: PostRow, button: PostButton) => {
  const { title, text } = row.kind === 'cancelled' || row.kind === 'moved' ? CONFIRM.change : CONFIRM.announcement;
  return {
    type: 'actions',
    block_id: button.blockId,
    elements: [
      {
        type: 'button',
        action_id: button.withdraw,
        text: plain('Withdraw'),
        style: 'danger',
        value: row.id,
        confirm: { title: plain(title), text: plain(text), confirm: plain('Withdraw'), deny: plain('Keep it') },
      },
    ],
  };
};

export function postOf(row: PostRow, button: PostButton): { text: string; blocks: string; state: string } {
  const head = `:mega: ${KINDS[row.kind] ?? 'Announcement'}${row.urgent ? ' (urgent)' : ''} by ${forSlack(row.created_by)}`;
  const when = (at: string) => formatIstDateTime(new Date(at), 'en');
  let status = `Sends ${when(row.send_at)} to the parents on the roster then`;
  if (row.sent_at) {
    status = `Sent ${when(row.sent_at)} · seen by ${row.seen} of ${row.recipients} · pushed to ${row.pushed} · texted to ${row.texted}`;
  }
  if (row.withdrawn_at) status = 'Withdrawn';
  const label = [...row.audience_label];
  const audience = label.length > AUDIENCE_SHOWN ? `${label.slice(0, AUDIENCE_SHOWN).join('')}…` : row.audience_label;
  const text = `${head}\n*${forSlack(row.title)}*\nTo: ${forSlack(audience)}\n${status}`;
  const section = { type: 'section', text: { type: 'mrkdwn', text } };
  const blocks = JSON.stringify(row.withdrawn_at ? [section] : [section, withdrawButton(row, button)]);
  // As Postgres writes it (concat_ws of the counts and two booleans).
  const flag = (value: string | null) => (value === null ? 'f' : 't');
  const counts = [row.seen, row.recipients, row.pushed, row.texted];
  const state = [...counts, flag(row.sent_at), flag(row.withdrawn_at)].join('/');
  return { text, blocks, state };
}
