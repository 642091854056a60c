/**
 * Web Push on a running n8n, against the fake push service (push-fakes.ts): the three push actions with the
 * bearer token, through the portal webhook and the conversation's test wrapper, answered with the reference
 * server's words; a facilitator's signed Slack thread reply received and decrypted by the push service, in the
 * subscription's language, its text only with show_text, held in quiet hours until they end, and decided again at
 * once when push_settings changes them (quiet hours shortened or off, replies off); unsubscribe and
 * revoke_token leaving nothing to send; a 410 deleting the subscription; and a session reminder queued and sent
 * by ThrivePush run at a moment the test names (its test wrapper), once, and dropped when its moment is quiet.
 */
import { createHash, randomUUID } from 'node:crypto';
import { ANSWER_TEXTS } from '../../../server/contract/texts.ts';
import { istMoment, istDayOf } from '../../../src/shared/format/ist-zone.ts';
import { DEFAULT_NOTIFICATION_SETTINGS, type PushMessage } from '../../../src/shared/webhook/push.ts';
import type { ReceivedPush } from '../../support/fake-push-service.ts';
import { eventually, expectEqual } from './check-helpers.ts';
import { SECRETS } from './conversation-fakes.ts';
import { conversationCaller } from './conversation-checks.ts';
import { PUSH_WRAPPER_PATH, VAPID_SUBJECT } from './push-fakes.ts';
import type { Results } from './results.ts';
import { messageEvent, slackEventPoster } from './slack-signing.ts';
import type { Stack } from './stack.ts';

/** Test Parent (server/roster.test.json): Meera Nair's parent, with a Monday 09:00 session with her. */
const PARENT_KEY = '+919000000001';
const FACILITATOR = 'Meera Nair';
const CHANNEL_ID = 'C0PUSHCHANNEL';
/** No quiet hours: a reply's push goes at once, whatever the time the test runs at. */
const NEVER_QUIET = { quiet_start: '00:00', quiet_end: '00:00' };

/** `time` ("HH:mm") on India's day of `near`: where quiet hours ending then end, given a moment near their end. */
const endAt = (time: string, near: Date) =>
  istMoment(istDayOf(near), Number(time.slice(0, 2)) * 60 + Number(time.slice(3)));

const hhmm = (at: Date) => {
  const minutes = Math.round((at.getTime() + 330 * 60_000) / 60_000) % (24 * 60);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
};

