/**
 * The conversation actions on a running n8n (ThriveConversation, most cases
 * through the test wrapper, which shows the sub-workflow's own answer and
 * headers; the end-to-end and header checks through the portal webhook) and
 * facilitators' replies arriving as signed Slack events (ThriveSlackEvents): the code sent
 * through the gateway and verified, the thread with a reply, a forged event
 * refused, the limits, a failed gateway, and the token revoked. The parent's
 * message is stored in thrive.messages here, as the portal webhook stores a
 * chat it posted to Slack.
 */
import { codeText } from '../../../server/conversation/code-text.ts';
import { buildEnvelope } from '../../../src/shared/webhook/envelope.ts';
import { ANSWER_TEXTS, answerText } from '../../../server/contract/texts.ts';
import { SECURITY_HEADERS } from '../../../server/http/security-headers.ts';
import { expectEqual, poster } from './check-helpers.ts';
import { PORTAL_HOST, SECRETS } from './conversation-fakes.ts';
import { WRAPPER_PATH } from './conversation-wrapper.ts';
import type { Results } from './results.ts';
import { messageEvent, slackEventPoster } from './slack-signing.ts';
import type { Stack } from './stack.ts';

/** The sub-workflow's answer: a refusal's body is { text }. */
interface Item {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

const QUIET = { name: 'Quiet Parent', number: '9000000002' };
const QUIET_KEY = '+919000000002';
const TEST = { name: 'Test Parent', number: '+919000000001' };
const PARENT_TS = '1764000000.000100';
/** A parent added to the roster for the tries checks, so the other parents' code limits are left as they were. */
const TRIES = { name: 'Tries Parent', number: '+919000000077' };
const TRIES_KEY = '+919000000077';
const PARENTS_HOME = '198.51.100.7';
const STRANGER = '203.0.113.66';
const BUSY = '203.0.113.77';
const BUSY_BEHIND_PROXY = '203.0.113.78';
/** The facilitator's channel, by the id Slack gives (thrive.messages keeps it; events name it). */
const CHANNEL_ID = 'C0FACILITATOR';

export function conversationCaller(n8nUrl: string) {
  return async (body: unknown, headers: Record<string, string> = {}): Promise<Item> => {
    const response = await fetch(`${n8nUrl}/webhook/${WRAPPER_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`the test wrapper answered ${response.status}: ${text}`);
    return JSON.parse(text) as Item;
  };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
/** Its status, and its JSON body or refusal text, as the portal webhook answers them. */
const answered = ({ status, body }: Item) => [status, status === 200 ? body : (body as { text?: string }).text];

/** The headers the portal webhook's answers are compared on with the reference server's, lower-cased. */
const COMPARED_HEADERS = [
  'content-type',
  'cache-control',
  'www-authenticate',
  'retry-after',
  ...Object.keys(SECURITY_HEADERS),
];

/** What a webhook answered the portal's page at `origin`: status, text and the compared headers; and its CORS. */
async function portalAnswer(url: string, origin: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, ...headers },
    body: JSON.stringify(body),
  });
  const compared = COMPARED_HEADERS.flatMap((name) => {
    const value = response.headers.get(name);
    return value === null ? [] : [[name, value] as const];
  });
  const answer = { status: response.status, text: await response.text(), headers: Object.fromEntries(compared) };
  return { answer, allowedOrigin: response.headers.get('access-control-allow-origin') };
}

export async function runConversationChecks(
  { n8n, postgres, reference, conversation: { gateway } }: Stack,
  results: Results,
): Promise<void> {
  const call = conversationCaller(n8n.url);
  const slackEvent = slackEventPoster(n8n.url);
  const signed = { secret: SECRETS.slackSigning };
  const lastCode = () => String(gateway.calls.at(-1)?.body.code);
  const threadRows = () =>
    postgres.rows<{ n: number }>('SELECT count(*)::int AS n FROM thrive.thread_messages')[0]?.n ?? 0;
  let token = '';

  await results.run(
    'conversation: request_code sends a 6-digit code to the gateway, as the reference server does',
    async () => {
      const before = Date.now();
      const asked = await call({ action: 'request_code', user: QUIET });
      const sent = gateway.calls.at(-1);
      const code = lastCode();
      const expires = Date.parse(String((asked.body as { expires_at?: string }).expires_at));
      return [
        ...expectEqual('status', asked.status, 200),
        ...(Math.abs(expires - before - 10 * 60_000) < 60_000 ? [] : [`expires_at ${JSON.stringify(asked.body)}`]),
        ...expectEqual('gateway path', sent?.path, '/send'),
        ...expectEqual('gateway body', sent?.body, {
          phone: QUIET_KEY,
          code,
          language: 'en',
          text: codeText(code, 'en', PORTAL_HOST),
        }),
        ...(/^[0-9]{6}$/.test(code) ? [] : [`code ${code}`]),
      ];
    },
  );

  await results.run('conversation: verify_code counts a wrong try, gives a token for the right code once', async () => {
    const code = lastCode();
    const wrong = await call({
      action: 'verify_code',
      user: QUIET,
      payload: { code: code === '000000' ? '111111' : '000000' },
    });
    const right = await call({ action: 'verify_code', user: QUIET, payload: { code } });
    const again = await call({ action: 'verify_code', user: QUIET, payload: { code } });
    const body = right.body as { token?: string; expires_at?: string };
    token = body.token ?? '';
    return [
      ...expectEqual('wrong code', answered(wrong), [401, answerText('en', 'wrongCodeMany', { left: 4 })]),
      ...expectEqual('right code', right.status, 200),
      ...(/^[A-Za-z0-9_-]{43}$/.test(token) ? [] : [`token ${token}`]),
      ...(Date.parse(String(body.expires_at)) > Date.now() + 89 * 86_400_000 ? [] : [`expires_at ${body.expires_at}`]),
      ...expectEqual('the code used again', answered(again), [410, ANSWER_TEXTS.en.noCode]),
    ];
  });

  await results.run(
    'conversation: wrong codes count per address and per code, a code works only for its name (as the reference server)',
    async () => {
      postgres.run(`INSERT INTO thrive.parents (number, name, facilitator_id)
        SELECT '${TRIES_KEY}', '${TRIES.name}', facilitator_id FROM thrive.parents WHERE number = '+919000000001'
        ON CONFLICT (number) DO NOTHING`);
      const from = (address: string) => ({ 'x-test-address': address });
      const verify = async (code: string, address: string, user: { name: string; number: string } = TRIES) => {
        const answer = await call({ action: 'verify_code', user, payload: { code } }, from(address));
        return `${answer.status} ${answer.status === 200 ? 'token' : (answer.body as { text?: string }).text}`;
      };
      const sent = async () => {
        const asked = await call({ action: 'request_code', user: TRIES }, from(PARENTS_HOME));
        const code = lastCode();
        return { status: asked.status, code, wrong: code === '000000' ? '000001' : '000000' };
      };
      const first = await sent();
      const stranger = [];
      for (let i = 0; i < 6; i += 1) stranger.push(await verify(first.wrong, STRANGER));
      const rightFromStranger = await verify(first.code, STRANGER);
      const otherNames = [
        await verify(first.code, PARENTS_HOME, { name: 'Someone Else', number: TRIES.number }),
        await verify(first.code, PARENTS_HOME, { name: `${TRIES.name}s`, number: TRIES.number }),
      ];
      const parent = await verify(first.code, PARENTS_HOME, { name: '  tries   PARENT ', number: '9000000077' });

      const second = await sent();
      const inAll = [];
      for (const address of ['203.0.113.1', '203.0.113.2']) {
        for (let i = 0; i < 5; i += 1) inAll.push((await verify(second.wrong, address)).slice(0, 3));
      }
      const afterTen = await verify(second.code, PARENTS_HOME);

      postgres.run(`INSERT INTO thrive.code_tries (number_key, address, tried_at)
        SELECT '+15550000' || n, '${BUSY}', now() - interval '1 minute' FROM generate_series(1, 30) AS n`);
      const busy = await call({ action: 'verify_code', user: TRIES, payload: { code: '123456' } }, from(BUSY));
      const busyInHindi = await call(
        { action: 'verify_code', user: TRIES, payload: { code: '123456' }, language: 'hi' },
        from(BUSY),
      );
      const wait = Number(busy.headers['Retry-After']);
      return [
        ...expectEqual('codes sent', [first.status, second.status], [200, 200]),
        ...expectEqual('a stranger’s six wrong codes', stranger, [
          `401 ${answerText('en', 'wrongCodeMany', { left: 4 })}`,
          `401 ${answerText('en', 'wrongCodeMany', { left: 3 })}`,
          `401 ${answerText('en', 'wrongCodeMany', { left: 2 })}`,
          `401 ${ANSWER_TEXTS.en.wrongCodeOne}`,
          `410 ${ANSWER_TEXTS.en.codeEnded}`,
          `410 ${ANSWER_TEXTS.en.codeEnded}`,
        ]),
        ...expectEqual(
          'the right code from the stranger’s address',
          rightFromStranger,
          `410 ${ANSWER_TEXTS.en.codeEnded}`,
        ),
        ...expectEqual('the right code for other names', otherNames, [
          `410 ${ANSWER_TEXTS.en.noCode}`,
          `410 ${ANSWER_TEXTS.en.noCode}`,
        ]),
        ...expectEqual(
          'the right code from the parent’s address, the name as the roster matches it',
          parent,
          '200 token',
        ),
        ...expectEqual('ten wrong codes from two addresses', inAll, [
          '401',
          '401',
          '401',
          '401',
          '410',
          '401',
          '401',
          '401',
          '401',
          '410',
        ]),
        ...expectEqual('the right code after ten wrong in all', afterTen, `410 ${ANSWER_TEXTS.en.noCode}`),
        ...expectEqual('an address with 30 tries in the hour', answered(busy), [
          429,
          ANSWER_TEXTS.en.tooManyTriesFromAddress,
        ]),
        ...expectEqual('in Hindi', answered(busyInHindi), [429, ANSWER_TEXTS.hi.tooManyTriesFromAddress]),
        ...(wait > 3400 && wait <= 3600 ? [] : [`Retry-After ${busy.headers['Retry-After']}`]),
      ];
    },
  );

  await results.run(
    "conversation through the portal webhook: X-Forwarded-For's last entry is the address wrong codes are counted for",
    async () => {
      postgres.run(`INSERT INTO thrive.code_tries (number_key, address, tried_at)
        SELECT '+15550001' || n, '${BUSY_BEHIND_PROXY}', now() - interval '1 minute' FROM generate_series(1, 30) AS n`);
      const post = (forwardedFor: string) =>
        fetch(n8n.webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
          body: JSON.stringify({ action: 'verify_code', user: TRIES, payload: { code: '123456' } }),
        }).then(async (response) => [response.status, await response.text(), response.headers.get('retry-after')]);
      const last = await post(`198.51.100.20, ${BUSY_BEHIND_PROXY}`);
      const notLast = await post(`${BUSY_BEHIND_PROXY}, 198.51.100.21`);
      return [
        ...expectEqual('the busy address last', last.slice(0, 2), [429, ANSWER_TEXTS.en.tooManyTriesFromAddress]),
        ...(Number(last[2]) > 3400 ? [] : [`Retry-After ${last[2]}`]),
        ...expectEqual('the busy address first (a client may write anything there)', notLast.slice(0, 2), [
          410,
          ANSWER_TEXTS.en.noCode,
        ]),
      ];
    },
  );

  await results.run(
    "conversation: a signed Slack thread reply reaches the parent's chat_thread, paged by cursor",
    async () => {
      postgres.run(`INSERT INTO thrive.messages (request_id, phone_e164, text, slack_channel, slack_ts)
      VALUES ('4f0b7c1e-0000-4000-8000-000000000001', '${QUIET_KEY}', 'When is the next session?', '${CHANNEL_ID}', '${PARENT_TS}')`);
      const without = await call({ action: 'chat_thread' });
      const reply = messageEvent('Ev0REPLY1', {
        text: 'Thursday &lt;!channel&gt; &amp; see you',
        ts: '1764000100.000200',
        thread_ts: PARENT_TS,
      });
      const stored = await slackEvent(reply, signed);
      const retried = await slackEvent(reply, signed);
      const first = await call({ action: 'chat_thread' }, bearer(token));
      const page = first.body as {
        messages: Record<string, unknown>[];
        cursor: string;
        more: boolean;
        seen?: { message_id: string };
      };
      const next = await call({ action: 'chat_thread', payload: { after: page.cursor } }, bearer(token));
      const notCursor = await call({ action: 'chat_thread', payload: { after: 'abc' } }, bearer(token));
      return [
        ...expectEqual(
          'without a token',
          [...answered(without), without.headers['WWW-Authenticate']],
          [401, ANSWER_TEXTS.en.tokenMissing, 'Bearer realm="thrive"'],
        ),
        ...expectEqual('Slack answers', [stored.status, retried.status], [200, 200]),
        ...expectEqual('status', first.status, 200),
        ...expectEqual(
          'messages',
          page.messages.map(({ from, text, author, request_id }) => ({ from, text, author, request_id })),
          [
            { from: 'parent', text: 'When is the next session?', request_id: '4f0b7c1e-0000-4000-8000-000000000001' },
            { from: 'staff', text: 'Thursday <!channel> & see you', author: 'Arjun Rao' },
          ],
        ),
        ...expectEqual('cursor', page.cursor, page.messages.at(-1)?.id),
        ...expectEqual('more', page.more, false),
        ...expectEqual(
          'the reply in its thread: the parent’s message seen',
          page.seen?.message_id,
          page.messages[0]?.id,
        ),
        ...expectEqual('after the cursor', next.body, {
          messages: [],
          cursor: page.cursor,
          more: false,
          seen: page.seen,
          read_receipts: true,
        }),
        ...expectEqual('not a cursor', answered(notCursor), [400, ANSWER_TEXTS.en.invalidCursor]),
      ];
    },
  );

  await results.run(
    'slack events: the URL check answered; forged, stale and bot events refused or ignored',
    async () => {
      const rows = threadRows();
      const challenge = await slackEvent({ type: 'url_verification', token: 'x', challenge: 'ch4ll3nge' }, signed);
      const forgedBody = messageEvent('Ev0FORGED', { text: 'forged', ts: '1764000200.0001', thread_ts: PARENT_TS });
      const forged = await slackEvent(forgedBody, { secret: 'not-the-secret' });
      const stale = await slackEvent(forgedBody, { ...signed, timestamp: Math.floor(Date.now() / 1000) - 6 * 60 });
      const unsigned = await fetch(`${n8n.url}/webhook/thrive-slack-events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(forgedBody),
      });
      const bot = await slackEvent(
        messageEvent('Ev0BOT', { text: 'a bot', bot_id: 'B1', ts: '1764000300.0001', thread_ts: PARENT_TS }),
        signed,
      );
      const edit = await slackEvent(
        messageEvent('Ev0EDIT', {
          subtype: 'message_changed',
          ts: '1764000400.0001',
          thread_ts: PARENT_TS,
          text: 'edited',
        }),
        signed,
      );
      return [
        ...expectEqual('challenge', [challenge.status, challenge.text], [200, 'ch4ll3nge']),
        ...expectEqual('forged, stale, unsigned', [forged.status, stale.status, unsigned.status], [401, 401, 401]),
        ...expectEqual('bot message and edit acknowledged', [bot.status, edit.status], [200, 200]),
        ...expectEqual('thread rows added', threadRows() - rows, 0),
      ];
    },
  );

  await results.run(
    'conversation: codes are limited per number (4th in 15 min) and per address (11th in an hour), with Retry-After',
    async () => {
      const hindi = await call({ action: 'request_code', user: QUIET, language: 'hi' });
      const hindiText = String(gateway.calls.at(-1)?.body.text);
      const third = await call({ action: 'request_code', user: QUIET });
      const fourth = await call({ action: 'request_code', user: QUIET });
      postgres.run(`INSERT INTO thrive.code_requests (number_key, address, requested_at)
      SELECT '+15550000' || n, '203.0.113.9', now() - interval '1 minute' FROM generate_series(1, 10) AS n`);
      const fromAddress = await call({ action: 'request_code', user: TEST }, { 'x-test-address': '203.0.113.9' });
      return [
        ...expectEqual('second and third', [hindi.status, third.status], [200, 200]),
        ...expectEqual(
          'the Hindi code message',
          hindiText,
          codeText(String(gateway.calls.at(-2)?.body.code), 'hi', PORTAL_HOST),
        ),
        ...expectEqual('fourth', answered(fourth), [429, ANSWER_TEXTS.en.tooManyCodesForNumber]),
        ...(Number(fourth.headers['Retry-After']) > 800 ? [] : [`Retry-After ${fourth.headers['Retry-After']}`]),
        ...expectEqual('from a busy address', answered(fromAddress), [429, ANSWER_TEXTS.en.tooManyCodesFromAddress]),
      ];
    },
  );

  await results.run(
    "conversation through the portal webhook: 401 and 429 carry the reference server's WWW-Authenticate and Retry-After",
    async () => {
      const origin = new URL(reference.url).origin;
      const referenceWebhook = `${reference.url}/api/webhook`;
      const fromN8n = (body: unknown, headers: Record<string, string> = {}) =>
        portalAnswer(n8n.webhookUrl, origin, body, headers);
      const fromReference = (body: unknown, headers: Record<string, string> = {}) =>
        portalAnswer(referenceWebhook, origin, body, headers);
      const unknownToken = bearer('A'.repeat(43));
      const n8nAnswers = [
        await fromN8n({ action: 'chat_thread' }),
        await fromN8n({ action: 'chat_thread' }, unknownToken),
      ];
      const referenceAnswers = [
        await fromReference({ action: 'chat_thread' }),
        await fromReference({ action: 'chat_thread' }, unknownToken),
      ];
      // QUIET has had its three codes from n8n (the check above); the reference server gives TEST three first.
      const n8nWait = await fromN8n({ action: 'request_code', user: QUIET });
      const [inPostgres] = postgres.rows<{ seconds: number }>(
        `SELECT ceil(extract(epoch FROM min(requested_at) + interval '15 minutes' - clock_timestamp()))::int AS seconds
        FROM thrive.code_requests WHERE number_key = '${QUIET_KEY}' AND requested_at > now() - interval '15 minutes'`,
      );
      for (let asked = 0; asked < 3; asked++) await fromReference({ action: 'request_code', user: TEST });
      const referenceWait = await fromReference({ action: 'request_code', user: TEST });
      const [n8nSeconds, referenceSeconds] = [n8nWait.answer, referenceWait.answer].map(({ headers }) =>
        Number(headers['retry-after']),
      ) as [number, number];
      // The seconds differ (each counts from the number's oldest code): compared on their own below.
      const butTheSeconds = ({ answer }: typeof n8nWait) => ({
        ...answer,
        headers: { ...answer.headers, 'retry-after': 'some' },
      });
      return [
        ...expectEqual(
          'chat_thread without a token, and with an unknown one: n8n, the reference server',
          n8nAnswers.map(({ answer }) => answer),
          referenceAnswers.map(({ answer }) => answer),
        ),
        ...expectEqual(
          'their WWW-Authenticate',
          n8nAnswers.map(({ answer }) => answer.headers['www-authenticate']),
          ['Bearer realm="thrive"', 'Bearer realm="thrive", error="invalid_token"'],
        ),
        ...expectEqual(
          'a fourth code: n8n, the reference server',
          butTheSeconds(n8nWait),
          butTheSeconds(referenceWait),
        ),
        ...expectEqual('its text', n8nWait.answer.text, ANSWER_TEXTS.en.tooManyCodesForNumber),
        ...(Math.abs(n8nSeconds - (inPostgres?.seconds ?? NaN)) <= 1
          ? []
          : [`n8n's Retry-After ${n8nSeconds}, Postgres waits ${inPostgres?.seconds} s`]),
        ...(referenceSeconds > 890 && referenceSeconds <= 900
          ? []
          : [`the reference's Retry-After ${referenceSeconds}`]),
        ...expectEqual(
          "n8n's CORS",
          [...n8nAnswers, n8nWait].map(({ allowedOrigin }) => allowedOrigin),
          [origin, origin, origin],
        ),
      ];
    },
  );

  await results.run(
    'conversation: a code the gateway did not take is 502 and does not work; not on the roster is 404',
    async () => {
      gateway.failNext(500);
      const failed = await call({ action: 'request_code', user: TEST });
      const code = lastCode();
      const tried = await call({ action: 'verify_code', user: TEST, payload: { code } });
      const stranger = await call({ action: 'request_code', user: { name: 'Someone Else', number: TEST.number } });
      return [
        ...expectEqual('gateway failed', answered(failed), [502, ANSWER_TEXTS.en.codeNotSent]),
        ...expectEqual('its code', answered(tried), [410, ANSWER_TEXTS.en.noCode]),
        ...expectEqual('not on the roster', answered(stranger), [404, ANSWER_TEXTS.en.notOnRosterForCode]),
      ];
    },
  );

  await results.run('conversation: revoke_token ends the token', async () => {
    const revoked = await call({ action: 'revoke_token' }, bearer(token));
    const after = await call({ action: 'chat_thread' }, bearer(token));
    return [
      ...expectEqual('revoked', answered(revoked), [200, { revoked: true }]),
      ...expectEqual(
        'thread after',
        [...answered(after), after.headers['WWW-Authenticate']],
        [401, ANSWER_TEXTS.en.tokenUnknown, 'Bearer realm="thrive", error="invalid_token"'],
      ),
    ];
  });

  await results.run(
    'conversation end to end: a chat posted to Slack, a reply in its thread, both in chat_thread',
    async () => {
      const post = poster(n8n.webhookUrl);
      const asked = await post({ action: 'request_code', user: TEST });
      const verified = await post({ action: 'verify_code', user: TEST, payload: { code: lastCode() } });
      const { token: tokenOfTest = '' } = JSON.parse(verified.text) as { token?: string };
      const chat = buildEnvelope({
        action: 'chat_facilitator',
        user: TEST,
        payload: { message: 'Is there a session on Friday?', attachments: [] },
      });
      const sent = await post(chat);
      const [posted] = postgres.rows<{ slack_channel: string; slack_ts: string }>(
        "SELECT slack_channel, slack_ts FROM thrive.messages WHERE request_id = :'id'",
        { id: chat.request_id },
      );
      const reply = messageEvent('Ev0REPLY2', {
        channel: posted?.slack_channel,
        text: 'Yes, at 10:00',
        ts: '1764001000.000300',
        thread_ts: posted?.slack_ts,
      });
      const replied = await slackEvent(reply, signed);
      const thread = await fetch(n8n.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...bearer(tokenOfTest) },
        body: JSON.stringify({ action: 'chat_thread' }),
      });
      const page = (await thread.json()) as { messages: Record<string, unknown>[] };
      const without = await post({ action: 'chat_thread' });
      return [
        ...expectEqual(
          'request_code, verify_code, chat',
          [asked.status, verified.status, sent.status],
          [200, 200, 200],
        ),
        ...expectEqual('the reply event', replied.status, 200),
        ...expectEqual('chat_thread', thread.status, 200),
        ...expectEqual(
          // The parent's earlier chats (the delivery checks sent some) come first.
          'the last two messages',
          page.messages.slice(-2).map(({ from, text, author, request_id }) => ({ from, text, author, request_id })),
          [
            { from: 'parent', text: 'Is there a session on Friday?', request_id: chat.request_id },
            { from: 'staff', text: 'Yes, at 10:00', author: 'Meera Nair' },
          ],
        ),
        ...expectEqual(
          'chat_thread without a token',
          [without.status, without.text],
          [401, ANSWER_TEXTS.en.tokenMissing],
        ),
      ];
    },
  );
}
