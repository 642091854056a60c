/**
 * A worker killed mid-work posts nothing twice and loses nothing (queue mode). Each run sends 20 chats, each
 * with a photo, at once; at a chosen moment it SIGKILLs the process group of a worker that is at work (as a
 * deploy, an out-of-memory kill or an autoscaler does) and starts another in its place; and it sends every
 * request again as the portal's outbox does (the same request_id and body, after an answer other than 200 or
 * none in 30 s) until each is answered 200. The moments: after Slack has taken 1, 3 and 10 of the posts (the
 * worker that sent that post is killed before Slack answers it: Slack has the message, the worker never learns
 * its ts), while a worker is uploading a file's bytes, and when Slack has shared a file in the message's thread
 * and not yet answered. Then each message must be in Slack once, with its
 * photo once in its thread. Printed: what was killed when, the answers, and posts per message.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { buildEnvelope } from '../../../src/shared/webhook/envelope.ts';
import type { Envelope } from '../../../src/shared/webhook/types.ts';
import { sampleFile } from '../../support/media-samples.ts';
import { TEST_PARENT } from '../../support/envelopes.ts';
import { expectEqual } from './check-helpers.ts';
import type { N8nProcess } from './n8n-process.ts';
import type { Results } from './results.ts';
import { processGroupOfPort } from './sockets.ts';
import type { Stack } from './stack.ts';

const MESSAGES = 20;
/** Within this the portal's outbox must have had every answer. */
const DEADLINE_MS = 3 * 60_000;
/** How long the outbox waits for an answer before it sends again. */
const ATTEMPT_TIMEOUT_MS = 30_000;
const RETRY_PAUSE_MS = 1_000;
/**
 * A claim without an answer is taken over after claim_stale_seconds (thrive.settings, 120 by default). Shorter
 * here so each run takes seconds, not minutes: as long as the outbox waits for an answer, so a retry takes over a
 * dead execution's claim as soon as it asks, and a live one only if it has run longer than that.
 */
const STALE_SECONDS = ATTEMPT_TIMEOUT_MS / 1000;

type Moment = { posts: number } | 'upload' | 'share';
const MOMENTS: readonly Moment[] = [{ posts: 1 }, { posts: 3 }, { posts: 10 }, 'upload', 'share'];
const label = (moment: Moment) =>
  moment === 'upload'
    ? 'mid-upload of a file'
    : moment === 'share'
      ? 'as Slack shared a file'
      : `after ${moment.posts} post${moment.posts === 1 ? '' : 's'}`;
const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

interface Delivery {
  status: number;
  attempts: number;
  ms: number;
}

/** Sends one request as the outbox does until it is answered 200 or the deadline passes. */
async function deliver(url: string, body: Envelope, deadline: number): Promise<Delivery> {
  const started = Date.now();
  let status = 0;
  let attempts = 0;
  while (Date.now() < deadline) {
    attempts++;
    status = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
    }).then(
      async (response) => (await response.arrayBuffer(), response.status),
      () => 0,
    );
    if (status === 200) break;
    await sleep(RETRY_PAUSE_MS);
  }
  return { status, attempts, ms: Date.now() - started };
}

const tally = (counts: number[]) => {
  const byCount = new Map<number, number>();
  for (const n of counts) byCount.set(n, (byCount.get(n) ?? 0) + 1);
  return [...byCount]
    .sort(([a], [b]) => a - b)
    .map(([n, messages]) => `${messages} × ${n}`)
    .join(', ');
};

