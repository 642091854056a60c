/**
 * What only a running n8n can show, beyond the contract cases: that copies of
 * one request arriving together are stored and delivered once, that a 1 MB
 * file reaches the facilitator's channel decoded byte for byte, that every
 * accepted request is stored once and no claim is left hanging, and how n8n
 * answers what is not a POST.
 */
import { randomInt } from 'node:crypto';
import { reasons } from '../../../server/webhook/messages.ts';
import { buildEnvelope } from '../../../src/shared/webhook/envelope.ts';
import type { Attachment } from '../../../src/shared/webhook/types.ts';
import { sampleFile } from '../../../tests/support/media-samples.ts';
import { TEST_PARENT } from '../../../tests/unit/server/support/envelopes.ts';
import type { Results } from './results.ts';
import { LIMIT_SETTING, type Stack } from './stack.ts';

const pngBytes = (size: number) => sampleFile('image/png', size);

const attachment = (bytes: Buffer, filename: string): Attachment => ({
  filename,
  mimetype: 'image/png',
  content: bytes.toString('base64'),
});

interface Answer {
  status: number;
  text: string;
  headers: Headers;
}

export function poster(webhookUrl: string): (body: unknown, init?: RequestInit) => Promise<Answer> {
  return async (body, init = {}) => {
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      ...init,
    });
    return { status: response.status, text: await response.text(), headers: response.headers };
  };
}

const expectEqual = (what: string, actual: unknown, expected: unknown): string[] =>
  JSON.stringify(actual) === JSON.stringify(expected)
    ? []
    : [`${what}: ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`];

export async function runN8nChecks(stack: Stack, results: Results, acceptedIds: ReadonlySet<string>): Promise<void> {
  const { n8n, relay, postgres } = stack;
  const post = poster(n8n.webhookUrl);
  const rowsOf = (id: string) =>
    postgres.rows<{ n: number }>("SELECT count(*)::int AS n FROM thrive.requests WHERE request_id = :'id'", { id })[0]
      ?.n;

  await results.run('n8n: 10 copies of one chat at once are answered alike, stored once, delivered once', async () => {
    const body = buildEnvelope({
      action: 'chat_facilitator',
      user: TEST_PARENT,
      payload: { message: 'Sent ten times by a flaky network', attachments: [attachment(pngBytes(50_000), 'a.png')] },
    });
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(body)));
    const replays = answers.filter((a) => a.headers.get('idempotent-replayed') === 'true').length;
    return [
      ...expectEqual(
        'statuses',
        answers.map((a) => a.status),
        Array(10).fill(200),
      ),
      ...expectEqual('distinct answers', new Set(answers.map((a) => a.text)).size, 1),
      ...expectEqual('answers marked as replays', replays, 9),
      ...expectEqual('rows stored', rowsOf(body.request_id), 1),
      ...expectEqual('messages delivered', relay.messages.filter((m) => m.request_id === body.request_id).length, 1),
      ...expectEqual('files delivered', relay.files.filter((f) => f.requestId === body.request_id).length, 1),
    ];
  });

  await results.run('n8n: a 1 MB attachment reaches the facilitator decoded, byte for byte', async () => {
    const bytes = pngBytes(1024 * 1024);
    const body = buildEnvelope({
      action: 'chat_facilitator',
      user: TEST_PARENT,
      payload: { message: 'A photo of the homework', attachments: [attachment(bytes, 'homework.png')] },
    });
    const answer = await post(body);
    const [file, ...more] = relay.files.filter((f) => f.requestId === body.request_id);
    const message = relay.messages.find((m) => m.request_id === body.request_id);
    return [
      ...expectEqual(
        'answer',
        [answer.status, answer.text],
        [
          200,
          JSON.stringify({
            message: 'Your message and 1 attachment reached Meera Nair.',
            slackChannel: '#facilitator-meera-nair',
          }),
        ],
      ),
      ...expectEqual('files delivered', more.length + (file ? 1 : 0), 1),
      ...expectEqual(
        'file',
        [file?.filename, file?.mimetype, file?.channel],
        ['homework.png', 'image/png', '#facilitator-meera-nair'],
      ),
      ...(file && Buffer.compare(file.bytes, bytes) === 0
        ? []
        : [`file bytes differ (${file?.bytes.length} bytes arrived)`]),
      ...(message?.text.includes('A photo of the homework') ? [] : [`message: ${JSON.stringify(message)}`]),
    ];
  });

  await results.run('n8n: a repeated chat reaches the facilitator once', async () => {
    const body = buildEnvelope({
      action: 'chat_facilitator',
      user: TEST_PARENT,
      payload: { message: 'Twice?', attachments: [] },
    });
    const [first, again] = [await post(body), await post(body)];
    return [
      ...expectEqual('answers', [first.status, again.status, again.text === first.text], [200, 200, true]),
      ...expectEqual('messages delivered', relay.messages.filter((m) => m.request_id === body.request_id).length, 1),
    ];
  });

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
        ...expectEqual('text', last, reasons.tooManyRequestsForNumber),
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
      [405, 'POST', reasons.wrongMethod],
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
        ...(relay.unexpected.length ? [`the relay got requests nobody expected: ${relay.unexpected.join(', ')}`] : []),
      ];
    },
  );
}
