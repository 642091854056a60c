import { describe, expect, it } from 'vitest';
import { pooled, type Throughput } from '../../n8n/harness/throughput.ts';

const run = (requests: number, cpuMsPerRequest: number, extra: Partial<Throughput> = {}): Throughput => ({
  target: 'n8n single',
  action: "n8n's floor: Webhook, Respond",
  requests,
  requestsPerSecond: requests / 5,
  p50: 200,
  p99: 400,
  failures: 0,
  cpuMsPerRequest,
  ...extra,
});

describe('runs of one action pooled, as the floor measured before and after the actions', () => {
  it('is the CPU of all their requests over all their requests, not the mean of the runs', () => {
    const figure = pooled([run(100, 40), run(300, 60, { p99: 900, failures: 1 })]);
    expect(figure.requests).toBe(400);
    expect(figure.cpuMsPerRequest).toBeCloseTo(55);
    // 400 requests in 10 s.
    expect(figure.requestsPerSecond).toBeCloseTo(40);
    expect([figure.p50, figure.p99, figure.failures]).toEqual([200, 900, 1]);
    expect([figure.target, figure.action]).toEqual(['n8n single', "n8n's floor: Webhook, Respond"]);
  });

  it('is the run itself when there is one, and refuses none', () => {
    expect(pooled([run(120, 41.5)])).toEqual(run(120, 41.5));
    expect(() => pooled([])).toThrow('no run to pool');
  });
});
