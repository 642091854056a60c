/**
 * What Slack refuses in a modal that views.open is given (Block Kit's documented limits), so a form the fake
 * Slack opens is one Slack would open: a title, submit and close of at most 24 characters, at most 100 blocks with
 * distinct block_ids, an input block with a label and an element with its action_id, a select with 1 to 100
 * options (or 1 to 100 option groups of 1 to 100 each), checkboxes and radio buttons with 1 to 10, each option's
 * text at most 75 characters and its value at most 150.
 */

interface Text {
  type?: string;
  text?: string;
}
interface Option {
  text?: Text;
  value?: string;
}
interface Element {
  type?: string;
  action_id?: string;
  options?: Option[];
  option_groups?: { label?: Text; options?: Option[] }[];
}
interface Block {
  type?: string;
  block_id?: string;
  label?: Text;
  element?: Element;
}
export interface ModalView {
  type?: string;
  callback_id?: string;
  title?: Text;
  submit?: Text;
  close?: Text;
  blocks?: Block[];
}

const SELECTS = new Set(['static_select', 'multi_static_select']);
const CHOICES = new Set(['checkboxes', 'radio_buttons']);
const EXTERNAL = new Set(['external_select', 'multi_external_select']);
const KNOWN = new Set([...SELECTS, ...CHOICES, ...EXTERNAL, 'plain_text_input', 'datepicker', 'timepicker']);

const longer = (text: Text | undefined, most: number) => [...(text?.text ?? '')].length > most;
const within = (count: number, most: number) => count >= 1 && count <= most;

function optionProblems(where: string, options: Option[]): string[] {
  return options.flatMap((option) => [
    ...(longer(option.text, 75) ? [`${where}: an option's text over 75 characters`] : []),
    ...([...(option.value ?? '')].length > 150 ? [`${where}: an option's value over 150 characters`] : []),
  ]);
}

function elementProblems(where: string, element: Element | undefined): string[] {
  if (!element?.action_id) return [`${where}: an element without action_id`];
  const type = element.type ?? '';
  if (!KNOWN.has(type)) return [`${where}: an element of type ${type}`];
  if (SELECTS.has(type)) {
    const groups = element.option_groups;
    if (groups && element.options) return [`${where}: both options and option_groups`];
    if (!groups) {
      const options = element.options ?? [];
      return within(options.length, 100) ? optionProblems(where, options) : [`${where}: ${options.length} options`];
    }
    if (!within(groups.length, 100)) return [`${where}: ${groups.length} option groups`];
    return groups.flatMap((group) => [
      ...(longer(group.label, 75) ? [`${where}: a group's label over 75 characters`] : []),
      ...(within(group.options?.length ?? 0, 100) ? [] : [`${where}: a group of ${group.options?.length} options`]),
      ...optionProblems(where, group.options ?? []),
    ]);
  }
  if (CHOICES.has(type)) {
    const options = element.options ?? [];
    return within(options.length, 10) ? optionProblems(where, options) : [`${where}: ${options.length} choices`];
  }
  return [];
}

/** Each problem Slack would refuse the view for; none for a view it opens. */
export function viewProblems(view: ModalView): string[] {
  const blocks = view.blocks ?? [];
  const ids = blocks.flatMap((block) => (block.block_id ? [block.block_id] : []));
  return [
    ...(view.type === 'modal' ? [] : [`a view of type ${view.type}`]),
    ...(view.title?.text && !longer(view.title, 24) ? [] : ['a title missing or over 24 characters']),
    ...(longer(view.submit, 24) || longer(view.close, 24) ? ['submit or close over 24 characters'] : []),
    ...(within(blocks.length, 100) ? [] : [`${blocks.length} blocks`]),
    ...(new Set(ids).size === ids.length ? [] : ['two blocks with one block_id']),
    ...blocks.flatMap((block) =>
      block.type !== 'input'
        ? []
        : [
            ...(block.label?.text && !longer(block.label, 2000) ? [] : [`${block.block_id}: a label missing or long`]),
            ...elementProblems(block.block_id ?? 'an input block', block.element),
          ],
    ),
  ];
}

/** The block_ids of the view's input blocks: where response_action errors may point. */
export const inputBlocks = (view: ModalView) =>
  (view.blocks ?? []).flatMap((block) => (block.type === 'input' && block.block_id ? [block.block_id] : []));
