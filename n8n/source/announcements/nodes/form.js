// Form: the modal a slash command or a shortcut opens (views.open): an announcement's fields as /staff's form has
// them, or a session change's (cancel one occurrence or a day, or move one within its week, with a reason).
import { ANNOUNCEMENT_BODY_MAX, ANNOUNCEMENT_TITLE_MAX } from '../../../../src/shared/webhook/announcements.ts';
import { ANSWER_TEXT_MAX_LENGTH } from '../../../../src/shared/rules/request-outcome.ts';
import { slotLabel, slotValue } from '../../../../src/shared/announcements/slots.ts';
import { AUDIENCE_LABELS, FORMS } from '../texts.ts';

const { form, trigger_id: triggerId } = $('Called').first().json;
const { facilitators, slots, parents } = $json;
const plain = (text) => ({ type: 'plain_text', text: text.slice(0, 75) });
const option = (text, value) => ({ text: plain(text), value });
const input = (id, label, element, optional = true) => ({
  type: 'input',
  block_id: id,
  label: plain(label),
  optional,
  element: { action_id: id, ...element },
});
// No max_length: the check below says what is too long, as /staff does.
const text = (id, label, multiline = false) => input(id, label, { type: 'plain_text_input', multiline });
const slotOptions = slots.slice(0, 100).map((slot) => option(slotLabel(slot), slotValue(slot)));

const ANNOUNCE = () => [
  text('title_en', `Title (English, at most ${ANNOUNCEMENT_TITLE_MAX})`),
  text('body_en', `Text (English, at most ${ANNOUNCEMENT_BODY_MAX})`, true),
  text('title_hi', `Title (Hindi, at most ${ANNOUNCEMENT_TITLE_MAX})`),
  text('body_hi', `Text (Hindi, at most ${ANNOUNCEMENT_BODY_MAX})`, true),
  input(
    'audience',
    'Who it is for',
    {
      type: 'static_select',
      options: [
        option(AUDIENCE_LABELS.everyone, 'everyone'),
        ...facilitators.map((f) =>
          option(AUDIENCE_LABELS.facilitator.replace('{name}', f.name), `facilitator|${f.id}`),
        ),
        ...slotOptions.map((o) => ({ ...o, value: `session|${o.value}` })),
        option(AUDIENCE_LABELS.parents, 'parents'),
      ].slice(0, 100),
    },
    false,
  ),
  input('parents', 'Chosen parents', {
    type: 'multi_static_select',
    options: parents.slice(0, 100).map((p) => option(p.name, p.number)),
  }),
  input('send_day', 'Send on (empty: now)', { type: 'datepicker' }),
  input('send_time', 'At (India)', { type: 'timepicker' }),
  input('urgent', 'Urgent', {
    type: 'checkboxes',
    options: [option('Urgent: pushed even in parents’ quiet hours', 'urgent')],
  }),
  input('confirm', 'Confirm', { type: 'checkboxes', options: [option('I confirm it is urgent', 'confirm')] }),
];
const CHANGE = () => [
  input(
    'change',
    'Change',
    {
      type: 'radio_buttons',
      options: [
        option('Cancel one session', 'cancel'),
        option('Cancel every session of a day', 'holiday'),
        option('Move one session within its week', 'move'),
      ],
    },
    false,
  ),
  input('slot', 'The weekly session (cancel one, move)', { type: 'static_select', options: slotOptions }),
  input('day', 'Its day', { type: 'datepicker' }, false),
  input('to_day', 'Moves to (day)', { type: 'datepicker' }),
  input('to_time', 'Moves to (time, India)', { type: 'timepicker' }),
  text('reason', `Reason (parents read it; at most ${ANSWER_TEXT_MAX_LENGTH})`, true),
];
const { callback, title, submit } = FORMS[form];
const view = {
  type: 'modal',
  callback_id: callback,
  title: plain(title),
  submit: plain(submit),
  close: plain('Cancel'),
  blocks: form === 'announce' ? ANNOUNCE() : CHANGE(),
};
return { json: { trigger_id: triggerId, view: JSON.stringify(view) } };
