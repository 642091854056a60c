/**
 * The announcement forms' Block Kit (views.open), with /staff's fields: an announcement's title and text in English
 * and in Hindi, who it is for, when, and whether it is urgent; a session change (cancel one occurrence or every
 * session of a day, or move one within its week) with the reason parents read. A Slack menu holds at most 100
 * options a group and 100 groups: the audiences and sessions come in groups (the sessions by weekday), and chosen
 * parents are looked up as staff type (an external select, answered by parentOptions), however many there are.
 */
import { slotLabel, slotValue, type SlotRef } from '../../../src/shared/announcements/slots.ts';
import { ANSWER_TEXT_MAX_LENGTH } from '../../../src/shared/rules/request-outcome.ts';
import { WEEKDAYS } from '../../../src/shared/schedule/weekdays.ts';
import { ANNOUNCEMENT_BODY_MAX, ANNOUNCEMENT_TITLE_MAX } from '../../../src/shared/webhook/announcements.ts';
import { AUDIENCE_LABELS, FORMS, REACH, type FormKind } from './texts.ts';

export interface FormRoster {
  facilitators: { id: string; name: string }[];
  slots: SlotRef[];
}

/** What the chosen audience reaches now: its parents, those with notifications on, and its words. */
export interface Reach {
  parents: number;
  notified: number;
  label: string;
}

/** Slack's most for an option's or a label's text, and for a menu's options (a group's). */
const TEXT_MAX = 75;
const OPTIONS_MAX = 100;

const plain = (text: string) => ({ type: 'plain_text', text: [...text].slice(0, TEXT_MAX).join('') });
const option = (text: string, value: string) => ({ text: plain(text), value });
const group = (label: string, options: ReturnType<typeof option>[]) => ({
  label: plain(label),
  options: options.slice(0, OPTIONS_MAX),
});
const input = (id: string, label: string, element: object, optional = true) => ({
  type: 'input',
  block_id: id,
  label: plain(label),
  optional,
  element: { action_id: id, ...element },
});
// No max_length: the check says what is too long, as /staff does.
const text = (id: string, label: string, multiline = false) =>
  input(id, label, { type: 'plain_text_input', multiline });
/** An input whose every change Slack sends at once (block_actions), so the form can answer it. */
const dispatching = (block: ReturnType<typeof input>) => ({ ...block, dispatch_action: true });
/** Slack's most for a context element's text. */
const CONTEXT_MAX = 2000;
/** The most of an audience's words the reach line quotes (chosen parents' names can run long). */
const LABEL_MAX = 150;
const clipped = (text: string, most: number) =>
  [...text].length > most ? `${[...text].slice(0, most - 1).join('')}…` : text;

/** The reach line's words: what the audience reaches, or, before one is chosen, what the line will say. */
export function reachText(reach: Reach | undefined): string {
  if (!reach) return REACH.choose;
  const parents = reach.parents === 1 ? REACH.parent : REACH.parents.replace('{count}', String(reach.parents));
  const line = REACH.line
    .replace('{parents}', parents)
    .replace('{notified}', String(reach.notified))
    .replace('{label}', clipped(reach.label, LABEL_MAX));
  return clipped(line, CONTEXT_MAX);
}

/** A menu of groups, those with no option left out (Slack refuses an empty group). */
const menu = (groups: ReturnType<typeof group>[]) => ({
  type: 'static_select',
  option_groups: groups.filter((g) => g.options.length > 0).slice(0, OPTIONS_MAX),
});
const byWeekday = (slots: SlotRef[], prefix: string) =>
  WEEKDAYS.map((day, i) =>
    group(
      `${day}'s sessions`,
      slots.filter((s) => s.weekday === i + 1).map((s) => option(slotLabel(s), `${prefix}${slotValue(s)}`)),
    ),
  );

function announcementBlocks({ facilitators, slots }: FormRoster, reach: Reach | undefined) {
  const facilitatorOf = (f: FormRoster['facilitators'][number]) =>
    option(AUDIENCE_LABELS.facilitator.replace('{name}', f.name), `facilitator|${f.id}`);
  const audiences = menu([
    group('Everyone, or parents you choose', [
      option(AUDIENCE_LABELS.everyone, 'everyone'),
      option(AUDIENCE_LABELS.parents, 'parents'),
    ]),
    group("A facilitator's parents", facilitators.map(facilitatorOf)),
    ...byWeekday(slots, 'session|'),
  ]);
  return [
    text('title_en', `Title (English, at most ${ANNOUNCEMENT_TITLE_MAX})`),
    text('body_en', `Text (English, at most ${ANNOUNCEMENT_BODY_MAX})`, true),
    text('title_hi', `Title (Hindi, at most ${ANNOUNCEMENT_TITLE_MAX})`),
    text('body_hi', `Text (Hindi, at most ${ANNOUNCEMENT_BODY_MAX})`, true),
    dispatching(input('audience', 'Who it is for', audiences, false)),
    dispatching(
      input('parents', 'Chosen parents (type a name or number)', {
        type: 'multi_external_select',
        min_query_length: 1,
      }),
    ),
    { type: 'context', block_id: 'reach', elements: [{ type: 'plain_text', text: reachText(reach) }] },
    input('send_day', 'Send on (empty: now)', { type: 'datepicker' }),
    input('send_time', 'At (India)', { type: 'timepicker' }),
    input('urgent', 'Urgent', {
      type: 'checkboxes',
      options: [option('Urgent: pushed even in parents’ quiet hours', 'urgent')],
    }),
    input('confirm', 'Confirm', { type: 'checkboxes', options: [option('I confirm it is urgent', 'confirm')] }),
  ];
}

function changeBlocks({ slots }: FormRoster) {
  const changes = [
    option('Cancel one session', 'cancel'),
    option('Cancel every session of a day', 'holiday'),
    option('Move one session within its week', 'move'),
  ];
  return [
    input('change', 'Change', { type: 'radio_buttons', options: changes }, false),
    input('slot', 'The weekly session (cancel one, move)', menu(byWeekday(slots, ''))),
    input('day', 'Its day', { type: 'datepicker' }, false),
    input('to_day', 'Moves to (day)', { type: 'datepicker' }),
    input('to_time', 'Moves to (time, India)', { type: 'timepicker' }),
    text('reason', `Reason (parents read it; at most ${ANSWER_TEXT_MAX_LENGTH})`, true),
  ];
}

/**
 * The modal of a form, with the roster's facilitators and weekly sessions to choose from; an announcement's says
 * what its audience reaches once one is chosen. Its inputs keep their block_ids and action_ids, so Slack keeps what
 * was typed when views.update brings the reach line up to date.
 */
export function formView(form: FormKind, roster: FormRoster, reach?: Reach) {
  const { callback, title, submit } = FORMS[form];
  return {
    type: 'modal',
    callback_id: callback,
    title: plain(title),
    submit: plain(submit),
    close: plain('Cancel'),
    blocks: form === 'announce' ? announcementBlocks(roster, reach) : changeBlocks(roster),
  };
}

/** The chosen parents' menu's answer to what staff typed (block_suggestion): the parents found, as options. */
export function parentOptions(parents: { number: string; name: string }[]) {
  return { options: parents.slice(0, OPTIONS_MAX).map((p) => option(`${p.name} (${p.number})`, p.number)) };
}
