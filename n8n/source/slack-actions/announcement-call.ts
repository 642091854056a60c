/**
 * What a Slack interaction asks of the announcements' forms (Thrive announcements answers it), or undefined when
 * it is not theirs: the slash command (its text "change" opens the session change form) or a shortcut opens one;
 * a choice of who an announcement is for (its inputs dispatch each change) brings the form's reach line up to date;
 * a submission is checked and sent; the chosen parents' menu looks parents up as staff type (block_suggestion);
 * a post's Withdraw withdraws its announcement, with who pressed it (their Slack user id) and where, to tell them
 * alone when it is refused.
 */
interface Option {
  value?: string;
}
/** An input's state as Slack sends it, or a block_actions action (the element's fields). */
interface ElementState {
  value?: string | null;
  selected_date?: string | null;
  selected_time?: string | null;
  selected_option?: Option | null;
  selected_options?: Option[];
}
type StateValues = Record<string, Record<string, ElementState>>;
export interface SlackPayload {
  type?: string;
  callback_id?: string;
  trigger_id?: string;
  value?: string;
  view?: { id?: string; hash?: string; callback_id?: string; state?: { values?: StateValues } };
  user?: { id?: string };
  container?: { channel_id?: string };
  channel?: { id?: string };
  actions?: (ElementState & { block_id?: string; action_id?: string })[];
}

const FORMS: Record<string, 'announce' | 'change'> = { thrive_announce: 'announce', thrive_session_change: 'change' };
const formOf = (callbackId: string | undefined) =>
  callbackId && Object.hasOwn(FORMS, callbackId) ? FORMS[callbackId] : undefined;
const read = (v: ElementState) =>
  v.value ?? v.selected_date ?? v.selected_time ?? v.selected_option?.value ?? v.selected_options;
const ticked = (value: unknown) => Array.isArray(value) && value.length > 0;
const numbers = (value: unknown) => (Array.isArray(value) ? (value as Option[]).map((option) => option.value) : []);

/**
 * `fields`: the request's form fields (a slash command's), `payload`: an interaction's, `by`: who acted, `post`: the
 * block and action ids of a post's Withdraw (toolkit/ids.ts's ANNOUNCEMENT_POST_BLOCK).
 */
export function announcementCall(
  fields: ReadonlyMap<string, string>,
  payload: SlackPayload,
  by: string,
  post: { blockId: string; withdraw: string },
): Record<string, unknown> | undefined {
  if (fields.get('command')) {
    const form = fields.get('text')?.trim().toLowerCase() === 'change' ? 'change' : 'announce';
    return { kind: 'open', form, trigger_id: fields.get('trigger_id') };
  }
  if (payload.type === 'shortcut' && formOf(payload.callback_id))
    return { kind: 'open', form: formOf(payload.callback_id), trigger_id: payload.trigger_id };
  const view = payload.view ?? {};
  const form = formOf(view.callback_id);
  if (payload.type === 'block_suggestion' && form) return { kind: 'suggest', typed: String(payload.value ?? '') };
  const actions = payload.actions ?? [];
  // The choice just made comes in actions; the other input's, in the view's state.
  if (payload.type === 'block_actions' && form === 'announce' && actions.length > 0) {
    const now = (block: string) => actions.find((a) => a.block_id === block) ?? view.state?.values?.[block]?.[block];
    return {
      kind: 'reach',
      view_id: view.id,
      hash: view.hash,
      audience: now('audience')?.selected_option?.value ?? '',
      parents: numbers(now('parents')?.selected_options),
    };
  }
  const withdraw = actions.find((a) => a.block_id === post.blockId && a.action_id === post.withdraw);
  if (payload.type === 'block_actions' && withdraw) {
    const channel = payload.container?.channel_id ?? payload.channel?.id;
    return { kind: 'withdraw', id: withdraw.value, by, user: payload.user?.id, channel };
  }
  if (payload.type === 'view_submission' && form) {
    const values: Record<string, unknown> = Object.fromEntries(
      Object.values(view.state?.values ?? {}).flatMap((block) => Object.entries(block).map(([id, v]) => [id, read(v)])),
    );
    const submitted = { ...values, urgent: ticked(values.urgent), confirm: ticked(values.confirm) };
    return { kind: 'submit', form, values: { ...submitted, parents: numbers(values.parents) }, by };
  }
  return undefined;
}
