/**
 * Read receipts both ways on a running n8n. The programme's side, by n8n's rule: a signed Slack reply in the thread
 * of a parent's message, or a reaction added to it, makes chat_thread say `seen` (the newest such message, with when
 * it was first seen), through the conversation workflow and the portal webhook's own read alike. The parent's side:
 * mark_read with the device token, through the portal webhook as the phone's outbox sends it, kept once, its time
 * never later than n8n's now, each reply it reached marked in Slack with READ_REACTION once, and a mark Slack did not
 * take offered again at the next read; nothing kept for another parent's token or with read_receipts off, nor from
 * a phone signed in again after the parent turned them off and logged out (the parent's settings outlive their
 * tokens; show_text, a phone's own, starts at its default).
 */
import { randomUUID } from 'node:crypto';
import { READ_REACTION } from '../../../n8n/source/toolkit/ids.ts';
import { toIstIso } from '../../../src/shared/format/ist.ts';
import type { ConversationAnswers, ThreadMessage } from '../../../src/shared/webhook/conversation.ts';
import { DEFAULT_NOTIFICATION_SETTINGS, type PushAnswers } from '../../../src/shared/webhook/push.ts';
import { expectEqual, verifiedDevice } from './check-helpers.ts';
import { SECRETS } from './conversation-fakes.ts';
import { conversationCaller } from './conversation-checks.ts';
import type { Results } from './results.ts';
import { messageEvent, reactionEvent, slackEventPoster } from './slack-signing.ts';
import type { Stack } from './stack.ts';

/** A parent who is not on the roster: their thread works all the same, and no text is queued for them. */
const PARENT = { name: 'Receipts Parent', number: '+919000000051' };
const OTHER_KEY = '+919000000052';
const CHANNEL_ID = 'C0RECEIPTS';

type Thread = ConversationAnswers['chat_thread'];

