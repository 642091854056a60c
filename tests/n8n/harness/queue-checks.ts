/**
 * What queue mode must keep: 20 copies of one request sent at once, run by
 * different workers, are answered alike, stored once and posted to Slack
 * once (a chat: its message and its file; a reschedule: its notice). What
 * reached the fake Slack and which worker ran what (the workers' own log
 * lines, "Worker started execution …") are counted while the copies are in
 * flight and nothing else runs.
 */
import { formatInTimeZone } from 'date-fns-tz';
import { request as httpRequest } from 'node:http';
import { buildEnvelope } from '../../../src/shared/webhook/envelope.ts';
import type { Envelope } from '../../../src/shared/webhook/types.ts';
import { sampleFile } from '../../support/media-samples.ts';
import { TEST_PARENT } from '../../support/envelopes.ts';
import { ANSWER_TEXTS } from '../../../server/contract/texts.ts';
import { WEBHOOK_PATHS } from '../../../n8n/source/toolkit/ids.ts';
import { expectEqual, poster } from './check-helpers.ts';
import type { Results } from './results.ts';
import type { Stack } from './stack.ts';

const COPIES = 20;
const STARTED_EXECUTION = /Worker started execution/g;

const startedExecutions = (output: string) => output.match(STARTED_EXECUTION)?.length ?? 0;

/** Tomorrow in India, so the reschedule is accepted whenever the run is. */
const tomorrowIst = () => formatInTimeZone(new Date(Date.now() + 86_400_000), 'Asia/Kolkata', 'yyyy-MM-dd');

export async function runQueueChecks(stack: Stack, results: Results): Promise<void> {
  const { n8n, postgres, slack } = stack;

  if (n8n.webhookProcesses.length > 0)
    await results.run(
      `queue: the webhooks answered by ${n8n.webhookProcesses.length} n8n webhook processes behind a balancer, none by the main instance`,
      async () => {
        const path = `/webhook/${WEBHOOK_PATHS.portal}`;
        // Each on a connection of its own (no keep-alive), so the balancer sees each.
        const ask = (base: string) =>
          new Promise<{ status: number; text: string }>((done, fail) => {
            const request = httpRequest(`${base}${path}`, {
              method: 'POST',
              agent: false,
              headers: { 'content-type': 'application/json', connection: 'close' },
            });
            request.once('error', fail);
            request.once('response', (response) => {
              let text = '';
              response.setEncoding('utf8');
              response.on('data', (chunk: string) => (text += chunk));
              response.once('end', () => done({ status: response.statusCode ?? 0, text }));
            });
            request.end('{}');
          });
        const before = n8n.balanced();
        const through = await Promise.all(Array.from({ length: 4 * n8n.webhookProcesses.length }, () => ask(n8n.url)));
        const given = n8n.balanced().map((n, i) => n - (before[i] ?? 0));
        const direct = await Promise.all(n8n.webhookProcesses.map((p) => ask(p.url)));
        const main = await ask(n8n.mainUrl);
        const workflowAnswer = (a: { status: number; text: string }) =>
          a.status === 400 && a.text === ANSWER_TEXTS.en.missingAction;
        console.log(
          `             connections per webhook process: ${given.join(', ')} (since the start: ${n8n.balanced().join(', ')}); the main instance answered ${main.status}`,
        );
        return [
          ...(through.every(workflowAnswer) ? [] : ["an answer through the balancer was not the workflow's"]),
          ...(given.every((n) => n > 0) ? [] : [`a webhook process was given no connection: ${given.join(', ')}`]),
          ...(direct.every(workflowAnswer) ? [] : ['a webhook process did not answer with the workflow']),
          ...(workflowAnswer(main) ? ['the main instance answered the production webhook'] : []),
        ];
      },
    );

  const post = poster(n8n.webhookUrl);
  const rowsOf = (id: string) =>
    postgres.rows<{ n: number }>("SELECT count(*)::int AS n FROM thrive.requests WHERE request_id = :'id'", { id })[0]
      ?.n;

  const copiesAtOnce = async (body: Envelope, expected: { messages: number; files: number }) => {
    const logged = n8n.workers.map((worker) => startedExecutions(worker.output()));
    const [messagesBefore, filesBefore] = [slack.messages.length, slack.files.length];
    const answers = await Promise.all(Array.from({ length: COPIES }, () => post(body)));
    const posted = { messages: slack.messages.length - messagesBefore, files: slack.files.length - filesBefore };
    const perWorker = n8n.workers.map((worker, i) => startedExecutions(worker.output()) - (logged[i] ?? 0));
    const spread = n8n.workers.map((worker, i) => `${worker.name}: ${perWorker[i]}`).join(', ');
    console.log(`             executions started: ${spread}`);
    const replays = answers.filter((a) => a.headers.get('idempotent-replayed') === 'true').length;
    return [
      ...expectEqual(
        'statuses',
        answers.map((a) => a.status),
        Array(COPIES).fill(200),
      ),
      ...expectEqual('distinct answers', new Set(answers.map((a) => a.text)).size, 1),
      ...expectEqual('answers marked as replays', replays, COPIES - 1),
      ...expectEqual('rows stored', rowsOf(body.request_id), 1),
      ...expectEqual('posted to Slack', posted, expected),
      ...(perWorker.every((n) => n > 0) ? [] : [`not spread across the workers: ${spread}`]),
      ...(perWorker.reduce((a, b) => a + b, 0) >= COPIES ? [] : [`fewer executions than copies: ${spread}`]),
    ];
  };

  await results.run(
    `queue: ${COPIES} copies of one chat with a photo at once, across the workers: stored once, posted once`,
    () =>
      copiesAtOnce(
        buildEnvelope({
          action: 'chat_facilitator',
          user: TEST_PARENT,
          payload: {
            message: `Sent ${COPIES} times by a flaky network`,
            attachments: [
              {
                filename: 'a.png',
                mimetype: 'image/png',
                content: sampleFile('image/png', 50_000).toString('base64'),
              },
            ],
          },
        }),
        { messages: 1, files: 1 },
      ),
  );

  await results.run(
    `queue: ${COPIES} copies of one reschedule at once, across the workers: stored once, its notice posted once`,
    () =>
      copiesAtOnce(
        buildEnvelope({ action: 'reschedule_single', user: TEST_PARENT, payload: { date: tomorrowIst() } }),
        { messages: 1, files: 0 },
      ),
  );
}
