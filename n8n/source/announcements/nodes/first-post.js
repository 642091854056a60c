// First post: the new announcement's post to the staff channel (post.ts): who it is for, when, and seen by 0 of
// the parents it reached; named in Slack's metadata, so a retry after a crash finds it (decision 0012).
import { postOf } from '../post.ts';
import { SLACK_ANNOUNCEMENT_EVENT } from '../../toolkit/ids.ts';

const checks = ['Check announcement', 'Check change'];
const { item } = $(checks.find((name) => $(name).isExecuted)).first().json;
const { id, parents } = $json;
const now = new Date().toISOString();
const sent = item.send_at === null ? now : null;
const row = {
  ...item,
  title: item.title_en ?? item.title_hi,
  send_at: item.send_at ?? now,
  sent_at: sent,
  withdrawn_at: null,
  recipients: sent ? parents : 0,
  seen: 0,
};
const metadata = JSON.stringify({ event_type: SLACK_ANNOUNCEMENT_EVENT, event_payload: { announcement_id: id } });
return { json: { id, ...postOf(row), metadata } };
