// Read action: Slack's interaction payload (the form field `payload`, JSON) or a slash command (form fields). A
// click on one of a notice's buttons (block_actions in the block thrive_outcome) opens the form; the form's
// submission (view_submission of thrive_outcome) records the answer. Anything else is only acknowledged.
// Read from the signed bytes themselves: form fields, their spaces sent as '+', by hand (the task runner has no
// URLSearchParams).
import { ANNOUNCEMENT_POST_BLOCK } from '../../toolkit/ids.ts';
import { announcementCall } from '../announcement-call.ts';

const decoded = (text) => decodeURIComponent(text.replaceAll('+', ' '));
const fields = new Map(
  String($json.raw ?? '')
    .split('&')
    .filter((pair) => pair.includes('='))
    .map((pair) => [decoded(pair.slice(0, pair.indexOf('='))), decoded(pair.slice(pair.indexOf('=') + 1))]),
);
const payload = JSON.parse(fields.get('payload') || '{}');
const user = payload.user ?? {};
const by = user.name || user.username || user.id || 'Slack';

// The announcements' forms: answered by Thrive announcements (announcement-call.ts says what each asks).
const call = announcementCall(fields, payload, by, ANNOUNCEMENT_POST_BLOCK);
if (call) return { json: { kind: 'announce', call } };

if (payload.type === 'block_actions') {
  const click = (payload.actions ?? []).find((action) => action.block_id === 'thrive_outcome');
  if (!click) return { json: { kind: 'ignore' } };
  const message = {
    channel: payload.container?.channel_id ?? payload.channel?.id,
    ts: payload.container?.message_ts ?? payload.message?.ts,
    // Kept for the message's update, within what a view's private_metadata holds.
    text: String(payload.message?.text ?? '').slice(0, 2000),
  };
  return {
    json: { kind: 'open', action: click.action_id, request_id: click.value, trigger_id: payload.trigger_id, message },
  };
}

if (payload.type === 'view_submission' && payload.view?.callback_id === 'thrive_outcome') {
  const meta = JSON.parse(payload.view.private_metadata ?? '{}');
  const values = Object.values(payload.view.state?.values ?? {}).reduce(
    (fields, block) => ({ ...fields, ...block }),
    {},
  );
  const form = {
    day: values.day?.selected_date ?? null,
    time: values.time?.selected_time ?? null,
    reason: values.reason?.value ?? null,
  };
  return {
    json: { kind: 'submit', action: meta.action, request_id: meta.request_id, message: meta.message, form, by },
  };
}

return { json: { kind: 'ignore' } };
