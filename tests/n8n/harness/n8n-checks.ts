/**
 * What only a running n8n can show about requests, beyond the contract cases:
 * the per-number limit kept in Postgres, how n8n answers what is not a POST
 * and the portal's preflight, and that every accepted request is stored once
 * with no claim left hanging.
 */
import { randomInt } from 'node:crypto';
import { SECURITY_HEADERS } from '../../../server/http/security-headers.ts';
import { ANSWER_TEXTS } from '../../../server/contract/texts.ts';
import { buildEnvelope } from '../../../src/shared/webhook/envelope.ts';
import { TEST_PARENT } from '../../support/envelopes.ts';
import { expectEqual, poster } from './check-helpers.ts';
import type { Results } from './results.ts';
import { LIMIT_SETTING, type Stack } from './stack.ts';

export async function runN8nChecks(stack: Stack, results: Results, acceptedIds: ReadonlySet<string>): Promise<void> {
  const { n8n, slack, postgres } = stack;
  const post = poster(n8n.webhookUrl);

  await results.run('n8n: a phone number over its limit of requests a minute gets 429', async () => {
    postgres.run(`UPDATE thrive.settings SET value = 3 WHERE name = '${LIMIT_SETTING}'`);
    try {
      const visitor = { name: 'Ravi Kumar', number: `7${String(randomInt(0, 1e9)).padStart(9, '0')}` };
      const statuses: number[] = [];
      let last = '';
      for (let i = 0; i < 4; i++) {
        const answer = await post(buildEnvelope({ action: 'schedule_call', user: visitor, payload: {} }));
        statuses.push(answer.status);
        last = answer.text;
      }
      return [
        ...expectEqual('statuses', statuses, [200, 200, 200, 429]),
        ...expectEqual('text', last, ANSWER_TEXTS.en.tooManyRequestsForNumber),
      ];
    } finally {
      postgres.run(`UPDATE thrive.settings SET value = 0 WHERE name = '${LIMIT_SETTING}'`);
    }
  });

  await results.run('n8n: a GET is refused with 405 and Allow: POST', async () => {
    const response = await fetch(n8n.webhookUrl);
    return expectEqual(
      'answer',
      [response.status, response.headers.get('allow'), await response.text()],
      [405, 'POST', ANSWER_TEXTS.en.wrongMethod],
    );
  });

  await results.run("n8n: the portal's origin passes the CORS preflight", async () => {
    const origin = new URL(stack.reference.url).origin;
    const response = await fetch(n8n.webhookUrl, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    const allowed = [
      response.headers.get('access-control-allow-origin'),
      response.headers.get('access-control-allow-headers'),
    ];
    return [
      ...expectEqual('status', response.status, 204),
      ...expectEqual('allowed', allowed, [origin, 'content-type']),
    ];
  });

  await results.run(
    "n8n: answers carry the reference server's security headers, and CORS only for listed origins",
    async () => {
      const body = buildEnvelope({
        action: 'schedule_call',
        user: { name: 'Ravi Kumar', number: '9123456781' },
        payload: {},
      });
      const foreign = await fetch(n8n.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://elsewhere.example' },
        body: JSON.stringify(body),
      });
      const portal = new URL(stack.reference.url).origin;
      const own = await fetch(n8n.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: portal },
        body: JSON.stringify(body),
      });
      return [
        ...Object.entries(SECURITY_HEADERS).flatMap(([name, value]) => expectEqual(name, own.headers.get(name), value)),
        ...expectEqual('a listed origin', own.headers.get('access-control-allow-origin'), portal),
        ...expectEqual(
          'another origin',
          foreign.headers.get('access-control-allow-origin') === 'https://elsewhere.example',
          false,
        ),
      ];
    },
  );

  await results.run(
    'n8n: a parent opens an announcement twice: each mark is 200, the first opening is kept, and the list says seen',
    async () => {
      postgres.run(`
      INSERT INTO thrive.announcements (id, kind, title_en, body_en, audience, audience_label, send_at, sent_at, urgent, created_by)
        VALUES ('n8n-seen', 'announcement', 'No sessions on Friday', 'The centre is closed.', '{}', 'Everyone', now(), now(), false, 'X');
      INSERT INTO thrive.announcement_recipients (announcement_id, number_key, name)
        VALUES ('n8n-seen', '${TEST_PARENT.number}', '${TEST_PARENT.name}');`);
      // The announcement actions are the reference server's own envelope's, built as the contract's cases build them.
      const mark = () =>
        post({
          ...buildEnvelope({ action: 'know_schedule', user: TEST_PARENT, payload: {} }),
          action: 'mark_announcement_seen',
          payload: { announcement_id: 'n8n-seen' },
        });
      const seenAt = () =>
        postgres.rows<{ at: string | null }>(
          "SELECT seen_at::text AS at FROM thrive.announcement_recipients WHERE announcement_id = 'n8n-seen'",
        )[0]?.at;
      const first = await mark();
      const firstSeen = seenAt();
      const again = await mark();
      const listed = await post({ action: 'list_announcements', user: TEST_PARENT });
      const announcements = (
        JSON.parse(listed.text) as { announcements?: { announcement_id: string; seen: boolean }[] }
      ).announcements;
      return [
        ...expectEqual('statuses', [first.status, again.status, listed.status], [200, 200, 200]),
        ...expectEqual('the first answer', JSON.parse(first.text), { seen: true, announcement_id: 'n8n-seen' }),
        ...(firstSeen ? [] : ['no opening kept after the first mark']),
        ...expectEqual('kept after the second mark', seenAt(), firstSeen),
        ...expectEqual('listed', announcements?.find((row) => row.announcement_id === 'n8n-seen')?.seen, true),
      ];
    },
  );

  await results.run(
    'n8n: every accepted contract request is stored once, and no claim is left unanswered',
    async () => {
      const stored = postgres.rows<{ request_id: string; response_status: number | null }>(
        'SELECT request_id, response_status FROM thrive.requests',
      );
      const missing = [...acceptedIds].filter((id) => !stored.some((row) => row.request_id === id));
      const hanging = stored.filter((row) => row.response_status === null).map((row) => row.request_id);
      return [
        ...(missing.length ? [`accepted but not stored: ${missing.join(', ')}`] : []),
        ...(hanging.length ? [`claimed but never answered: ${hanging.join(', ')}`] : []),
        ...(slack.problems.length ? [`Slack would have refused: ${slack.problems.join('; ')}`] : []),
      ];
    },
  );
}
