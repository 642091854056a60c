/**
 * Slack through a running n8n, watched at the fake Slack Web API: copies of one chat arriving together are
 * stored and posted once, a 1 MB file arrives byte for byte in the message's thread, a file's name carries its
 * checked type's extension, a failure part-way answers 500 and its retry finishes without posting anything
 * twice, the parent's text arrives escaped, and a reschedule, consult or call posts one notice to the staff
 * channel.
 */
import { readRosterFile } from '../../../server/roster/roster-file.ts';
import { answerText } from '../../../server/contract/texts.ts';
import { buildEnvelope } from '../../../src/shared/webhook/envelope.ts';
import type { Attachment } from '../../../src/shared/webhook/types.ts';
import { sampleFile } from '../../support/media-samples.ts';
import { TEST_PARENT } from '../../support/envelopes.ts';
import { TEST_ROSTER_PATH } from '../../support/test-portal.ts';
import { expectEqual, poster } from './check-helpers.ts';
import { STAFF_CHANNEL } from './n8n-process.ts';
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

export async function runDeliveryChecks({ n8n, slack, postgres }: Stack, results: Results): Promise<void> {
  const post = poster(n8n.webhookUrl);
  const facilitator = facilitatorOfTestParent();
  const rowsOf = (id: string) =>
    postgres.rows<{ n: number }>("SELECT count(*)::int AS n FROM thrive.requests WHERE request_id = :'id'", { id })[0]
      ?.n;
  /** What Slack got for a chat: its message (found by the ts stored in thrive.messages) and the files in its thread. */
  const postedFor = (id: string) => {
    const ts = postgres.rows<{ slack_ts: string }>("SELECT slack_ts FROM thrive.messages WHERE request_id = :'id'", {
      id,
    })[0]?.slack_ts;
    return {
      messages: slack.messages.filter((m) => m.ts === ts),
      files: slack.files.filter((f) => f.threadTs === ts),
    };
  };
  const chat = (message: string, files: Attachment[] = []) =>
    buildEnvelope({ action: 'chat_facilitator', user: TEST_PARENT, payload: { message, attachments: files } });

  await results.run('n8n: 10 copies of one chat at once are answered alike, stored once, posted once', async () => {
    const body = chat('Sent ten times by a flaky network', [attachment(pngBytes(50_000), 'a.png')]);
    const sent = await Promise.all(Array.from({ length: 10 }, () => post(body)));
    const replays = sent.filter((a) => a.headers.get('idempotent-replayed') === 'true').length;
    const { messages, files } = postedFor(body.request_id);
    return [
      ...expectEqual(
        'statuses',
        sent.map((a) => a.status),
        Array(10).fill(200),
      ),
      ...expectEqual('distinct answers', new Set(sent.map((a) => a.text)).size, 1),
      ...expectEqual('answers marked as replays', replays, 9),
      ...expectEqual('rows stored', rowsOf(body.request_id), 1),
      ...expectEqual('messages posted', messages.length, 1),
      ...expectEqual('files shared', files.length, 1),
    ];
  });

  await results.run('n8n: a 1 MB attachment reaches the facilitator in the message thread, byte for byte', async () => {
    const bytes = pngBytes(1024 * 1024);
    const body = chat('A photo of the homework', [attachment(bytes, 'homework.png')]);
    const answer = await post(body);
    const { messages, files } = postedFor(body.request_id);
    const [file] = files;
    return [
      ...expectEqual(
        'answer',
        [answer.status, answer.text],
        [
          200,
          JSON.stringify({
            message: answerText('en', 'chatReachedWithAttachment', { facilitator: facilitator.name }),
            slackChannel: facilitator.slackChannel,
          }),
        ],
      ),
      ...expectEqual('message', [messages.length, messages[0]?.channel], [1, facilitator.slackChannel]),
      ...expectEqual('files shared', [files.length, file?.title], [1, 'homework.png']),
      ...(file && Buffer.compare(file.bytes, bytes) === 0 ? [] : [`file bytes differ (${file?.bytes.length} arrived)`]),
      ...(messages[0]?.text.includes('A photo of the homework') ? [] : [`message: ${JSON.stringify(messages[0])}`]),
    ];
  });

  await results.run(
    "n8n: a PNG named report.html is stored and shared in Slack as report.png, its checked type's extension",
    async () => {
      const bytes = Buffer.concat([pngBytes(2048), Buffer.from('<script>alert(document.domain)</script>')]);
      const body = chat('The report', [attachment(bytes, 'report.html'), attachment(pngBytes(1000), 'scan.PNG')]);
      const answer = await post(body);
      const { files } = postedFor(body.request_id);
      const [stored] = postgres.rows<{ names: string[] }>(
        `SELECT json_agg(a->>'filename' ORDER BY n) AS names
        FROM thrive.requests, jsonb_array_elements(payload->'attachments') WITH ORDINALITY AS f(a, n)
        WHERE request_id = :'id'`,
        { id: body.request_id },
      );
      return [
        ...expectEqual('status', answer.status, 200),
        ...expectEqual(
          'names in Slack',
          files.map((f) => f.title),
          ['report.png', 'scan.PNG'],
        ),
        ...expectEqual('names stored', stored?.names, ['report.png', 'scan.PNG']),
        ...(files[0] && Buffer.compare(files[0].bytes, bytes) === 0 ? [] : ['report.png: bytes differ']),
      ];
    },
  );

  // A new chat's first upload address is asked for before its message is posted, and again after it when Slack
  // refused it then: one refusal is answered 200 at once, two 500 (and the retry finishes).
  for (const [step, times, statuses] of [
    ['files.getUploadURLExternal', 1, [200]],
    ['files.getUploadURLExternal', 2, [500, 200]],
    ['upload', 1, [500, 200]],
    ['files.completeUploadExternal', 1, [500, 200]],
    ['chat.postMessage', 1, [500, 200]],
  ] as const) {
    const outcome = statuses.length === 1 ? 'is answered 200 at once and' : 'answers 500, and its retry';
    await results.run(`n8n: a chat whose ${step} fails ${times}x ${outcome} posts each part once`, async () => {
      const body = chat(`Two photos, ${step} failing ${times}x`, [
        attachment(pngBytes(3000), 'one.png'),
        attachment(pngBytes(4000), 'two.png'),
      ]);
      const sentBefore = slack.messages.length;
      slack.failNext(step, times);
      const answered: number[] = [];
      while (answered.length < statuses.length) answered.push((await post(body)).status);
      const { messages, files } = postedFor(body.request_id);
      return [
        ...expectEqual('statuses', answered, statuses),
        ...expectEqual('messages posted', [messages.length, slack.messages.length - sentBefore], [1, 1]),
        ...expectEqual(
          'files shared',
          files.map((f) => f.title),
          ['one.png', 'two.png'],
        ),
        ...expectEqual('rows stored', rowsOf(body.request_id), 1),
      ];
    });
  }

  await results.run("n8n: a parent's <!channel>, <!here> and links arrive in Slack as plain text", async () => {
    const body = chat('Hi <!channel> <!here> & <https://evil.example|click here>');
    const answer = await post(body);
    const [message] = postedFor(body.request_id).messages;
    return [
      ...expectEqual('status', answer.status, 200),
      ...expectEqual(
        'text',
        message?.text.split('\n')[1],
        'Hi &lt;!channel&gt; &lt;!here&gt; &amp; &lt;https://evil.example|click here&gt;',
      ),
    ];
  });

  await results.run('n8n: a reschedule, a consult and a call each post one notice to the staff channel', async () => {
    const day = new Date(Date.now() + 6 * 86_400_000).toISOString().slice(0, 10);
    const visitor = { name: 'Ravi <Kumar>', number: '9123456780' };
    const bodies = [
      buildEnvelope({ action: 'reschedule_single', user: TEST_PARENT, payload: { date: day }, note: 'Exams' }),
      buildEnvelope({ action: 'book_consult', user: visitor, payload: {}, preferredTimes: 'Evenings' }),
      buildEnvelope({ action: 'schedule_call', user: visitor, payload: {} }),
    ];
    const before = slack.messages.filter((m) => m.channel === STAFF_CHANNEL).length;
    const statuses = [];
    for (const body of bodies) statuses.push((await post(body)).status, (await post(body)).status);
    const notices = slack.messages.filter((m) => m.channel === STAFF_CHANNEL).slice(before);
    return [
      ...expectEqual('statuses', statuses, [200, 200, 200, 200, 200, 200]),
      ...expectEqual('notices', notices.length, 3),
      ...(notices[1]?.text.includes('Ravi &lt;Kumar&gt;') ? [] : [`consult notice: ${notices[1]?.text}`]),
    ];
  });

  await results.run('n8n: a repeated chat reaches the facilitator once', async () => {
    const body = chat('Twice?');
    const [first, again] = [await post(body), await post(body)];
    return [
      ...expectEqual('answers', [first.status, again.status, again.text === first.text], [200, 200, true]),
      ...expectEqual('messages posted', postedFor(body.request_id).messages.length, 1),
    ];
  });
}
