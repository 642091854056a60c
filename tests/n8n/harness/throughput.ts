/**
 * know_schedule's requests per second on n8n and on the reference server,
 * measured the same way in the same run: autocannon from this process over
 * 127.0.0.1, 10 connections, a fresh request_id in every request (so each
 * one is checked, answered and stored, never replayed). The two differ by
 * two orders of magnitude, so each run is a number of requests sized from
 * a warm-up to last about `seconds`, rather than a fixed time a slow server
 * may not answer a single request in. It prints figures and fails nothing
 * but an answer other than 200.
 */
import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import { buildEnvelope } from '../../../src/shared/webhook/envelope.ts';
import type { User } from '../../../src/shared/webhook/types.ts';

interface AutocannonResult {
  requests: { total: number };
  latency: { p50: number; p99: number };
  /** Seconds. */
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  amount: number;
  timeout: number;
  requests: { method: string; headers: Record<string, string>; setupRequest: (r: object) => object }[];
}) => Promise<AutocannonResult>;

// autocannon ships no types; this is the slice of its documented API used here.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export interface Throughput {
  target: string;
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failures: number;
  /** CPU the server's processes spent per answered request, in milliseconds. */
  cpuMsPerRequest: number;
}

const CONNECTIONS = 10;
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
  const run = (amount: number) =>
    autocannon({
      url,
      connections: CONNECTIONS,
      amount,
      timeout: 120,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          setupRequest: (request) => ({ ...request, body: `${before}${randomUUID()}${after}` }),
        },
      ],
    });
  // A short warm-up underrates a server that speeds up as it warms: size again until a run lasts long enough.
  let result = await run(2 * CONNECTIONS);
  let cpuBefore = 0;
  for (let attempt = 0; attempt < 3 && (attempt === 0 || result.duration < seconds / 2); attempt++) {
    const amount = Math.max(2 * CONNECTIONS, Math.round((result.requests.total / result.duration) * seconds));
    cpuBefore = serverCpu();
    result = await run(amount);
  }
  const answered = result.requests.total - result.non2xx;
  return {
    target,
    requests: result.requests.total,
    requestsPerSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    cpuMsPerRequest: answered > 0 ? ((serverCpu() - cpuBefore) / answered) * 1000 : 0,
  };
}

export function throughputLine(t: Throughput): string {
  const rate = t.requestsPerSecond < 10 ? t.requestsPerSecond.toFixed(1) : t.requestsPerSecond.toFixed(0);
  const figures = `${rate.padStart(6)} requests/s (${t.requests} requests), p50 ${t.p50} ms, p99 ${t.p99} ms, server CPU ${t.cpuMsPerRequest.toFixed(1)} ms/request`;
  return `${t.target.padEnd(18)} know_schedule, ${CONNECTIONS} connections: ${figures}${t.failures ? `, ${t.failures} failed` : ''}`;
}