export async function runKillChecks(stack: Stack, results: Results): Promise<void> {
  const { n8n, postgres, slack } = stack;
  const workerAt = (port: number): N8nProcess | undefined => {
    const group = processGroupOfPort(port);
    return n8n.workers.find((worker) => worker.processGroup === group);
  };

  const killRun = async (moment: Moment, run: number): Promise<string[]> => {
    const photo = sampleFile('image/png', 20_000).toString('base64');
    const bodies = Array.from({ length: MESSAGES }, (_, i) =>
      buildEnvelope({
        action: 'chat_facilitator',
        user: TEST_PARENT,
        payload: {
          message: `Kill run ${run}, message ${i + 1}`,
          attachments: [{ filename: `photo-${i + 1}.png`, mimetype: 'image/png', content: photo }],
        },
      }),
    );
    const ids = new Set(bodies.map((body) => body.request_id));
    let killed: { worker: string; at: string } | undefined;
    let replaced: Promise<void> | undefined;
    const kill = async (worker: N8nProcess | undefined, at: string) => {
      if (!worker || killed) return;
      killed = { worker: worker.name, at };
      replaced = (await n8n.killWorker(worker)).replaced;
    };
    let ours = 0;
    let holding: { release(): void } | undefined;
    if (moment === 'upload') {
      const hold = slack.holdUploads();
      holding = hold;
      void hold.held.then(async (port) => {
        await kill(workerAt(port), `while it uploaded a file (${plural(ours, 'post')} in Slack)`);
        hold.release();
      });
    }
    slack.onPost = async (message, _count, port) => {
      if (!ids.has(String(message.metadata?.event_payload.request_id))) return;
      if (++ours === (typeof moment === 'object' ? moment.posts : 0)) {
        await kill(workerAt(port), `when Slack took post ${ours}, before it answered`);
      }
    };
    if (moment === 'share') {
      slack.onShare = (file, port) =>
        kill(workerAt(port), `when Slack shared ${file.title}, before it answered (${plural(ours, 'post')} in Slack)`);
    }
    const lookups = () => [slack.calls.get('conversations.history') ?? 0, slack.calls.get('files.info') ?? 0];
    const lookupsBefore = lookups();
    const deadline = Date.now() + DEADLINE_MS;
    const deliveries = await Promise.all(bodies.map((body) => deliver(n8n.webhookUrl, body, deadline))).finally(() => {
      slack.onPost = undefined;
      slack.onShare = undefined;
      holding?.release();
    });
    await replaced;

    const posts = bodies.map((body) =>
      slack.messages.filter((m) => m.metadata?.event_payload.request_id === body.request_id),
    );
    const photos = posts.map((found) => slack.files.filter((f) => found.some((m) => m.ts === f.threadTs)).length);
    const stored = postgres.rows<{ n: number }>(
      "SELECT count(*)::int AS n FROM thrive.requests WHERE request_id = ANY (string_to_array(:'ids', ',')) AND response_status = 200",
      { ids: [...ids].join(',') },
    )[0]?.n;
    const firstTime = deliveries.filter((d) => d.attempts === 1 && d.status === 200).length;
    const slowest = Math.max(...deliveries.map((d) => d.ms));
    console.log(
      `             ${killed ? `killed ${killed.worker} ${killed.at}` : 'nothing killed'}; answered 200 at once: ${firstTime}, after retries: ${deliveries.filter((d) => d.attempts > 1 && d.status === 200).length} (at most ${Math.max(...deliveries.map((d) => d.attempts))} sends, the last after ${(slowest / 1000).toFixed(1)} s)`,
    );
    const [history, fileInfo] = lookups().map((n, i) => n - (lookupsBefore[i] ?? 0));
    console.log(
      `             retries that looked in Slack first: conversations.history ${history}, files.info ${fileInfo}`,
    );
    console.log(
      `             posts per message: ${tally(posts.map((p) => p.length))}; photos per message: ${tally(photos)}`,
    );
    return [
      ...(killed ? [] : ['no worker was killed: the moment never came, or its sender was not a worker']),
      ...expectEqual(
        'answers',
        deliveries.map((d) => d.status),
        Array(MESSAGES).fill(200),
      ),
      ...expectEqual(
        'posts per message',
        posts.map((p) => p.length),
        Array(MESSAGES).fill(1),
      ),
      ...expectEqual('photos per message', photos, Array(MESSAGES).fill(1)),
      ...expectEqual('stored and answered', stored, MESSAGES),
    ];
  };

  postgres.run(`UPDATE thrive.settings SET value = ${STALE_SECONDS} WHERE name = 'claim_stale_seconds'`);
  try {
    // A channel is looked in by its id, which the workflow learns from a post Slack took there: one before.
    const first = buildEnvelope({
      action: 'chat_facilitator',
      user: TEST_PARENT,
      payload: { message: 'Hello', attachments: [] },
    });
    await deliver(n8n.webhookUrl, first, Date.now() + DEADLINE_MS);
    for (const [i, moment] of MOMENTS.entries()) {
      await results.run(
        `queue: a worker killed ${label(moment)}, ${MESSAGES} chats with a photo retried as the outbox does: each posted once, none lost`,
        () => killRun(moment, i + 1),
      );
    }
  } finally {
    postgres.run("UPDATE thrive.settings SET value = 120 WHERE name = 'claim_stale_seconds'");
  }
}
