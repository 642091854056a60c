import { describe, expect, it } from 'vitest';
import { costRounds, costTable, pooled, type Throughput } from '../../n8n/harness/throughput.ts';

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

describe('the cost table measured in rounds, each between two runs of the floor', () => {
  const FLOOR = "n8n's floor: Webhook, Respond";
  const CHAT = 'chat_facilitator, 2 KB photo';
  const floorRun = (cpu: number) => run(100, cpu);
  const chatRun = (cpu: number) => run(100, cpu, { action: CHAT });

  it("judges each round against the floor either side of it, and an action by its rounds' median", () => {
    // The machine slows down by half in the second round: the floor's runs either side show it.
    const floors = [40, 40, 60, 60].map(floorRun);
    const rounds = [[chatRun(112)], [chatRun(168)], [chatRun(140)]];
    const [floor, chat] = costRounds(floors, rounds);
    expect(floor?.action).toBe(FLOOR);
    expect(floor?.cpuMsPerRequest).toBeCloseTo(50);
    expect(chat?.action).toBe(CHAT);
    expect(chat?.cpuMsPerRequest).toBeCloseTo(140);
    // 112/40, 168/50 (its floor pooled from 40 and 60), 140/60: one slow round is outvoted.
    expect(chat?.floors?.map((multiple) => Number(multiple.toFixed(2)))).toEqual([2.8, 3.36, 2.33]);
    const table = costTable([floor, chat] as Throughput[], 'n8n single');
    expect(table).toMatch(/chat_facilitator, 2 KB photo\s+\| 140\.0 ms\s+\| 2\.8x\s+\| 2\.8, 3\.4, 2\.3 \| 3x: within/);
  });

  it('calls an action over its goal when most of its rounds are', () => {
    const [floor, chat] = costRounds([40, 40, 40, 40].map(floorRun), [[chatRun(124)], [chatRun(100)], [chatRun(128)]]);
    expect(costTable([floor, chat] as Throughput[], 'n8n single')).toMatch(
      /\| 3\.1x\s+\| 3\.1, 2\.5, 3\.2 \| 3x: over/,
    );
  });

  it('needs a floor run before each round and after the last, and every action in every round', () => {
    expect(() => costRounds([40, 40].map(floorRun), [[chatRun(100)], [chatRun(100)]])).toThrow(
      '2 rounds need 3 floor runs, not 2',
    );
    expect(() => costRounds([floorRun(40)], [])).toThrow('0 rounds need 1 floor runs, not 1');
    expect(() => costRounds([40, 40, 40].map(floorRun), [[chatRun(100)], []])).toThrow(
      `${CHAT} is missing from a round`,
    );
  });
});
