/** Requests as Slack's Events API sends them: the body signed with the app's signing secret (v0). */
import { createHmac } from 'node:crypto';
import { WEBHOOK_PATHS } from '../../../n8n/source/toolkit/ids.ts';
import type { Answer } from './check-helpers.ts';

export interface SlackPost {
  /** Seconds since 1970 the request says it was made; now when absent. */
  timestamp?: number;
  /** The secret it is signed with. */
  secret: string;
}

export function slackEventPoster(n8nUrl: string) {
  return async (body: unknown, { timestamp = Math.floor(Date.now() / 1000), secret }: SlackPost): Promise<Answer> => {
    const text = JSON.stringify(body);
    const signature = `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${text}`).digest('hex')}`;
    const response = await fetch(`${n8nUrl}/webhook/${WEBHOOK_PATHS.slackEvents}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-slack-request-timestamp': String(timestamp),
        'x-slack-signature': signature,
      },
      body: text,
    });
    return { status: response.status, text: await response.text(), headers: response.headers };
  };
}

/** A Slack `message` event in a channel, as event_callback. */
export function messageEvent(eventId: string, event: Record<string, unknown>) {
  return {
    token: 'unused',
    team_id: 'T0TEST',
    api_app_id: 'A0TEST',
    type: 'event_callback',
    event_id: eventId,
    event_time: Math.floor(Date.now() / 1000),
    event: { type: 'message', channel: 'C0FACILITATOR', user: 'U0FACILITATOR', ...event },
  };
}

/** A Slack `reaction_added` event: someone reacted to the message with this ts in the channel of this id. */
export function reactionEvent(eventId: string, item: { channel: string; ts: string }, reaction = 'thumbsup') {
  return {
    ...messageEvent(eventId, {}),
    event: { type: 'reaction_added', user: 'U0FACILITATOR', reaction, item: { type: 'message', ...item } },
  };
}