export async function runPushChecks({ n8n, postgres, push: { service, vapid } }: Stack, results: Results) {
  const call = conversationCaller(n8n.url);
  const slackEvent = slackEventPoster(n8n.url);
  const signed = { secret: SECRETS.slackSigning };
  const count = (sql: string) => postgres.rows<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`)[0]?.n ?? -1;
  /** A verified device of the parent: a token as verify_code makes it (only its SHA-256 kept). */
  const device = () => {
    const token = randomUUID();
    const hash = createHash('sha256').update(token).digest('hex');
    postgres.run(`INSERT INTO thrive.parent_tokens (token_hash, number_key, created_at, expires_at)
      VALUES ('${hash}', '${PARENT_KEY}', now(), now() + interval '1 day')`);
    return { authorization: `Bearer ${token}` };
  };
  /** The parent's message in Slack, and a facilitator's reply in its thread as Slack sends it; true once stored. */
  let replies = 0;
  const reply = async (text: string) => {
    replies += 1;
    const ts = `17640${String(replies).padStart(5, '0')}.000100`;
    postgres.run(`INSERT INTO thrive.messages (request_id, phone_e164, text, slack_channel, slack_ts)
      VALUES ('${randomUUID()}', '${PARENT_KEY}', 'A question', '${CHANNEL_ID}', '${ts}')`);
    const event = messageEvent(`Ev0PUSH${replies}`, { channel: CHANNEL_ID, text, ts: `${ts}1`, thread_ts: ts });
    const answer = await slackEvent(event, signed);
    return answer.status;
  };
  const runAt = async (now: Date) => {
    const response = await fetch(`${n8n.url}/webhook/${PUSH_WRAPPER_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ now: now.toISOString() }),
    });
    if (response.status !== 200) throw new Error(`the push test wrapper answered ${response.status}`);
  };
  const toEndpoint = (endpoint: string) => (p: ReceivedPush) => p.endpoint === endpoint;

  const subscription = service.subscribe({ applicationServerKey: vapid.publicKey });
  const phone = device();

  await results.run(
    'push: push_settings and push_subscribe keep a device’s settings, as the reference server',
    async () => {
      const none = await call({ action: 'push_settings' });
      const first = await call({ action: 'push_settings' }, phone);
      const changed = await call(
        { action: 'push_settings', payload: { settings: { show_text: true, ...NEVER_QUIET } }, language: 'hi' },
        phone,
      );
      const bad = await call(
        {
          action: 'push_subscribe',
          payload: { subscription: { ...subscription.json, endpoint: 'http://127.0.0.1/push/x' } },
          language: 'hi',
        },
        phone,
      );
      const badKey = await call(
        {
          action: 'push_subscribe',
          payload: { subscription: { ...subscription.json, keys: { p256dh: 'AAAA', auth: 'x' } } },
        },
        phone,
      );
      // Through the portal webhook, as the portal sends it.
      const subscribed = await fetch(n8n.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...phone },
        body: JSON.stringify({
          action: 'push_subscribe',
          payload: { subscription: subscription.json, settings: { show_text: false } },
          language: 'hi',
        }),
      });
      const after = await call({ action: 'push_settings' }, phone);
      const settings = { ...DEFAULT_NOTIFICATION_SETTINGS, ...NEVER_QUIET };
      return [
        ...expectEqual(
          'without a token',
          [none.status, (none.body as { text?: string }).text],
          [401, ANSWER_TEXTS.en.tokenMissing],
        ),
        ...expectEqual('first', first.body, {
          public_key: vapid.publicKey,
          subscribed: false,
          settings: DEFAULT_NOTIFICATION_SETTINGS,
        }),
        ...expectEqual('changed', changed.body, {
          public_key: vapid.publicKey,
          subscribed: false,
          settings: { ...settings, show_text: true },
        }),
        ...expectEqual(
          'an http endpoint',
          [bad.status, bad.body],
          [400, { text: ANSWER_TEXTS.hi.pushEndpointInvalid }],
        ),
        ...expectEqual('a short key', [badKey.status, badKey.body], [400, { text: ANSWER_TEXTS.en.pushKeyInvalid }]),
        ...expectEqual(
          'subscribed through the portal webhook',
          [subscribed.status, await subscribed.json()],
          [200, { subscribed: true, settings }],
        ),
        ...expectEqual('after', after.body, { public_key: vapid.publicKey, subscribed: true, settings }),
        ...expectEqual('kept', count(`thrive.push_subscriptions WHERE endpoint = '${subscription.json.endpoint}'`), 1),
      ];
    },
  );

  await results.run(
    'push: a facilitator’s Slack thread reply reaches the push service, decrypted, in Hindi, its text only with show_text',
    async () => {
      const hidden = service.nextPush(toEndpoint(subscription.json.endpoint), 30_000);
      const stored = await reply('Thursday at 5, see you');
      const first = await hidden;
      await call({ action: 'push_settings', payload: { settings: { show_text: true } } }, phone);
      const shown = service.nextPush(toEndpoint(subscription.json.endpoint), 30_000);
      await reply('Bring the workbook');
      const second = await shown;
      const message = first.json as Extract<PushMessage, { kind: 'reply' }>;
      return [
        ...expectEqual('Slack answered', stored, 200),
        ...expectEqual(
          'without show_text',
          { ...message, message_id: 'id' },
          {
            kind: 'reply',
            message_id: 'id',
            author: FACILITATOR,
            language: 'hi',
          },
        ),
        ...(/^[0-9]+$/.test(message.message_id) ? [] : [`message_id ${message.message_id}`]),
        ...expectEqual('headers', [first.ttl, first.urgency, first.topic], [2 * 24 * 3600, 'high', 'conversation']),
        ...expectEqual('VAPID subject', first.vapid?.sub, VAPID_SUBJECT),
        ...expectEqual('with show_text', (second.json as { text?: string }).text, 'Bring the workbook'),
        ...expectEqual('every job recorded as sent', await eventually(() => count('thrive.push_jobs') === 0), true),
      ];
    },
  );

  await results.run('push: a reply in quiet hours waits until they end, then goes', async () => {
    const now = new Date();
    const quiet = {
      quiet_start: hhmm(new Date(now.getTime() - 3600_000)),
      quiet_end: hhmm(new Date(now.getTime() + 3600_000)),
    };
    await call({ action: 'push_settings', payload: { settings: quiet } }, phone);
    const stored = await reply('See you after the holidays');
    // The run Slack's event started holds the job (Record sets its due time to the quiet hours' end).
    const end = istMoment(
      istDayOf(new Date(now.getTime() + 3600_000)),
      Number(quiet.quiet_end.slice(0, 2)) * 60 + Number(quiet.quiet_end.slice(3)),
    );
    const wasHeld = await eventually(() => {
      const rows = postgres.rows<{ at: string }>(`SELECT not_before AS at FROM thrive.push_jobs WHERE kind = 'reply'`);
      return rows.length === 1 && Date.parse(rows[0]?.at ?? '') === end.getTime();
    });
    const sentEarly = service.received.filter(
      (p) =>
        p.endpoint === subscription.json.endpoint &&
        (p.json as { text?: string })?.text === 'See you after the holidays',
    );
    const after = service.nextPush(toEndpoint(subscription.json.endpoint), 30_000);
    await runAt(new Date(end.getTime() + 60_000));
    const pushed = await after;
    await call({ action: 'push_settings', payload: { settings: NEVER_QUIET } }, phone);
    return [
      ...expectEqual('Slack answered', stored, 200),
      ...expectEqual('held until the quiet hours end', wasHeld, true),
      ...expectEqual('sent in quiet hours', sentEarly.length, 0),
      ...expectEqual('sent after them', (pushed.json as { text?: string }).text, 'See you after the holidays'),
    ];
  });

  await results.run(
    'push: push_settings decides held replies again at once: quiet hours shortened, then off; replies off',
    async () => {
      const now = new Date();
      const hour = 3600_000;
      const quiet = {
        quiet_start: hhmm(new Date(now.getTime() - hour)),
        quiet_end: hhmm(new Date(now.getTime() + hour)),
      };
      const shorter = hhmm(new Date(now.getTime() + hour / 2));
      const heldReplies = () =>
        postgres.rows<{ at: string; text: string }>(`SELECT j.not_before AS at, m.text FROM thrive.push_jobs j
          JOIN thrive.thread_messages m ON m.id = j.message_id WHERE j.kind = 'reply' AND j.held`);
      const heldUntil = (text: string, end: Date) => () =>
        heldReplies().some((row) => row.text === text && Date.parse(row.at) === end.getTime());
      const withText = (text: string) => (p: ReceivedPush) =>
        p.endpoint === subscription.json.endpoint && (p.json as { text?: string })?.text === text;

      await call({ action: 'push_settings', payload: { settings: quiet } }, phone);
      const stored = await reply('Held, then shortened');
      const wasHeld = await eventually(
        heldUntil('Held, then shortened', endAt(quiet.quiet_end, new Date(now.getTime() + hour))),
      );
      await call({ action: 'push_settings', payload: { settings: { quiet_end: shorter } } }, phone);
      const heldShorter = await eventually(
        heldUntil('Held, then shortened', endAt(shorter, new Date(now.getTime() + hour / 2))),
      );
      const released = service.nextPush(withText('Held, then shortened'), 15_000);
      await call({ action: 'push_settings', payload: { settings: NEVER_QUIET } }, phone);
      const sent = await released.then(
        () => true,
        () => false,
      );

      await call({ action: 'push_settings', payload: { settings: quiet } }, phone);
      await reply('Held, then unwanted');
      const heldAgain = await eventually(() => heldReplies().some((row) => row.text === 'Held, then unwanted'));
      await call({ action: 'push_settings', payload: { settings: { replies: false } } }, phone);
      const dropped = await eventually(() => count('thrive.push_jobs') === 0);
      await call({ action: 'push_settings', payload: { settings: { replies: true, ...NEVER_QUIET } } }, phone);
      return [
        ...expectEqual('Slack answered', stored, 200),
        ...expectEqual('held until the quiet hours end', wasHeld, true),
        ...expectEqual('held until the shortened end', heldShorter, true),
        ...expectEqual('sent at once when they are off', sent, true),
        ...expectEqual('held again', heldAgain, true),
        ...expectEqual('dropped when replies are off', dropped, true),
        ...expectEqual(
          'the unwanted reply never sent',
          service.received.filter(withText('Held, then unwanted')).length,
          0,
        ),
      ];
    },
  );

  await results.run(
    'push: a session reminder from ThrivePush at a set time, once; none when its moment is quiet',
    async () => {
      // The next Monday 09:00 in India (Meera Nair's session): its hour-before reminder is due at 08:00.
      const today = istDayOf(new Date());
      const monday = { year: today.year, month: today.month, day: today.day + ((8 - today.weekday) % 7 || 7) };
      const startsAt = istMoment(monday, 9 * 60);
      const reminder = service.nextPush(
        (p) => p.endpoint === subscription.json.endpoint && (p.json as PushMessage)?.kind === 'reminder',
        30_000,
      );
      await runAt(new Date(startsAt.getTime() - 3600_000 + 30_000));
      const pushed = await reminder;
      const before = service.received.length;
      await runAt(new Date(startsAt.getTime() - 3600_000 + 90_000));
      const queuedAgain = count(`thrive.push_jobs WHERE kind = 'reminder'`);
      // The day before at 18:00, inside quiet hours of 17:00 to 19:00: dropped.
      await call(
        { action: 'push_settings', payload: { settings: { quiet_start: '17:00', quiet_end: '19:00' } } },
        phone,
      );
      const sent = count('thrive.push_reminders_sent');
      await runAt(new Date(startsAt.getTime() - 15 * 3600_000 + 30_000));
      const quietDropped = count('thrive.push_reminders_sent') === sent && count('thrive.push_jobs') === 0;
      await call({ action: 'push_settings', payload: { settings: NEVER_QUIET } }, phone);
      const message = pushed.json as Extract<PushMessage, { kind: 'reminder' }>;
      return [
        ...expectEqual(
          'reminder',
          { ...message, session: { ...message.session, day: 'day' } },
          {
            kind: 'reminder',
            session: { day: 'day', time: '9:00 AM', facilitator: FACILITATOR },
            lead: 'hour_before',
            starts_at: message.starts_at,
            language: 'hi',
          },
        ),
        ...(message.session.day.startsWith('Monday ') ? [] : [`day ${message.session.day}`]),
        ...expectEqual('starts_at', Date.parse(message.starts_at), startsAt.getTime()),
        ...expectEqual('urgency', pushed.urgency, 'high'),
        ...expectEqual('sent once', [queuedAgain, service.received.length - before], [0, 0]),
        ...expectEqual('the day-before reminder in quiet hours dropped', quietDropped, true),
      ];
    },
  );

  await results.run(
    'push: a 410 deletes the subscription; push_unsubscribe and revoke_token leave nothing to send',
    async () => {
      const gone = service.subscribe({ applicationServerKey: vapid.publicKey });
      const other = device();
      await call({ action: 'push_subscribe', payload: { subscription: gone.json, settings: NEVER_QUIET } }, other);
      service.expire(gone, 410);
      const refused = service.nextPush(toEndpoint(gone.json.endpoint), 30_000).catch((error: Error) => error.message);
      await reply('Is everyone well?');
      await refused;
      const wasDeleted = await eventually(
        () => count(`thrive.push_subscriptions WHERE endpoint = '${gone.json.endpoint}'`) === 0,
      );
      const unsubscribed = await call({ action: 'push_unsubscribe' }, phone);
      const revoked = await call({ action: 'revoke_token' }, other);
      await reply('Anyone there?');
      return [
        ...expectEqual('410: deleted', wasDeleted, true),
        ...expectEqual('unsubscribed', [unsubscribed.status, unsubscribed.body], [200, { unsubscribed: true }]),
        ...expectEqual('revoked', revoked.status, 200),
        ...expectEqual('subscriptions left', count(`thrive.push_subscriptions WHERE number_key = '${PARENT_KEY}'`), 0),
        ...expectEqual('jobs queued for the reply after', count('thrive.push_jobs'), 0),
      ];
    },
  );
}
