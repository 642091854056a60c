/**
 * The housekeeping workflows on a running n8n: retention run as an admin
 * would run it now (`n8n execute --id=ThriveRetention`), the erasure webhook
 * for one number, and the error workflow posting a failure to the staff
 * channel through the fake Slack Web API.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { ADMIN_SECRET_HEADER, WEBHOOK_PATHS, WORKFLOWS } from '../../../n8n/source/toolkit/ids.ts';
import { expectEqual } from './check-helpers.ts';
import { SECRETS } from './conversation-fakes.ts';
import { STAFF_CHANNEL } from './n8n-process.ts';
import type { Results } from './results.ts';
import { messageEvent, slackEventPoster } from './slack-signing.ts';
import type { Stack } from './stack.ts';

const ERASED = '+919000000099';

/** A request row of `age` days for `number`, as the portal webhook stores one. */
const requestRow = (id: string, number: string, age: number) =>
  `INSERT INTO thrive.requests (request_id, body_hash, action, user_name, user_number, payload, timestamp_ist, received_at)
   VALUES ('${id}', 'h', 'chat_facilitator', 'Someone', '${number}', '{}', '2026-01-01T10:00:00.000+05:30',
           now() - interval '${age} days');`;

export async function runHousekeepingChecks({ n8n, postgres, slack }: Stack, results: Results) {
  const count = (sql: string) => postgres.rows<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`)[0]?.n ?? 0;

  await results.run(
    'retention: ThriveRetention deletes requests, messages and replies older than 180 days',
    async () => {
      postgres.run(`
      ${requestRow('00000000-0000-4000-8000-0000000000a1', '+919811100001', 200)}
      ${requestRow('00000000-0000-4000-8000-0000000000a2', '+919811100001', 10)}
      INSERT INTO thrive.messages (request_id, phone_e164, text, slack_channel, slack_ts, created_at)
        VALUES ('00000000-0000-4000-8000-0000000000a1', '+919811100001', 'old', '#c', '1.1', now() - interval '200 days'),
               ('00000000-0000-4000-8000-0000000000a2', '+919811100001', 'new', '#c', '1.2', now() - interval '10 days');
      INSERT INTO thrive.thread_messages (number_key, author, staff_name, text, sent_at, received_at)
        VALUES ('+919811100001', 'staff', 'X', 'old reply', '2026-01-01T10:00:00.000+05:30', now() - interval '200 days');
      INSERT INTO thrive.sign_in_codes (number_key, code_hash, tries, created_at, expires_at)
        VALUES ('+919811100001', 'h', 0, now() - interval '1 hour', now() - interval '50 minutes');`);
      await n8n.cli(['execute', `--id=${WORKFLOWS.retention.id}`]);
      return [
        ...expectEqual(
          'left for the number',
          [
            count("thrive.requests WHERE user_number = '+919811100001'"),
            count("thrive.messages WHERE phone_e164 = '+919811100001'"),
            count("thrive.thread_messages WHERE number_key = '+919811100001'"),
            count("thrive.sign_in_codes WHERE number_key = '+919811100001'"),
          ],
          [1, 1, 0, 0],
        ),
      ];
    },
  );

  await results.run(
    'erasure: refused without the admin secret; erases everything of one number, its roster entry, its place in an announcement, its settings, texts and read receipts',
    async () => {
      postgres.run(`
      INSERT INTO thrive.parents (number, name, facilitator_id) VALUES ('${ERASED}', 'Erase Me', 'meera-nair');
      INSERT INTO thrive.sessions (parent_number, weekday, start_time, facilitator_id) VALUES ('${ERASED}', 2, '10:00', 'meera-nair');
      ${requestRow('00000000-0000-4000-8000-0000000000b1', '9000000099', 1)}
      INSERT INTO thrive.messages (request_id, phone_e164, text, slack_channel, slack_ts)
        VALUES ('00000000-0000-4000-8000-0000000000b1', '${ERASED}', 'mine', '#c', '2.1');
      INSERT INTO thrive.thread_messages (number_key, author, staff_name, text, sent_at)
        VALUES ('${ERASED}', 'staff', 'X', 'a reply', '2026-01-01T10:00:00.000+05:30');
      INSERT INTO thrive.parent_tokens VALUES ('t-erase', '${ERASED}', now(), now() + interval '1 day');
      INSERT INTO thrive.push_subscriptions VALUES ('https://push.test/erase', 't-erase', '${ERASED}', 'k', 'a', now());
      INSERT INTO thrive.parent_settings VALUES ('${ERASED}', '{"text_fallback": false}', 'en', now());
      INSERT INTO thrive.announcements (id, kind, title_en, body_en, audience, audience_label, send_at, urgent, created_by, reason)
        VALUES ('erase-change', 'cancelled', 'Cancelled', 'Diwali', '{}', 'Two parents', now(), false, 'X', 'Diwali');
      INSERT INTO thrive.announcement_recipients (announcement_id, number_key, name)
        VALUES ('erase-change', '${ERASED}', 'Erase Me'), ('erase-change', '+919000000098', 'Stays');
      INSERT INTO thrive.session_changes (announcement_id, number_key, starts_at, facilitator)
        VALUES ('erase-change', '${ERASED}', '2026-11-25T16:00:00+05:30', 'Meera Nair'),
          ('erase-change', '+919000000098', '2026-11-25T16:00:00+05:30', 'Meera Nair');
      INSERT INTO thrive.text_notices (number_key, kind, announcement_id, author, created_at, due_at)
        VALUES ('${ERASED}', 'announcement', 'erase-change', 'Thrive', now(), now());
      INSERT INTO thrive.thread_parent_reads (number_key, read_through, read_at)
        SELECT number_key, id, now() FROM thrive.thread_messages WHERE number_key = '${ERASED}';`);
      // The reply to a roster parent queued its text notice (a trigger), beside the update's.
      const texts = count(`thrive.text_notices WHERE number_key = '${ERASED}'`);
      const others = count('thrive.parents');
      const erase = (headers: Record<string, string>, body: unknown) =>
        fetch(`${n8n.url}/webhook/${WEBHOOK_PATHS.erasure}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        }).then(async (response) => [response.status, await response.text()] as const);
      const noSecret = await erase({}, { number: ERASED });
      const wrongSecret = await erase({ [ADMIN_SECRET_HEADER]: 'guess' }, { number: ERASED });
      const notNumber = await erase({ [ADMIN_SECRET_HEADER]: SECRETS.admin }, { number: 'abc' });
      const [status, text] = await erase({ [ADMIN_SECRET_HEADER]: SECRETS.admin }, { number: '90000 00099' });
      return [
        ...expectEqual('refused', [noSecret[0], wrongSecret[0], notNumber[0]], [401, 401, 400]),
        ...expectEqual('text notices before', texts, 2),
        ...expectEqual(
          'erased',
          [status, JSON.parse(text)],
          [
            200,
            {
              number_key: ERASED,
              requests: 1,
              messages: 1,
              replies: 1,
              tokens: 1,
              push_subscriptions: 1,
              codes: 0,
              code_requests: 0,
              roster_parent: 'Erase Me',
              roster_sessions: 1,
            },
          ],
        ),
        ...expectEqual(
          'left of the number',
          count(`thrive.parents WHERE number = '${ERASED}'`) +
            count(`thrive.requests WHERE user_number = '9000000099'`) +
            count(`thrive.thread_messages WHERE number_key = '${ERASED}'`) +
            count(`thrive.push_subscriptions WHERE number_key = '${ERASED}'`) +
            count(`thrive.parent_settings WHERE number_key = '${ERASED}'`) +
            count(`thrive.announcement_recipients WHERE number_key = '${ERASED}'`) +
            count(`thrive.session_changes WHERE number_key = '${ERASED}'`) +
            count(`thrive.text_notices WHERE number_key = '${ERASED}'`) +
            count(`thrive.thread_parent_reads WHERE number_key = '${ERASED}'`),
          0,
        ),
        ...expectEqual(
          'the announcement, for the other parent',
          [
            count("thrive.announcement_recipients WHERE announcement_id = 'erase-change'"),
            count("thrive.session_changes WHERE announcement_id = 'erase-change'"),
          ],
          [1, 1],
        ),
        ...expectEqual('other parents', count('thrive.parents'), others - 1),
      ];
    },
  );

  await results.run('errors: a failed execution is posted to the staff channel with the Slack token', async () => {
    const before = slack.messages.length;
    postgres.run('ALTER TABLE thrive.messages RENAME TO messages_away');
    let answer: number;
    try {
      const event = messageEvent('Ev0FAILS', { text: 'lost', ts: '1764000900.0001', thread_ts: '1764000000.000100' });
      answer = (await slackEventPoster(n8n.url)(event, { secret: SECRETS.slackSigning })).status;
    } finally {
      postgres.run('ALTER TABLE thrive.messages_away RENAME TO messages');
    }
    // The error workflow runs after the failed execution has ended: wait for its message (30 s at most).
    const posted = await arrival(() => slack.messages.slice(before).find((m) => m.channel === STAFF_CHANNEL), 30_000);
    return [
      ...expectEqual('the event answered', answer, 500),
      ...(posted?.text.includes('"Thrive Slack events" failed at "Store reply"')
        ? []
        : [`posted: ${JSON.stringify(slack.messages.slice(before))}`]),
      ...expectEqual('what the fake Slack refused', slack.problems, []),
    ];
  });
}

/** What `find` finds, as soon as it finds it, or undefined after `timeoutMs`. */
async function arrival<T>(find: () => T | undefined, timeoutMs: number): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (let found = find(); Date.now() < deadline; found = find()) {
    if (found !== undefined) return found;
    await sleep(50);
  }
  return find();
}
