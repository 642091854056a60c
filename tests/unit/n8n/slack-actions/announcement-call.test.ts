import { describe, expect, it } from 'vitest';
import { announcementCall, type SlackPayload } from '../../../../n8n/source/slack-actions/announcement-call.ts';

const POST = { blockId: 'thrive_announcement', withdraw: 'withdraw' };
const call = (payload: SlackPayload, fields: Record<string, string> = {}) =>
  announcementCall(new Map(Object.entries(fields)), payload, 'priya', POST);
const option = (value: string) => ({ value });

describe('what a Slack interaction asks of the announcements’ forms', () => {
  it('opens the form a slash command names, or a shortcut’s', () => {
    expect(call({}, { command: '/thrive', text: ' Change ', trigger_id: 't1' })).toEqual({
      kind: 'open',
      form: 'change',
      trigger_id: 't1',
    });
    expect(call({}, { command: '/thrive', text: '', trigger_id: 't2' })).toMatchObject({ form: 'announce' });
    expect(call({ type: 'shortcut', callback_id: 'thrive_announce', trigger_id: 't3' })).toEqual({
      kind: 'open',
      form: 'announce',
      trigger_id: 't3',
    });
  });

  it('asks for the reach of the choice just made, with the other input’s choice from the form’s state', () => {
    const view = {
      id: 'V1',
      hash: 'h1',
      callback_id: 'thrive_announce',
      state: {
        values: {
          audience: { audience: { selected_option: option('everyone') } },
          parents: { parents: { selected_options: [option('+911')] } },
        },
      },
    };
    const chosen = call({
      type: 'block_actions',
      view,
      actions: [{ block_id: 'audience', action_id: 'audience', selected_option: option('parents') }],
    });
    expect(chosen).toEqual({ kind: 'reach', view_id: 'V1', hash: 'h1', audience: 'parents', parents: ['+911'] });
    // The session change form's inputs dispatch nothing it answers.
    const change = { ...view, callback_id: 'thrive_session_change' };
    expect(call({ type: 'block_actions', view: change, actions: [{ block_id: 'slot' }] })).toBeUndefined();
  });

  it('reads a submission’s values as the check takes them', () => {
    const submitted = call({
      type: 'view_submission',
      view: {
        callback_id: 'thrive_announce',
        state: {
          values: {
            title_en: { title_en: { value: 'Closed' } },
            audience: { audience: { selected_option: option('parents') } },
            parents: { parents: { selected_options: [option('+911'), option('+912')] } },
            send_day: { send_day: { selected_date: null } },
            urgent: { urgent: { selected_options: [option('urgent')] } },
            confirm: { confirm: { selected_options: [] } },
          },
        },
      },
    });
    expect(submitted).toEqual({
      kind: 'submit',
      form: 'announce',
      by: 'priya',
      values: {
        title_en: 'Closed',
        audience: 'parents',
        parents: ['+911', '+912'],
        send_day: undefined,
        urgent: true,
        confirm: false,
      },
    });
  });

  it('withdraws a post’s announcement, with who pressed it and where, and leaves anything else to the other forms', () => {
    const click = {
      type: 'block_actions',
      user: { id: 'U0PRIYA' },
      channel: { id: 'C0STAFF' },
      actions: [{ block_id: 'thrive_announcement', action_id: 'withdraw', value: 'a1' }],
    };
    const withdraw = { kind: 'withdraw', id: 'a1', by: 'priya', user: 'U0PRIYA', channel: 'C0STAFF' };
    expect(call(click)).toStrictEqual(withdraw);
    // A message's container names its channel too; either is the channel the post is in.
    expect(call({ ...click, channel: undefined, container: { channel_id: 'C0STAFF' } })).toStrictEqual(withdraw);
    expect(call({ type: 'block_actions', actions: [{ block_id: 'thrive_outcome', action_id: 'confirm' }] })).toBe(
      undefined,
    );
    expect(call({ type: 'view_submission', view: { callback_id: 'thrive_outcome' } })).toBeUndefined();
  });
});
