// Read action: Slack's interaction payload (the form field `payload`, JSON) or a slash command (form fields). A
// click on one of a notice's buttons (block_actions in the block thrive_outcome) opens the form; the form's
// submission (view_submission of thrive_outcome) records the answer. Anything else is only acknowledged.
// Read from the signed bytes themselves: form fields, their spaces sent as '+', by hand (the task runner has no
// URLSearchParams).
import { ANNOUNCEMENT_POST_BLOCK } from '../../toolkit/ids.ts';

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

// The announcements' forms (Thrive announcements): the slash command (its text "change" opens the session change
// form) or a shortcut opens one; its submission is checked and sent there, as are the chosen parents' look-ups
// (block_suggestion) and a click on a post's Withdraw.
const FORMS = { thrive_announce: 'announce', thrive_session_change: 'change' };
const announce = (call) => ({ json: { kind: 'announce', call } });
if (fields.get('command')) {
  const form = fields.get('text')?.trim().toLowerCase() === 'change' ? 'change' : 'announce';
  return announce({ kind: 'open', form, trigger_id: fields.get('trigger_id') });
}
if (payload.type === 'shortcut' && Object.hasOwn(FORMS, payload.callback_id))
  return announce({ kind: 'open', form: FORMS[payload.callback_id], trigger_id: payload.trigger_id });
const view = payload.view ?? {};
if (payload.type === 'block_suggestion' && Object.hasOwn(FORMS, view.callback_id))
  return announce({ kind: 'suggest', typed: String(payload.value ?? '') });
const { blockId, withdraw: WITHDRAW } = ANNOUNCEMENT_POST_BLOCK;
const withdraw = (payload.actions ?? []).find((a) => a.block_id === blockId && a.action_id === WITHDRAW);
if (payload.type === 'block_actions' && withdraw) return announce({ kind: 'withdraw', id: withdraw.value, by });
if (payload.type === 'view_submission' && Object.hasOwn(FORMS, view.callback_id)) {
  const read = (v) => v.value ?? v.selected_date ?? v.selected_time ?? v.selected_option?.value ?? v.selected_options;
  const values = Object.fromEntries(
    Object.values(view.state?.values ?? {}).flatMap((block) => Object.entries(block).map(([id, v]) => [id, read(v)])),
  );
  values.urgent = (values.urgent ?? []).length > 0;
  values.confirm = (values.confirm ?? []).length > 0;
  values.parents = (values.parents ?? []).map((option) => option.value);
  return announce({ kind: 'submit', form: FORMS[view.callback_id], values, by });
}

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
