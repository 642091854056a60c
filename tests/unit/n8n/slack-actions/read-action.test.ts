import { describe, expect, it } from 'vitest';
import { WORKFLOWS } from '../../../../n8n/source/toolkit/ids.ts';
import { committed, runNode } from '../support/workflow.ts';

const slackActions = committed(WORKFLOWS.slackActions.path);

/** Slack's body: form fields, URL-encoded, the interaction's JSON in `payload`. */
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const interaction = (payload: unknown) => form({ payload: JSON.stringify(payload) });
const read = (raw: string) => runNode('Read action', { raw }, {}, slackActions);
const PRIYA = { id: 'U1', username: 'priya', name: 'priya' };

describe("ThriveSlackActions' Read action, run as the task runner runs it (it has no URLSearchParams)", () => {
  it('reads a shortcut and the slash command as opening a form', async () => {
    const shortcut = interaction({
      type: 'shortcut',
      callback_id: 'thrive_session_change',
      trigger_id: 'T1',
      user: PRIYA,
    });
    expect(await read(shortcut)).toEqual({
      kind: 'announce',
      call: { kind: 'open', form: 'change', trigger_id: 'T1' },
    });
    expect(await read(form({ command: '/thrive', text: ' Change ', trigger_id: 'T2', user_name: 'priya' }))).toEqual({
      kind: 'announce',
      call: { kind: 'open', form: 'change', trigger_id: 'T2' },
    });
  });

  it('reads what staff typed in the chosen parents’ menu, a + and a space kept apart, and a post’s Withdraw', async () => {
    const typed = interaction({
      type: 'block_suggestion',
      value: '+91 98 & co',
      view: { callback_id: 'thrive_announce' },
    });
    expect(await read(typed)).toEqual({ kind: 'announce', call: { kind: 'suggest', typed: '+91 98 & co' } });
    const withdraw = interaction({
      type: 'block_actions',
      user: PRIYA,
      container: { type: 'message', message_ts: '1.000001', channel_id: 'C0STAFF' },
      actions: [{ block_id: 'thrive_announcement', action_id: 'withdraw', value: 'a1' }],
    });
    expect(await read(withdraw)).toEqual({
      kind: 'announce',
      call: { kind: 'withdraw', id: 'a1', by: 'priya', user: 'U1', channel: 'C0STAFF' },
    });
  });

  it('reads a submitted announcement with its fields left empty as Slack sends them (null)', async () => {
    const values = {
      title_en: { title_en: { type: 'plain_text_input', value: 'Closed' } },
      title_hi: { title_hi: { type: 'plain_text_input', value: null } },
      send_day: { send_day: { type: 'datepicker', selected_date: null } },
      urgent: { urgent: { type: 'checkboxes', selected_options: [] } },
      parents: { parents: { type: 'multi_external_select', selected_options: [{ value: '+919100000001' }] } },
    };
    const submitted = interaction({
      type: 'view_submission',
      user: PRIYA,
      view: { callback_id: 'thrive_announce', state: { values } },
    });
    expect(await read(submitted)).toEqual({
      kind: 'announce',
      call: {
        kind: 'submit',
        form: 'announce',
        values: { title_en: 'Closed', urgent: false, parents: ['+919100000001'], confirm: false },
        by: 'priya',
      },
    });
  });

  it('reads a click on a reschedule notice’s button, as before', async () => {
    const click = interaction({
      type: 'block_actions',
      user: PRIYA,
      trigger_id: 'T3',
      container: { channel_id: 'C1', message_ts: '1.2' },
      message: { text: 'Reschedule request' },
      actions: [{ block_id: 'thrive_outcome', action_id: 'confirm', value: 'r1' }],
    });
    expect(await read(click)).toMatchObject({ kind: 'open', action: 'confirm', request_id: 'r1', trigger_id: 'T3' });
  });
});
