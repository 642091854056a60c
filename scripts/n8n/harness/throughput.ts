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
}

const PLACEHOLDER_ID = '00000000-0000-4000-8000-000000000000';

export async function knowScheduleThroughput(
  target: string,
  url: string,
  parent: User,
  seconds: number,
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
  const result = await run(seconds);
  return {
    target,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

export function throughputLine({ target, requestsPerSecond, p50, p99, failures }: Throughput): string {
  return `${target.padEnd(18)} know_schedule, 10 connections: ${requestsPerSecond.toFixed(0).padStart(5)} requests/s, p50 ${p50} ms, p99 ${p99} ms${failures ? `, ${failures} failed` : ''}`;
}
