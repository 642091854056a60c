// Sync: each announcement's post as it should read now (post.ts) and the step that gets it there: update the post
// (its seen count or state changed), look for it in the staff channel (its intent has no ts: the execution that
// posted it may have died after Slack took it, decision 0012), or post it (no channel known to look in).
import { postOf } from '../post.ts';
import { ANNOUNCEMENT_POST_BLOCK, SLACK_ANNOUNCEMENT_EVENT } from '../../toolkit/ids.ts';

const row = $json;
const post = postOf(row, ANNOUNCEMENT_POST_BLOCK);
const metadata = JSON.stringify({ event_type: SLACK_ANNOUNCEMENT_EVENT, event_payload: { announcement_id: row.id } });
const step = row.slack_ts ? 'update' : row.known_channel ? 'find' : 'post';
const oldest = (Date.parse(row.intended_at) / 1000 - 60).toFixed(6);
return {
  json: {
    id: row.id,
    ...post,
    metadata,
    step,
    channel: row.slack_channel ?? row.known_channel,
    ts: row.slack_ts,
    oldest,
  },
};
