/**
 * Chat delivery through a running n8n, watched at the chat relay that stands
 * in for Slack: copies of one chat arriving together are stored and
 * delivered once, a 1 MB file arrives decoded byte for byte, and a repeat is
 * not delivered again.
 */
import { readRosterFile } from '../../../server/roster/roster-file.ts';
import { answers } from '../../../server/webhook/messages.ts';
import { buildEnvelope } from '../../../src/shared/webhook/envelope.ts';
import type { Attachment } from '../../../src/shared/webhook/types.ts';
import { sampleFile } from '../../support/media-samples.ts';
import { TEST_PARENT } from '../../support/envelopes.ts';
import { TEST_ROSTER_PATH } from '../../support/test-portal.ts';
import { expectEqual, poster } from './check-helpers.ts';
import type { Results } from './results.ts';
import type { Stack } from './stack.ts';

const pngBytes = (size: number) => sampleFile('image/png', size);

const attachment = (bytes: Buffer, filename: string): Attachment => ({
  filename,
  mimetype: 'image/png',
  content: bytes.toString('base64'),
});

/** The test parent's facilitator on the test roster, whom his chats reach. */
function facilitatorOfTestParent() {
  const roster = readRosterFile(TEST_ROSTER_PATH);
  const parent = roster.parents.find((p) => p.name === TEST_PARENT.name);
  const facilitator = roster.facilitators.find((f) => f.id === parent?.facilitator);
  if (!facilitator) throw new Error(`${TEST_PARENT.name} has no facilitator on ${TEST_ROSTER_PATH}`);
  return facilitator;
}

export async function runDeliveryChecks({ n8n, relay, postgres }: Stack, results: Results): Promise<void> {
  const post = poster(n8n.webhookUrl);
  const facilitator = facilitatorOfTestParent();
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
        [200, JSON.stringify({ message: answers.chat(facilitator.name, 1), slackChannel: facilitator.slackChannel })],
      ),
      ...expectEqual('files delivered', more.length + (file ? 1 : 0), 1),
      ...expectEqual(
        'file',
        [file?.filename, file?.mimetype, file?.channel],
        ['homework.png', 'image/png', facilitator.slackChannel],
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
}
