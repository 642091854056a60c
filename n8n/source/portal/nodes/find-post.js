// Find post: a page of the channel's history (conversations.history with include_all_metadata) searched for
// this request's post, by the metadata "Post message" sends with it. Found: its ts, to store as if just posted;
// not on this page: the next page; not in the channel since the intent: post it now.
import { SLACK_METADATA_EVENT } from '../../toolkit/ids.ts';
import { SLACK_STEPS } from '../slack-steps.ts';

// The row "Next Slack step" sent on to "Look in channel": on the output of 'find message' or 'find notice'.
const { step, look_in: channel } = ['find message', 'find notice']
  .map((found) => $('Next Slack step').first(SLACK_STEPS.indexOf(found)))
  .find(Boolean).json;
const part = step.replace('find ', '');
const requestId = $('Check request').first().json.record.request_id;
if ($json.ok !== true) return { json: { next: 'failed', error: $json.error } };
const ours = (message) =>
  message.metadata?.event_type === SLACK_METADATA_EVENT &&
  message.metadata.event_payload?.request_id === requestId &&
  message.metadata.event_payload.part === part;
const found = ($json.messages ?? []).find(ours);
if (found) return { json: { next: 'found', ok: true, channel, ts: found.ts } };
const cursor = $json.response_metadata?.next_cursor;
return { json: cursor ? { next: 'more', cursor } : { next: 'post' } };