export async function runReadReceiptChecks({ n8n, postgres, slack }: Stack, results: Results): Promise<void> {
  const call = conversationCaller(n8n.url);
  const slackEvent = slackEventPoster(n8n.url);
  const signed = { secret: SECRETS.slackSigning };
  const device = (numberKey: string) => verifiedDevice(postgres, numberKey);
  const phone = device(PARENT.number);
  const thread = async (token = phone) => (await call({ action: 'chat_thread' }, token)).body as Thread;
  let posted = 0;
  /** The parent's message as the portal webhook keeps it once posted to Slack: its Slack ts. */
  const parentMessage = () => {
    posted += 1;
    const ts = `17650${String(posted).padStart(5, '0')}.000100`;
    postgres.run(`INSERT INTO thrive.messages (request_id, phone_e164, text, slack_channel, slack_ts)
      VALUES ('${randomUUID()}', '${PARENT.number}', 'Message ${posted}', '${CHANNEL_ID}', '${ts}')`);
    return ts;
  };
  let events = 0;
  const event = (body: (id: string) => unknown) => slackEvent(body(`Ev0RECEIPT${(events += 1)}`), signed);
  /** A facilitator's reply in the thread of the message `threadTs`: its own ts. */
  const reply = async (threadTs: string) => {
    const ts = `17651${String(events).padStart(5, '0')}.000200`;
    const answer = await event((id) =>
      messageEvent(id, { channel: CHANNEL_ID, text: 'Noted', ts, thread_ts: threadTs }),
    );
    if (answer.status !== 200) throw new Error(`Slack's event answered ${answer.status}`);
    return ts;
  };
  /** mark_read as the phone's outbox sends it: through the portal webhook, naming the parent, with the token. */
  const markRead = async (through: string, readAt: Date, token = phone) => {
    const response = await fetch(n8n.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...token },
      body: JSON.stringify({
        action: 'mark_read',
        user: PARENT,
        payload: { through, read_at: readAt.toISOString() },
        request_id: randomUUID(),
        timestamp_ist: toIstIso(new Date()),
      }),
    });
    return [response.status, await response.json()] as const;
  };
  const lastReplyId = async (token = phone) =>
    (await thread(token)).messages.filter((m) => m.from === 'staff').at(-1)?.id ?? '';
  const idOfText = (messages: ThreadMessage[], text: string) => messages.find((m) => m.text === text)?.id;
  const marked = (ts: string) =>
    slack.reactions.filter((r) => r.channel === CHANNEL_ID && r.timestamp === ts && r.name === READ_REACTION).length;
  const reads = () =>
    postgres.rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM thrive.thread_parent_reads WHERE number_key = '${PARENT.number}'`,
    )[0]?.n;

  const first = parentMessage();
  const second = parentMessage();
  let replies: string[] = [];

  await results.run(
    'read receipts: a reaction or a reply in Slack is the programme seeing the parent’s message, the newest kept',
    async () => {
      const before = await thread();
      const reacted = await event((id) => reactionEvent(id, { channel: CHANNEL_ID, ts: first }));
      const afterReaction = await thread();
      replies = [await reply(second)];
      const afterReply = await thread();
      await event((id) => reactionEvent(id, { channel: CHANNEL_ID, ts: first }, 'eyes'));
      const afterOlder = await thread();
      const portal = await fetch(n8n.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...phone },
        body: JSON.stringify({ action: 'chat_thread' }),
      });
      const fromPortal = (await portal.json()) as Thread;
      const ids = afterReply.messages;
      const seenAt = Date.parse(afterReply.seen?.at ?? '');
      return [
        ...expectEqual('before: no seen, read receipts on', [before.seen, before.read_receipts], [undefined, true]),
        ...expectEqual('Slack answered', reacted.status, 200),
        ...expectEqual('after a reaction', afterReaction.seen?.message_id, idOfText(ids, 'Message 1')),
        ...expectEqual('after a reply in the thread', afterReply.seen?.message_id, idOfText(ids, 'Message 2')),
        ...(Math.abs(seenAt - Date.now()) < 60_000 ? [] : [`seen at ${afterReply.seen?.at}`]),
        ...expectEqual('a reaction to an older message changes nothing', afterOlder.seen, afterReply.seen),
        ...expectEqual(
          "the portal webhook's own read",
          [portal.status, fromPortal.seen, fromPortal.read_receipts],
          [200, afterReply.seen, true],
        ),
      ];
    },
  );

  await results.run(
    `read receipts: mark_read through the portal webhook keeps the read once and marks each reply it reached in Slack with :${READ_REACTION}:`,
    async () => {
      replies.push(await reply(first));
      const through = await lastReplyId();
      const aMinuteAgo = new Date(Date.now() - 60_000);
      const read = await markRead(through, aMinuteAgo);
      const again = await markRead(through, new Date());
      replies.push(await reply(second));
      const tomorrow = new Date(Date.now() + 86_400_000);
      const ahead = await markRead(await lastReplyId(), tomorrow);
      const kept = postgres.rows<{ through: string; at: string }>(
        `SELECT read_through::text AS through, read_at AS at FROM thrive.thread_parent_reads
        WHERE number_key = '${PARENT.number}' ORDER BY read_through`,
      );
      return [
        ...expectEqual('the first read', read, [200, { recorded: true }]),
        ...expectEqual('the same read again', again, [200, { recorded: false }]),
        ...expectEqual('a read further on', ahead, [200, { recorded: true }]),
        ...expectEqual(
          'kept',
          kept.map((row) => row.through),
          [through, await lastReplyId()],
        ),
        ...expectEqual('its time', Date.parse(kept[0]?.at ?? ''), aMinuteAgo.getTime()),
        ...(Date.parse(kept[1]?.at ?? '') <= Date.now() ? [] : [`a read kept at ${kept[1]?.at}, after now`]),
        ...expectEqual(
          'each reply marked once in Slack',
          replies.map(marked),
          replies.map(() => 1),
        ),
      ];
    },
  );

  await results.run(
    'read receipts: a mark Slack did not take goes at the next read; another parent’s token and read receipts off keep nothing',
    async () => {
      slack.failNext('reactions.add');
      const missed = await reply(first);
      const failedRead = await markRead(await lastReplyId(), new Date());
      const missedAfterFailure = marked(missed);
      const next = await reply(second);
      const nextRead = await markRead(await lastReplyId(), new Date());
      const readsBefore = reads();
      const unmarked = await reply(first);
      const otherParent = await markRead(await lastReplyId(), new Date(), device(OTHER_KEY));
      const settings = await call({ action: 'push_settings', payload: { settings: { read_receipts: false } } }, phone);
      const off = await thread();
      const offRead = await markRead(await lastReplyId(), new Date());
      return [
        ...expectEqual('the read Slack failed to mark', failedRead, [200, { recorded: true }]),
        ...expectEqual('marked after the failure', missedAfterFailure, 0),
        ...expectEqual('the next read', nextRead, [200, { recorded: true }]),
        ...expectEqual('both marked now', [marked(missed), marked(next)], [1, 1]),
        ...expectEqual('another parent’s token', otherParent, [200, { recorded: false }]),
        ...expectEqual('settings saved', settings.status, 200),
        ...expectEqual('chat_thread with read receipts off', off.read_receipts, false),
        ...expectEqual('a read with read receipts off', offRead, [200, { recorded: false }]),
        ...expectEqual('reads kept since', reads(), readsBefore),
        ...expectEqual('the reply read with receipts off, marked', marked(unmarked), 0),
      ];
    },
  );

  await results.run(
    'read receipts: a parent who turned them off and logged out signs in again with them off, and no read is kept; show_text starts at its default',
    async () => {
      const chosen = { read_receipts: false, quiet_start: '22:30', quiet_end: '06:15' };
      const saved = await call(
        { action: 'push_settings', payload: { settings: { ...chosen, show_text: true } } },
        phone,
      );
      const loggedOut = await call({ action: 'revoke_token' }, phone);
      const tokensLeft = postgres.rows<{ n: number }>(
        `SELECT count(*)::int AS n FROM thrive.parent_tokens WHERE number_key = '${PARENT.number}'`,
      )[0]?.n;
      const again = device(PARENT.number);
      const threadAgain = (await call({ action: 'chat_thread' }, again)).body as Thread;
      const readsBefore = reads();
      const unmarked = await reply(first);
      const read = await markRead(await lastReplyId(again), new Date(), again);
      const settings = (await call({ action: 'push_settings' }, again)).body as PushAnswers['push_settings'];
      return [
        ...expectEqual('settings saved, then logged out', [saved.status, loggedOut.status, tokensLeft], [200, 200, 0]),
        ...expectEqual('chat_thread on the phone signed in again', threadAgain.read_receipts, false),
        ...expectEqual('a read from it', read, [200, { recorded: false }]),
        ...expectEqual('reads kept since', reads(), readsBefore),
        ...expectEqual('the reply it read, marked', marked(unmarked), 0),
        ...expectEqual('its settings', settings.settings, { ...DEFAULT_NOTIFICATION_SETTINGS, ...chosen }),
      ];
    },
  );
}
