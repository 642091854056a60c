/**
 * ThriveSlackEvents: facilitators' replies from Slack. Slack's Events API
 * POSTs every event of the channels the bot is in to this workflow's
 * webhook. Each request's signature is checked first (Slack's v0 scheme:
 * HMAC-SHA256 of `v0:{timestamp}:{raw body}` with the app's signing secret,
 * the timestamp within 5 minutes, so a recorded request cannot be replayed
 * later); a forged or stale one is refused (401). Then the URL check is
 * answered, and a person's reply in the thread of a parent's message is
 * stored in that parent's thread, once per event_id (Slack retries an event
 * it got no 2xx for). A stored reply has queued a push for each of the
 * parent's subscriptions (a trigger in Postgres): once Slack has its
 * answer, Thrive push is run to send them at once, taking only what goes
 * ahead of a fan-out, so a reply never waits for an announcement's batch.
 * A reply in a parent message's thread, or a reaction added to that
 * message, is the programme seeing it: the portal shows the parent "Seen"
 * under it.
 */
import { ENV, WEBHOOK_PATHS, WORKFLOWS } from '../toolkit/ids.ts';
import { postgres, respond, webhook } from '../toolkit/io-nodes.ts';
import { sendPushesNow } from '../push/call.ts';
import { data, ifTrue, set, sticky } from '../toolkit/nodes.ts';
import { SLACK_MAX_AGE_SECONDS, slackSignatureCheck, slackSignatureLinks } from '../toolkit/slack-signing.ts';
import { workflowJson } from '../toolkit/workflow.ts';

/**
 * $1: Slack's event_id, $2: the channel's id, $3: thread_ts, $4: the reply's text as Slack sends it (with &, < and
 * > escaped, undone here: the portal shows it as text), $5: the reply's ts. stored | duplicate | unknown
 * (thrive.store_reply in n8n/schema.sql).
 */
const STORE_REPLY = `SELECT thrive.store_reply($1, $2, $3,
  replace(replace(replace($4, '&lt;', '<'), '&gt;', '>'), '&amp;', '&'), $5) AS stored;`;

/** $1: the channel's id, $2: the ts of the message reacted to. seen | unknown (thrive.programme_saw). */
const STORE_REACTION = 'SELECT thrive.programme_saw($1, $2) AS seen;';

/** A reaction added to a message (Slack's reaction_added: its item names the message's channel and ts). */
const REACTION = "$json.event?.type === 'reaction_added' && $json.event.item?.type === 'message'";

/** A person's new message in a thread: not the thread's first message, not a bot's, not an edit or a deletion. */
const REPLY = [
  "$json.event?.type === 'message'",
  "[undefined, 'thread_broadcast', 'file_share'].includes($json.event.subtype)",
  '!$json.event.bot_id',
  "typeof $json.event.thread_ts === 'string'",
  '$json.event.thread_ts !== $json.event.ts',
  "($json.event.text ?? '').trim() !== ''",
].join(' && ');

const NOTE = `## Thrive Slack events
Facilitators reply to a parent in the Slack thread of the parent's message; the reply shows in the parent's portal. A reply in its thread, or any reaction to it, shows the parent "Seen" under their message.

In your Slack app: **Event Subscriptions** on, **Request URL** \`<n8n>/webhook/${WEBHOOK_PATHS.slackEvents}\`, bot events \`message.channels\` (and \`message.groups\` for private channels) and \`reaction_added\`. The app's **Signing Secret** goes in \`${ENV.slackSigningSecret}\`.

Every request must carry Slack's signature of its exact bytes (**Raw body**, **Sign**), made within ${SLACK_MAX_AGE_SECONDS / 60} minutes; any other is refused with 401.`;

export function slackEventsWorkflow(): Record<string, unknown> {
  const nodes = [
    sticky('About', [-40, -360], [720, 300], NOTE),
    webhook('Slack event', [0, 200], WEBHOOK_PATHS.slackEvents, { options: { rawBody: true } }),
    ...slackSignatureCheck([240, 200]),
    set('Event', [960, 120], { body: ['object', '={{ JSON.parse($json.raw) }}'] }),
    ifTrue('URL check?', [1200, 120], "$json.body.type === 'url_verification'"),
    respond('Answer challenge', [1440, 0], { status: 200, body: '={{ $json.body.challenge }}' }),
    set('Message', [1440, 200], {
      event: ['object', '={{ $json.body.event ?? {} }}'],
      event_id: ['string', '={{ $json.body.event_id }}'],
    }),
    ifTrue('Reply in a thread?', [1680, 200], REPLY),
    postgres(
      'Store reply',
      [1920, 120],
      STORE_REPLY,
      '={{ [ $json.event_id, $json.event.channel, $json.event.thread_ts, $json.event.text, $json.event.ts ] }}',
    ),
    ifTrue('Reaction?', [1920, 320], REACTION),
    postgres('Store reaction', [2160, 300], STORE_REACTION, '={{ [ $json.event.item.channel, $json.event.item.ts ] }}'),
    respond('Acknowledge', [2400, 220], { status: 200, body: 'ok' }),
    ifTrue('Reply stored?', [2640, 220], "$json.stored === 'stored'"),
    data('Replies only', [2880, 140], { replies: true }),
    sendPushesNow('Send pushes', [3120, 140]),
  ];
  return workflowJson({
    id: WORKFLOWS.slackEvents.id,
    name: 'Thrive Slack events',
    nodes,
    links: [
      ...slackSignatureLinks('Slack event'),
      ['Signed by Slack?', 0, 'Event'],
      ['Event', 0, 'URL check?'],
      ['URL check?', 0, 'Answer challenge'],
      ['URL check?', 1, 'Message'],
      ['Message', 0, 'Reply in a thread?'],
      ['Reply in a thread?', 0, 'Store reply'],
      ['Reply in a thread?', 1, 'Reaction?'],
      ['Reaction?', 0, 'Store reaction'],
      ['Reaction?', 1, 'Acknowledge'],
      ['Store reaction', 0, 'Acknowledge'],
      ['Store reply', 0, 'Acknowledge'],
      ['Acknowledge', 0, 'Reply stored?'],
      ['Reply stored?', 0, 'Replies only'],
      ['Replies only', 0, 'Send pushes'],
    ],
  });
}
