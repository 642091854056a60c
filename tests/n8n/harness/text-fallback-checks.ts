/**
 * Texts for notifications not seen on a running n8n (ThriveTexts), against the fake text gateway
 * (conversation-fakes.ts), with the wait shortened by its setting (thrive.settings' text_wait_seconds), the rule
 * unchanged: a staff answer's notice points at its event line and a push taken marks it pushed (the answer recorded
 * as the Slack actions workflow records it); parent A, with push, is pushed a reply and never texted; parent B, with none, is not texted for a reply read before the wait ends, is
 * texted once after the wait (in Hindi, the reference server's body, the gateway's token), and not again that day;
 * a gateway failing twice, then answering, sends one text, tried again after 30 s and 60 s; text_fallback off stops
 * a text still waiting, and still does once the parent logged out (no phone signed in); quiet hours hold a reply's text to their end, and an urgent update is texted at once in them
 * and counts against nothing; a text held for the quiet hours goes once the parent turns them off. A parent no phone
 * of whose saved settings is texted in the language of their latest request; an outcome list_requests showed, or an
 * offer the parent accepted, is not texted.
 * ThriveTexts runs through its test wrapper (push-fakes.ts), at the clock's time or at one the check names.
 */
import { randomUUID } from 'node:crypto';
import { UTC_ISO } from '../../../n8n/source/database/conversation-schema-sql.ts';
import { TEXT_WAIT_SETTING } from '../../../n8n/source/database/texts-schema-sql.ts';
import { announcementPath, paths } from '../../../src/config/paths.ts';
import { toIstIso } from '../../../src/shared/format/ist.ts';
import { TEXT_WAIT_MS, textableAt } from '../../../src/shared/push/text-fallback.ts';
import { fillTemplate, PROGRAMME_AUTHOR, textId } from '../../../src/shared/push/text-templates.ts';
import { DEFAULT_NOTIFICATION_SETTINGS } from '../../../src/shared/webhook/push.ts';
import type { ReceivedPush } from '../../support/fake-push-service.ts';
import { eventually, expectEqual, poster, verifiedDevice } from './check-helpers.ts';
import { NOTIFY_TOKEN, PORTAL_HOST, SECRETS } from './conversation-fakes.ts';
import { conversationCaller } from './conversation-checks.ts';
import { PUSH_WRAPPER_PATH, TEXTS_WRAPPER_PATH } from './push-fakes.ts';
import type { Results } from './results.ts';
import { messageEvent, slackEventPoster } from './slack-signing.ts';
import type { Stack } from './stack.ts';

/** The wait, shortened for the checks: long enough for a parent to read the thread before it ends. */
const WAIT_S = 8;
const CHANNEL_ID = 'C0TEXTS';
const NEVER_QUIET = { quiet_start: '00:00', quiet_end: '00:00' };
/** Parents of their own, so no other check's texts count against their day. Meera Nair is their facilitator. */
const A = '+919000000061';
const B = '+919000000062';
const FAILING = '+919000000063';
const OFF = '+919000000064';
const QUIET = '+919000000065';
const HINDI = '+919000000066';
const UPDATES = '+919000000067';
const QUIET_OFF = '+919000000068';
const ANSWERED = '+919000000069';
const ACCEPTED = '+919000000070';
const LOGGED_OUT = '+919000000071';
const LINK = `https://${PORTAL_HOST}${paths.chat}`;

interface Notice {
  id: string;
  kind: string;
  /** created_at as the workflow reads it (thrive.take_text_notices): what the text's id is made of. */
  made: string;
  state: string;
  pushed: boolean;
  attempts: number;
  due_at: string;
  created_at: string;
}

const sleep = (seconds: number) => new Promise((done) => setTimeout(done, seconds * 1000));
/** The id a text of this notice goes under, as the reference server gives it. */
const idOf = (notice: Notice | undefined) => (notice ? textId({ id: notice.id, created_at: notice.made }) : undefined);
/** "HH:mm" in India, `minutes` from now. */
const clockIn = (minutes: number) => toIstIso(new Date(Date.now() + minutes * 60_000)).slice(11, 16);

