/**
 * An announcement to every parent beside facilitators' replies, on a running n8n: `parents` parents on the roster,
 * each with a verified device subscribed to the fake push service (quiet hours off, the message text on); staff
 * send one announcement to everyone through the Slack form, and from a second after its submission facilitators
 * reply in Slack to `replies` of them, one every REPLY_EVERY_MS. It proves that every one of those devices is
 * pushed the announcement once and every reply reaches its device, and prints, asserting no time: the
 * submission's answer, the time from it to the last push, pushes a second, each reply's delay from its Slack event
 * to its push (p50, p95, max), and what the fan-out cost: the CPU of each n8n process and of this process (the fake
 * push service checks and decrypts every push) against the machine's cores, and its load average.
 */
import { createHash, randomUUID } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { FORMS } from '../../../n8n/source/announcements/texts.ts';
import type { FakeSubscription } from '../../support/fake-push-service.ts';
import { announcementValues, staffForms, storedAnnouncements } from './announcement-helpers.ts';
import { eventually, expectEqual } from './check-helpers.ts';
import { SECRETS } from './conversation-fakes.ts';
import { cpuSeconds } from './cpu.ts';
import type { N8nMode } from './n8n-process.ts';
import type { Results } from './results.ts';
import { messageEvent, slackEventPoster } from './slack-signing.ts';
import type { Stack } from './stack.ts';

/** Queue mode's fan-out is the issue's 1,000 parents; single mode's, one process on the same cores, a smaller one. */
export const FAN_OUT: Record<N8nMode, { parents: number; replies: number }> = {
  single: { parents: 200, replies: 5 },
  queue: { parents: 1000, replies: 10 },
};
const REPLY_EVERY_MS = 2000;
/** A bound for a failing run, not a wait: the fan-out is done when the last push arrives. */
const TIMEOUT_MS = 15 * 60_000;
const CHANNEL_ID = 'C0FANOUT';
const FACILITATOR = { id: 'lata-bose', name: 'Lata Bose' };

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

interface FanOutParent {
  number: string;
  subscription: FakeSubscription;
  /** The ts of their message in Slack, in whose thread a facilitator replies. */
  threadTs: string;
}

/** The parents, their devices, and a message of each in Slack, written in one statement. */
function addParents({ postgres, push }: Stack, count: number): FanOutParent[] {
  const parents = Array.from({ length: count }, (_, i): FanOutParent & { hash: string } => ({
    number: `+9171${String(i).padStart(8, '0')}`,
    subscription: push.service.subscribe({ applicationServerKey: push.vapid.publicKey }),
    threadTs: `1765000000.${String(i).padStart(6, '0')}`,
    hash: createHash('sha256').update(randomUUID()).digest('hex'),
  }));
  const values = (rows: string[]) => rows.join(',\n');
  const settings = JSON.stringify({ quiet_start: '00:00', quiet_end: '00:00', show_text: true });
  postgres.run(`INSERT INTO thrive.facilitators (id, name, slack_channel)
      VALUES ('${FACILITATOR.id}', '${FACILITATOR.name}', '#facilitator-${FACILITATOR.id}') ON CONFLICT DO NOTHING;
    INSERT INTO thrive.parents (number, name, facilitator_id) VALUES
      ${values(parents.map((p, i) => `('${p.number}', 'Fan-out Parent ${i}', '${FACILITATOR.id}')`))};
    INSERT INTO thrive.parent_tokens (token_hash, number_key, created_at, expires_at) VALUES
      ${values(parents.map((p) => `('${p.hash}', '${p.number}', now(), now() + interval '1 day')`))};
    INSERT INTO thrive.push_settings (token_hash, settings, language, updated_at) VALUES
      ${values(parents.map((p) => `('${p.hash}', '${settings}', 'en', now())`))};
    INSERT INTO thrive.push_subscriptions (endpoint, token_hash, number_key, p256dh, auth, created_at) VALUES
      ${values(parents.map(({ subscription: { json }, hash, number }) => `('${json.endpoint}', '${hash}', '${number}', '${json.keys.p256dh}', '${json.keys.auth}', now())`))};
    INSERT INTO thrive.messages (request_id, phone_e164, text, slack_channel, slack_ts) VALUES
      ${values(parents.map((p) => `('${randomUUID()}', '${p.number}', 'A question', '${CHANNEL_ID}', '${p.threadTs}')`))};`);
  return parents;
}

