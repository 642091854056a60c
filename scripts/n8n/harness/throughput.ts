/**
 * know_schedule's requests per second on n8n and on the reference server,
 * measured the same way in the same run: autocannon from this process over
 * 127.0.0.1, 10 connections, a fresh request_id in every request (so each
 * one is checked, answered and stored, never replayed), after a warm-up.
 * It prints figures and fails nothing but an answer other than 200.
 */
import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import { buildEnvelope } from '../../../src/shared/webhook/envelope.ts';
import type { User } from '../../../src/shared/webhook/types.ts';

interface Histogram {
  average: number;
  p50: number;
  p99: number;
}
interface AutocannonResult {
  requests: Histogram;
  latency: Histogram;
  errors: number;
  timeouts: number;
  non2xx: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  requests: { method: string; headers: Record<string, string>; setupRequest: (r: object) => object }[];
}) => Promise<AutocannonResult>;

// autocannon ships no types; this is the slice of its documented API used here.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export interface Throughput {
  target: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failures: number;
  /** CPU the server's processes spent per answered request, in milliseconds. */
  cpuMsPerRequest: number;
}

const PLACEHOLDER_ID = '00000000-0000-4000-8000-000000000000';

export async function knowScheduleThroughput(
  target: string,
  url: string,
  parent: User,
  seconds: number,
  serverCpu: () => number,
): Promise<Throughput> {
  const [before = '', after = ''] = JSON.stringify(
    buildEnvelope({ action: 'know_schedule', user: parent, payload: {}, requestId: PLACEHOLDER_ID }),
  ).split(PLACEHOLDER_ID);
  const run = (duration: number) =>
    autocannon({
      url,
      connections: 10,
      duration,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          setupRequest: (request) => ({ ...request, body: `${before}${randomUUID()}${after}` }),
        },
      ],
    });
  await run(2);
  const cpuBefore = serverCpu();
  const result = await run(seconds);
  const answered = result.requests.average * seconds;
  return {
    cpuMsPerRequest: answered > 0 ? ((serverCpu() - cpuBefore) / answered) * 1000 : 0,
    target,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

export function throughputLine(t: Throughput): string {
  const figures = `${t.requestsPerSecond.toFixed(0).padStart(5)} requests/s, p50 ${t.p50} ms, p99 ${t.p99} ms, server CPU ${t.cpuMsPerRequest.toFixed(1)} ms/request`;
  return `${t.target.padEnd(18)} know_schedule, 10 connections: ${figures}${t.failures ? `, ${t.failures} failed` : ''}`;
}