export async function runTextFallbackChecks(
  { n8n, postgres, slack, push: { service, vapid }, conversation }: Stack,
  results: Results,
) {
  const { textGateway } = conversation;
  const call = conversationCaller(n8n.url);
  const slackEvent = slackEventPoster(n8n.url);
  const notices = (key: string) =>
    postgres.rows<Notice>(`SELECT id, kind, ${UTC_ISO('created_at')} AS made,
      state, pushed_at IS NOT NULL AS pushed, attempts, due_at, created_at FROM thrive.text_notices
      WHERE number_key = '${key}' ORDER BY id`);
  const textsTo = (key: string) => textGateway.calls.filter((text) => text.body.phone === key);
  /** A roster parent's verified phone, its settings saved (the texts follow them). */
  const parent = async (key: string, settings: object, language = 'en') => {
    postgres.run(`INSERT INTO thrive.parents (number, name, facilitator_id) VALUES ('${key}', 'Texts Parent', 'meera-nair')
      ON CONFLICT (number) DO NOTHING`);
    const phone = verifiedDevice(postgres, key);
    await call({ action: 'push_settings', payload: { settings }, language }, phone);
    return phone;
  };
  let replies = 0;
  /** The parent's message in Slack, and Meera Nair's reply in its thread as Slack sends it. */
  const reply = async (key: string) => {
    replies += 1;
    const ts = `17660${String(replies).padStart(5, '0')}.000100`;
    postgres.run(`INSERT INTO thrive.messages (request_id, phone_e164, text, slack_channel, slack_ts)
      VALUES ('${randomUUID()}', '${key}', 'A question', '${CHANNEL_ID}', '${ts}')`);
    const event = messageEvent(`Ev0TEXT${replies}`, { channel: CHANNEL_ID, text: 'Yes', ts: `${ts}1`, thread_ts: ts });
    const answer = await slackEvent(event, { secret: SECRETS.slackSigning });
    if (answer.status !== 200) throw new Error(`Slack's event answered ${answer.status}`);
  };
  /** ThriveTexts run once, now or at `at`. */
  const runTexts = async (at?: Date) => {
    const response = await fetch(`${n8n.url}/webhook/${TEXTS_WRAPPER_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(at ? { now: at.toISOString() } : {}),
    });
    if (response.status !== 200) throw new Error(`the texts test wrapper answered ${response.status}`);
  };
  /** ThriveTexts run every second until `key` has `texts` texts, for at most 60 s; when the last came. */
  const textedBy = async (key: string, texts: number) => {
    for (let second = 0; second < 60; second += 1) {
      if (textsTo(key).length >= texts) return Date.now();
      await runTexts();
      await sleep(1);
    }
    throw new Error(`no text ${texts} to ${key} within 60 s`);
  };

  // The earlier checks' notices go, so only this check's parents are texted; the wait is shortened from here on.
  postgres.run(`DELETE FROM thrive.text_notices WHERE state IN ('waiting', 'queued');
    UPDATE thrive.settings SET value = ${WAIT_S} WHERE name = '${TEXT_WAIT_SETTING}'`);
  const phoneOfA = await parent(A, NEVER_QUIET);
  const subscription = service.subscribe({ applicationServerKey: vapid.publicKey });
  await call({ action: 'push_subscribe', payload: { subscription: subscription.json } }, phoneOfA);
  const toA = (p: ReceivedPush) => p.endpoint === subscription.json.endpoint;

  await results.run(
    'texts: a staff answer queues a notice at its event line; the push service taking its push marks it pushed',
    async () => {
      const request = randomUUID();
      postgres.run(`INSERT INTO thrive.requests (request_id, body_hash, action, user_name, user_number, payload,
          timestamp_ist, response_status)
        VALUES ('${request}', 'h', 'reschedule_single', 'Texts Parent', '${A}', '{}', '${toIstIso(new Date())}', 200)`);
      const pushed = service.nextPush(toA, 30_000);
      const [recorded] = postgres.rows<{ outcome: string }>(`SELECT thrive.record_outcome(
        '{"request_id": "${request}", "kind": "declined", "reason": "No room", "by": "meera"}'::jsonb,
        'Declined') AS outcome`);
      const ran = await fetch(`${n8n.url}/webhook/${PUSH_WRAPPER_PATH}`, { method: 'POST' });
      const push = await pushed;
      const marked = await eventually(() => notices(A)[0]?.pushed === true);
      const [notice] = postgres.rows<{ kind: string; author: string; event: boolean }>(`SELECT n.kind, n.author, t.event
        FROM thrive.text_notices n JOIN thrive.thread_messages t ON t.id = n.message_id WHERE n.request_id = '${request}'`);
      return [
        ...expectEqual('recorded', [recorded?.outcome, ran.status], ['recorded', 200]),
        ...expectEqual('the push', (push.json as { kind?: string }).kind, 'request_update'),
        ...expectEqual('the notice', notice, { kind: 'request_update', author: 'meera', event: true }),
        ...expectEqual('marked pushed', marked, true),
      ];
    },
  );

  await results.run(
    'texts: B’s reply read before the wait ends is not texted; a reply pushed to A is not texted; one to B, with no push, is texted once after the wait',
    async () => {
      const phoneOfB = await parent(B, NEVER_QUIET, 'hi');
      await reply(B);
      const read = await call({ action: 'chat_thread' }, phoneOfB);
      await sleep(WAIT_S + 1);
      await runTexts();
      const afterRead = textsTo(B).length;
      const pushed = service.nextPush(toA, 30_000);
      const sent = Date.now();
      await reply(A);
      await reply(B);
      await pushed;
      const texted = await textedBy(B, 1);
      await runTexts();
      await runTexts();
      const values = { author: 'Meera Nair', link: LINK };
      const [text] = textsTo(B);
      return [
        ...expectEqual('the thread read', read.status, 200),
        ...expectEqual('texts to B after the read', afterRead, 0),
        ...(texted - sent >= WAIT_S * 1000 ? [] : [`B texted ${texted - sent} ms after the reply`]),
        ...expectEqual('texts', [textsTo(A).length, textsTo(B).length], [0, 1]),
        ...expectEqual(
          'the notices',
          [...notices(A), ...notices(B)].map((n) => n.state),
          ['pushed', 'pushed', 'seen', 'texted'],
        ),
        ...expectEqual('the text', text?.body, {
          id: idOf(notices(B).find((notice) => notice.state === 'texted')),
          phone: B,
          language: 'hi',
          template: 'reply',
          values,
          text: fillTemplate('reply', 'hi', values),
        }),
        ...expectEqual(
          'to the gateway',
          [text?.path, text?.headers.authorization],
          ['/texts', `Bearer ${NOTIFY_TOKEN}`],
        ),
      ];
    },
  );

  await results.run('texts: a second reply to B the same day sends no second text', async () => {
    await reply(B);
    await sleep(WAIT_S + 1);
    await runTexts();
    const held = await eventually(() => notices(B).at(-1)?.state === 'limit');
    return [...expectEqual('over the day’s limit', held, true), ...expectEqual('texts to B', textsTo(B).length, 1)];
  });

  await results.run(
    'texts: a text queued yesterday and sent today is today’s one text: another reply sends none',
    async () => {
      // A retry the quiet hours held: decided on one day, sent the next morning.
      postgres.run(`UPDATE thrive.text_notices SET decided_at = decided_at - interval '1 day'
      WHERE number_key = '${B}' AND state = 'texted'`);
      await reply(B);
      await sleep(WAIT_S + 1);
      await runTexts();
      const held = await eventually(() => notices(B).at(-1)?.state === 'limit');
      return [...expectEqual('over the day’s limit', held, true), ...expectEqual('texts to B', textsTo(B).length, 1)];
    },
  );

  await results.run(
    'texts: the gateway failing twice, then answering, sends one text, tried again after 30 s, then 60 s',
    async () => {
      await parent(FAILING, NEVER_QUIET);
      textGateway.failNext(500, 2);
      await reply(FAILING);
      await sleep(WAIT_S + 1);
      // Each try at the moment the one before made it due: the backoff is read from the queue, not waited out.
      const waits: number[] = [];
      let at = new Date();
      for (let run = 0; run < 5 && notices(FAILING)[0]?.state !== 'texted'; run += 1) {
        const before = notices(FAILING)[0]?.attempts ?? 0;
        await runTexts(at);
        const [after] = notices(FAILING);
        if (after && after.attempts === before + 1 && after.state === 'queued') {
          waits.push(Date.parse(after.due_at) - at.getTime());
        }
        at = new Date(Math.max(Date.now(), Date.parse(after?.due_at ?? '')) + 1000);
      }
      const [notice] = notices(FAILING);
      const texts = textsTo(FAILING);
      return [
        ...expectEqual('tries', texts.length, 3),
        // The id too: a gateway that dedupes on it sends the text once, whichever try it took.
        ...expectEqual('the same text each time', new Set(texts.map((t) => JSON.stringify(t.body))).size, 1),
        ...expectEqual('the notice', [notice?.state, notice?.attempts], ['texted', 3]),
        // 30 s, then 60 s, each with up to a tenth more at random.
        ...expectEqual(
          'tried again after',
          waits.map((ms, i) => ms >= 30_000 * 2 ** i && ms <= 33_000 * 2 ** i),
          [true, true],
        ),
      ];
    },
  );

  await results.run('texts: text_fallback turned off stops a text still waiting', async () => {
    const phone = await parent(OFF, NEVER_QUIET);
    await reply(OFF);
    const off = await call({ action: 'push_settings', payload: { settings: { text_fallback: false } } }, phone);
    await sleep(WAIT_S + 1);
    await runTexts();
    const decided = await eventually(() => notices(OFF)[0]?.state === 'off');
    return [
      ...expectEqual(
        'settings',
        (off.body as { settings?: { text_fallback?: boolean } }).settings?.text_fallback,
        false,
      ),
      ...expectEqual('not texted', [decided, textsTo(OFF).length], [true, 0]),
    ];
  });

  await results.run(
    'texts: text_fallback turned off holds after the parent logged out, with no phone signed in',
    async () => {
      const phone = await parent(LOGGED_OUT, { ...NEVER_QUIET, text_fallback: false });
      const loggedOut = await call({ action: 'revoke_token' }, phone);
      const tokensLeft = postgres.rows<{ n: number }>(
        `SELECT count(*)::int AS n FROM thrive.parent_tokens WHERE number_key = '${LOGGED_OUT}'`,
      )[0]?.n;
      await reply(LOGGED_OUT);
      await sleep(WAIT_S + 1);
      await runTexts();
      const decided = await eventually(() => notices(LOGGED_OUT)[0]?.state === 'off');
      return [
        ...expectEqual('logged out', [loggedOut.status, tokensLeft], [200, 0]),
        ...expectEqual('not texted', [decided, textsTo(LOGGED_OUT).length], [true, 0]),
      ];
    },
  );

  await results.run(
    'texts: quiet hours hold a reply’s text to their end; an urgent update is texted at once in them, apart from the replies’ limit',
    async () => {
      const quiet = { ...DEFAULT_NOTIFICATION_SETTINGS, quiet_start: clockIn(-60), quiet_end: clockIn(60) };
      await parent(QUIET, quiet);
      const [update] = postgres.rows<{ id: string }>(`SELECT id FROM thrive.create_announcement(
        '${JSON.stringify({
          kind: 'announcement',
          title_en: 'No session today',
          body_en: 'The hall is closed.',
          audience: { kind: 'parents', numbers: [QUIET] },
          audience_label: 'One parent',
          urgent: true,
          created_by: 'Test',
        })}'::jsonb, '[]'::json, now())`);
      await textedBy(QUIET, 1);
      await reply(QUIET);
      await sleep(WAIT_S + 1);
      await runTexts();
      const inQuietHours = textsTo(QUIET).length;
      const held = notices(QUIET).at(-1);
      const until = textableAt(quiet, new Date(held?.created_at ?? ''), WAIT_S * 1000);
      await runTexts(new Date(until.getTime() + 60_000));
      const [urgent, after] = textsTo(QUIET);
      const updateValues = {
        author: PROGRAMME_AUTHOR,
        link: `https://${PORTAL_HOST}${announcementPath(update?.id ?? '')}`,
      };
      return [
        ...expectEqual('the urgent update', urgent?.body, {
          id: idOf(notices(QUIET).find((notice) => notice.kind === 'announcement')),
          phone: QUIET,
          language: 'en',
          template: 'announcement',
          values: updateValues,
          text: fillTemplate('announcement', 'en', updateValues),
        }),
        ...expectEqual('texts in the quiet hours', inQuietHours, 1),
        ...expectEqual('the reply held until', Date.parse(held?.due_at ?? ''), until.getTime()),
        ...expectEqual('after them', [after?.body.template, textsTo(QUIET).length], ['reply', 2]),
      ];
    },
  );

  await runWhomAndWhenChecks();
  // The updates' posts reach the staff channel a moment after them: waited for here, so no later check meets them.
  await eventually(() => slack.messages.some((m) => m.text.includes('New books in the library')), 90_000);
  postgres.run(`UPDATE thrive.settings SET value = ${TEXT_WAIT_MS / 1000} WHERE name = '${TEXT_WAIT_SETTING}'`);

  /** Whom a text goes to, in which language, and when: as the reference server's tests/unit/server/push/text-notices.test.ts. */
  async function runWhomAndWhenChecks() {
    const post = poster(n8n.webhookUrl);
    const onRoster = (key: string) =>
      postgres.run(`INSERT INTO thrive.parents (number, name, facilitator_id) VALUES ('${key}', 'Texts Parent', 'meera-nair')
        ON CONFLICT (number) DO NOTHING`);
    /** A reschedule request of the parent, stored as the portal webhook stores one; its id. */
    const asked = (key: string, language = 'en') => {
      const request = randomUUID();
      const date = toIstIso(new Date(Date.now() + 2 * 86_400_000)).slice(0, 10);
      postgres.run(`INSERT INTO thrive.requests (request_id, body_hash, action, user_name, user_number, payload,
          language, timestamp_ist, response_status)
        VALUES ('${request}', 'h', 'reschedule_single', 'Texts Parent', '${key}', '{"date": "${date}"}', '${language}',
          '${toIstIso(new Date())}', 200)`);
      return { request, startsAt: `${date}T18:30:00+05:30` };
    };
    const answer = (request: string, kind: string, more = '') =>
      postgres.run(`SELECT thrive.record_outcome(
        '{"request_id": "${request}", "kind": "${kind}", "by": "meera"${more}}'::jsonb, 'Answered')`);

    await results.run(
      'texts: a parent none of whose phones saved settings is texted in the language of their latest request',
      async () => {
        onRoster(HINDI);
        asked(HINDI, 'hi');
        await reply(HINDI);
        // With no settings saved, the default quiet hours hold: Thrive texts runs at the moment the text is due.
        const made = await eventually(() => notices(HINDI).length > 0);
        const due = textableAt(
          DEFAULT_NOTIFICATION_SETTINGS,
          new Date(notices(HINDI)[0]?.created_at ?? ''),
          WAIT_S * 1000,
        );
        await sleep(WAIT_S + 1);
        await runTexts(new Date(Math.max(due.getTime(), Date.now()) + 1000));
        await eventually(() => textsTo(HINDI).length > 0);
        const [text] = textsTo(HINDI);
        const values = { author: 'Meera Nair', link: LINK };
        return [
          ...expectEqual('the notice', made, true),
          ...expectEqual(
            'the text',
            [text?.body.language, text?.body.text],
            ['hi', fillTemplate('reply', 'hi', values)],
          ),
        ];
      },
    );

    await results.run(
      'texts: an urgent update counts against nothing: an update the same day is texted too',
      async () => {
        await parent(UPDATES, NEVER_QUIET);
        const update = (urgent: boolean) =>
          postgres.run(
            `SELECT id FROM thrive.create_announcement('${JSON.stringify({
              kind: 'announcement',
              title_en: urgent ? 'No session today' : 'New books in the library',
              body_en: 'Come and see.',
              audience: { kind: 'parents', numbers: [UPDATES] },
              audience_label: 'One parent',
              urgent,
              created_by: 'Test',
            })}'::jsonb, '[]'::json, now())`,
          );
        update(true);
        await textedBy(UPDATES, 1);
        update(false);
        await textedBy(UPDATES, 2);
        return expectEqual(
          'the texts',
          textsTo(UPDATES).map((text) => text.body.template),
          ['announcement', 'announcement'],
        );
      },
    );

    await results.run('texts: a reply held for the quiet hours is texted once the parent turns them off', async () => {
      const quiet = { ...DEFAULT_NOTIFICATION_SETTINGS, quiet_start: clockIn(-60), quiet_end: clockIn(60) };
      const phone = await parent(QUIET_OFF, quiet);
      await reply(QUIET_OFF);
      await sleep(WAIT_S + 1);
      await runTexts();
      const held = await eventually(() => Date.parse(notices(QUIET_OFF)[0]?.due_at ?? '') > Date.now());
      await call({ action: 'push_settings', payload: { settings: NEVER_QUIET } }, phone);
      await textedBy(QUIET_OFF, 1);
      return [
        ...expectEqual('held', held, true),
        ...expectEqual(
          'texted',
          notices(QUIET_OFF).map((n) => n.state),
          ['texted'],
        ),
      ];
    });

    await results.run(
      'texts: an outcome list_requests showed, or an offer the parent accepted, is not texted; one shown before it came is',
      async () => {
        await parent(ANSWERED, NEVER_QUIET);
        await parent(ACCEPTED, NEVER_QUIET);
        const user = (number: string) => ({ name: 'Texts Parent', number });
        const early = asked(ANSWERED);
        const listedEarly = await post({ action: 'list_requests', user: user(ANSWERED) });
        answer(early.request, 'declined', ', "reason": "No room"');
        await sleep(WAIT_S + 1);
        await textedBy(ANSWERED, 1);
        // Listed now, the first outcome is shown too: it was texted already, and stays so.
        const shown = asked(ANSWERED);
        answer(shown.request, 'declined', ', "reason": "No room"');
        const listed = await post({ action: 'list_requests', user: user(ANSWERED) });
        const offered = asked(ACCEPTED);
        answer(offered.request, 'offered', `, "starts_at": "${offered.startsAt}"`);
        const [offer] = postgres.rows<{ offer_id: string }>(
          `SELECT offer_id FROM thrive.request_answers WHERE request_id = '${offered.request}' AND kind = 'offered'`,
        );
        const accepted = await post({
          action: 'accept_offer',
          user: user(ACCEPTED),
          payload: { request_id: offered.request, offer_id: offer?.offer_id },
          timestamp_ist: toIstIso(new Date()),
          request_id: randomUUID(),
        });
        await sleep(WAIT_S + 1);
        await runTexts();
        const stateOf = (request: string) =>
          postgres.rows<{ state: string }>(`SELECT state FROM thrive.text_notices WHERE request_id = '${request}'`)[0]
            ?.state;
        return [
          ...expectEqual('answered', [listedEarly.status, listed.status, accepted.status], [200, 200, 200]),
          ...expectEqual(
            'the notices',
            [stateOf(early.request), stateOf(shown.request), stateOf(offered.request)],
            ['texted', 'seen', 'seen'],
          ),
          ...expectEqual('texts', [textsTo(ANSWERED).length, textsTo(ACCEPTED).length], [1, 0]),
        ];
      },
    );
  }
}