export async function runFanOutChecks(stack: Stack, results: Results): Promise<void> {
  const { parents: count, replies: replyCount } = FAN_OUT[stack.mode];
  await results.run(
    `fan-out: an announcement from Slack to everyone reaches each of ${count} subscribed parents once, and ${replyCount} facilitators' replies sent meanwhile reach theirs (figures printed)`,
    async () => {
      const parents = addParents(stack, count);
      const byEndpoint = new Map(parents.map((p) => [p.subscription.json.endpoint, p]));
      const announced = new Map<string, number>();
      const replyPushedAt = new Map<string, number>();
      const refused: string[] = [];
      let lastAnnouncedAt = 0;
      let done = () => {};
      const allPushed = new Promise<void>((resolve) => (done = resolve));
      const stop = stack.push.service.onPush((push) => {
        const parent = byEndpoint.get(push.endpoint);
        if (!parent) return;
        const kind = (push.json as { kind?: string } | undefined)?.kind;
        if (push.refusal) refused.push(push.refusal);
        else if (kind === 'announcement') {
          announced.set(parent.number, (announced.get(parent.number) ?? 0) + 1);
          lastAnnouncedAt = push.receivedAt;
        } else if (kind === 'reply') replyPushedAt.set(parent.number, push.receivedAt);
        if (announced.size === count && replyPushedAt.size === replyCount) done();
      });
      const slackEvent = slackEventPoster(stack.n8n.url);
      const cpu = () => ({
        n8n: stack.n8n.processes.map((p) => ({ name: p.name, s: cpuSeconds({ group: p.processGroup }) })),
        self: process.cpuUsage(),
      });
      const { open, submit } = staffForms(stack);
      const { triggerId } = await open(FORMS.announce.callback);
      const values = announcementValues({
        title_en: 'The programme’s annual day',
        body_en: 'Every family is welcome on Saturday at 10 AM.',
        audience: 'everyone',
      });

      const load = loadavg()[0] ?? NaN;
      const cpuFrom = cpu();
      const startedAt = Date.now();
      const repliedAt = new Map<string, number>();
      const replied = parents.slice(0, replyCount).map(async (parent, i) => {
        await sleep(1000 + i * REPLY_EVERY_MS);
        repliedAt.set(parent.number, Date.now());
        const event = messageEvent(`Ev0FANOUT${i}`, {
          channel: CHANNEL_ID,
          text: `See you on Saturday, ${parent.number}`,
          ts: `${parent.threadTs}1`,
          thread_ts: parent.threadTs,
        });
        return (await slackEvent(event, { secret: SECRETS.slackSigning })).status;
      });
      const answer = await submit(triggerId, values, { id: 'U0PRIYA', name: 'priya' });
      const answeredMs = Date.now() - startedAt;
      const statuses = await Promise.all(replied);
      if (answer.status !== 200 || answer.text !== '') {
        stop();
        return [`the submission: ${answer.status} ${answer.text}`];
      }
      const timeout = sleep(TIMEOUT_MS, false, { ref: false });
      const finished = await Promise.race([allPushed.then(() => true), timeout]);
      const wallMs = lastAnnouncedAt - startedAt;
      const cpuTo = cpu();

      // Its jobs for these parents all done (another's device may hold one for its quiet hours), any push sent
      // twice has arrived by now.
      const id = storedAnnouncements(stack).newest()?.id;
      const drained = await eventually(
        () =>
          stack.postgres.rows(`SELECT 1 FROM thrive.push_jobs j JOIN thrive.push_subscriptions s USING (endpoint)
            JOIN thrive.parents p ON p.number = s.number_key
            WHERE j.announcement_id = '${id}' AND p.facilitator_id = '${FACILITATOR.id}'`).length === 0,
      );
      stop();
      const twice = [...announced].filter(([, n]) => n > 1).map(([number]) => number);
      const delays = [...repliedAt]
        .map(([number, at]) => (replyPushedAt.get(number) ?? NaN) - at)
        .sort((a, b) => a - b);
      const during = [...repliedAt.values()].filter((at) => at < lastAnnouncedAt).length;
      const n8nCpu = cpuTo.n8n.map((p, i) => ({ name: p.name, s: p.s - (cpuFrom.n8n[i]?.s ?? 0) }));
      const selfCpu = (cpuTo.self.user + cpuTo.self.system - cpuFrom.self.user - cpuFrom.self.system) / 1e6;
      const n8nTotal = n8nCpu.reduce((sum, p) => sum + p.s, 0);
      const cores = (s: number) => (s / (wallMs / 1000)).toFixed(2);
      console.log(`fan-out, ${stack.mode}: one announcement to everyone from Slack, ${count} subscribed parents`);
      console.log(`  the submission answered in ${seconds(answeredMs)} (stored, recipients and pushes queued, posted)`);
      console.log(
        `  its last push received ${seconds(wallMs)} after the submission: ${(count / (wallMs / 1000)).toFixed(1)} pushes a second`,
      );
      console.log(
        `  ${replyCount} replies from Slack, one every ${REPLY_EVERY_MS / 1000} s from 1 s after it (${during} during the fan-out): ` +
          `Slack event to push received p50 ${seconds(percentile(delays, 50))}, p95 ${seconds(percentile(delays, 95))}, max ${seconds(delays.at(-1) ?? NaN)}`,
      );
      console.log(
        `  CPU meanwhile: n8n ${n8nTotal.toFixed(1)} s (${cores(n8nTotal)} cores; ${n8nCpu.map((p) => `${p.name} ${p.s.toFixed(1)} s`).join(', ')}), ` +
          `this process (the fake push service) ${selfCpu.toFixed(1)} s (${cores(selfCpu)} cores), of ${availableParallelism()} cores; ` +
          `load average ${load.toFixed(1)} at its start, ${(loadavg()[0] ?? NaN).toFixed(1)} at its end`,
      );
      return [
        ...expectEqual('the submission', [answer.status, answer.text], [200, '']),
        ...expectEqual(
          'the replies’ events',
          statuses,
          statuses.map(() => 200),
        ),
        ...(finished
          ? []
          : [
              `within ${TIMEOUT_MS / 60_000} minutes: ${announced.size} of ${count} parents pushed, ${replyPushedAt.size} of ${replyCount} replies`,
            ]),
        ...expectEqual('parents pushed the announcement more than once', twice, []),
        ...expectEqual('pushes refused', refused.slice(0, 3), []),
        ...expectEqual('its jobs all done', drained, true),
      ];
    },
  );
}
