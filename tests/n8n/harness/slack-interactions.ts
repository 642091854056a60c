/**
 * Slack's interactivity as the fake Slack sends it to ThriveSlackActions: a person's click on a message's button
 * (block_actions, with a trigger_id views.open accepts once), a global shortcut or a slash command (each with such
 * a trigger_id), the submission of a form views.open opened (view_submission, with its private_metadata and the
 * values typed), a choice in an input that dispatches its changes (block_actions from the view), and a select's
 * look-up of options as someone types (block_suggestion). Each is a form POST, the JSON in `payload` (a slash
 * command's fields as they are), signed with the app's signing secret (v0), as Slack signs every request.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { WEBHOOK_PATHS } from '../../../n8n/source/toolkit/ids.ts';
import type { Answer } from './check-helpers.ts';
import type { FakeSlack, SlackMessage } from './fake-slack.ts';

/** The Slack user who answers: Slack sends their id, username and name. */
export interface SlackUser {
  id: string;
  name: string;
}

export interface Signing {
  secret: string;
  /** Seconds since 1970 the request says it was made; now when absent. */
  timestamp?: number;
}

export function slackInteractions(slack: FakeSlack, n8nUrl: string, signing: Signing) {
  const sendFields = async (
    fields: Record<string, string>,
    { secret, timestamp = Math.floor(Date.now() / 1000) } = signing,
  ) => {
    const body = new URLSearchParams(fields).toString();
    const signature = `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
    const response = await fetch(`${n8nUrl}/webhook/${WEBHOOK_PATHS.slackActions}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-slack-request-timestamp': String(timestamp),
        'x-slack-signature': signature,
      },
      body,
    });
    return { status: response.status, text: await response.text(), headers: response.headers } satisfies Answer;
  };
  const send = (payload: unknown, sign = signing) => sendFields({ payload: JSON.stringify(payload) }, sign);
  /** A trigger_id as Slack gives one with an interaction, which views.open then accepts once. */
  const trigger = () => {
    const triggerId = `${Date.now()}.${randomUUID()}`;
    slack.triggers.add(triggerId);
    return triggerId;
  };
  const opened = (triggerId: string) => {
    const view = slack.views.find((v) => v.triggerId === triggerId);
    if (!view) throw new Error(`no form was opened for the trigger ${triggerId}`);
    return view;
  };

  const person = (user: SlackUser) => ({ id: user.id, username: user.name, name: user.name, team_id: 'T0TEST' });

  return {
    send,
    /** A click on the button `actionId` of the message, as block_actions; the answer, and the trigger_id given. */
    async click(message: SlackMessage, actionId: string, user: SlackUser, sign: Signing = signing) {
      const button = message.blocks
        ?.flatMap((block) => (block.type === 'actions' ? (block.elements ?? []).map((e) => ({ block, e })) : []))
        .find(({ e }) => e.action_id === actionId);
      if (!button) throw new Error(`the message ${message.ts} has no button ${actionId}`);
      const triggerId = trigger();
      const payload = {
        type: 'block_actions',
        user: person(user),
        api_app_id: 'A0TEST',
        trigger_id: triggerId,
        container: { type: 'message', message_ts: message.ts, channel_id: message.channelId, is_ephemeral: false },
        channel: { id: message.channelId, name: message.channel.replace(/^#/, '') },
        message: { type: 'message', text: message.text, ts: message.ts, blocks: message.blocks },
        actions: [
          { ...button.e, block_id: button.block.block_id, type: 'button', action_ts: String(Date.now() / 1000) },
        ],
      };
      return { answer: await send(payload, sign), triggerId };
    },
    /** A global shortcut, by its callback_id; the answer, and the trigger_id given. */
    async shortcut(callbackId: string, user: SlackUser, sign: Signing = signing) {
      const triggerId = trigger();
      const payload = {
        type: 'shortcut',
        token: 'unused',
        action_ts: String(Date.now() / 1000),
        team: { id: 'T0TEST', domain: 'thrive' },
        user: { id: user.id, username: user.name, team_id: 'T0TEST' },
        callback_id: callbackId,
        trigger_id: triggerId,
      };
      return { answer: await send(payload, sign), triggerId };
    },
    /** A slash command with its text, as Slack POSTs it (form fields, no payload); the answer and trigger_id. */
    async command(command: string, text: string, user: SlackUser, sign: Signing = signing) {
      const triggerId = trigger();
      const fields = {
        token: 'unused',
        team_id: 'T0TEST',
        channel_id: 'C0STAFF',
        user_id: user.id,
        user_name: user.name,
        command,
        text,
        api_app_id: 'A0TEST',
        response_url: 'https://hooks.slack.invalid/commands/T0TEST/1/x',
        trigger_id: triggerId,
      };
      return { answer: await sendFields(fields, sign), triggerId };
    },
    /** What someone types in the form's external select `actionId`, as block_suggestion asks for its options. */
    suggest(triggerId: string, actionId: string, value: string, user: SlackUser) {
      const { id, view } = opened(triggerId);
      const block = view.blocks?.find((b) => b.element?.action_id === actionId);
      const payload = {
        type: 'block_suggestion',
        user: person(user),
        team: { id: 'T0TEST', domain: 'thrive' },
        api_app_id: 'A0TEST',
        action_id: actionId,
        block_id: block?.block_id,
        value,
        view: { id, ...view },
      };
      return send(payload);
    },
    /**
     * A choice made in an input of the form opened for the trigger that dispatches its changes (block_actions from
     * the view): `values` is the form's state with the choice in it ({ block_id: { action_id: value } }), `blockId`
     * the input chosen in (its action_id the same).
     */
    choose(triggerId: string, values: Record<string, Record<string, unknown>>, blockId: string, user: SlackUser) {
      const { id, view, hash } = opened(triggerId);
      const payload = {
        type: 'block_actions',
        user: person(user),
        api_app_id: 'A0TEST',
        trigger_id: trigger(),
        container: { type: 'view', view_id: id },
        view: { id, hash, ...view, state: { values } },
        actions: [
          {
            block_id: blockId,
            action_id: blockId,
            ...(values[blockId]?.[blockId] as object | undefined),
            action_ts: `${Date.now() / 1000}`,
          },
        ],
      };
      return send(payload);
    },
    /** The form opened for the trigger, submitted with `values` ({ block_id: { action_id: value } }). */
    async submit(
      triggerId: string,
      values: Record<string, Record<string, unknown>>,
      user: SlackUser,
      sign: Signing = signing,
    ) {
      const { id, view } = opened(triggerId);
      const payload = {
        type: 'view_submission',
        user: person(user),
        api_app_id: 'A0TEST',
        view: { id, ...view, state: { values } },
      };
      return send(payload, sign);
    },
  };
}
