// First post: the new announcement's post to the staff channel (post.ts): who it is for, when, seen by 0 of the
// parents it reached, and its Withdraw button; named in Slack's metadata, so a retry after a crash finds it
// (decision 0012). The announcement is a submitted form's or the update a withdrawn session change's parents are
// sent: it reads the check that wrote it and the step that stored it ("Send pushes" passes on only what it was given).
import { postOf } from '../post.ts';
import { ANNOUNCEMENT_POST_BLOCK, SLACK_ANNOUNCEMENT_EVENT } from '../../toolkit/ids.ts';

const check = ['Check announcement', 'Check change', 'Check withdrawal'].find((name) => $(name).isExecuted);
const { item } = $(check).first().json;
const { id, parents } = $(check === 'Check withdrawal' ? 'Withdraw' : 'Create announcement').first().json;
const now = new Date().toISOString();
const sent = item.send_at === null ? now : null;
const row = {
  ...item,
  id,
  title: item.title_en ?? item.title_hi,
  send_at: item.send_at ?? now,
  sent_at: sent,
  withdrawn_at: null,
  recipients: sent ? parents : 0,
  seen: 0,
  pushed: 0,
  texted: 0,
};
const metadata = JSON.stringify({ event_type: SLACK_ANNOUNCEMENT_EVENT, event_payload: { announcement_id: id } });
return { json: { id, ...postOf(row, ANNOUNCEMENT_POST_BLOCK), metadata } };
