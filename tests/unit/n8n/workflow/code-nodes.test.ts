import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KNOWN_DIFFERENCES } from '../../../n8n/harness/contract.ts';
import { readRosterFile } from '../../../../server/roster/roster-file.ts';
import { weekdayNumber } from '../../../../server/roster/weekdays.ts';
import { phoneKey } from '../../../../src/shared/rules/phone.ts';
import { CONTRACT_CASES } from '../../../support/contract-cases.ts';
import { makeContext } from '../../../support/contract/case.ts';
import { TEST_PARENT } from '../../../support/envelopes.ts';
import { startTestPortal, TEST_ROSTER_PATH, type TestPortal } from '../../../support/test-portal.ts';
import { runNode } from '../support/workflow.ts';

/** The body as n8n hands it to the workflow: parsed, without the keys n8n's copying leaves out. */
function asN8nParsesIt(text: string): unknown {
  return JSON.parse(text, (key, value: unknown) =>
    key === '__proto__' || key === 'constructor' || key === 'prototype' ? undefined : value,
  );
}

/** The "Find parent" row for a number, shaped as its SQL (n8n/source/workflow/sql.ts) shapes it. */
function parentRow(number: string) {
  const roster = readRosterFile(TEST_ROSTER_PATH);
  const facilitator = (id: string) => roster.facilitators.find((f) => f.id === id);
  const parent = roster.parents.find((p) => phoneKey(p.number) === phoneKey(number));
  if (!parent) return { parent: null };
  return {
    parent: {
      name: parent.name,
      facilitator: {
        name: facilitator(parent.facilitator)?.name,
        slackChannel: facilitator(parent.facilitator)?.slackChannel,
      },
      sessions: parent.sessions
        .map((s) => ({ weekday: weekdayNumber(s.day), time: s.time, facilitator: facilitator(s.facilitator)?.name }))
        .sort((a, b) => a.weekday - b.weekday || a.time.localeCompare(b.time)),
    },
  };
}

const ANSWER_NODES: Record<string, string> = {
  know_schedule: 'Schedule answer',
  reschedule_single: 'Reschedule answer',
  reschedule_range: 'Reschedule answer',
  chat_facilitator: 'Chat answer',
  book_consult: 'Consult answer',
  schedule_call: 'Call answer',
};

/** The Code nodes read the real clock, so the reference server is given it too. */
const now = new Date();
let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
  portal.clock.now = now;
});
afterAll(async () => {
  await portal.dispose();
});

/**
 * The Code nodes of the committed workflow, run as n8n's task runner runs
 * them, against the reference server on every step of the contract's cases
 * that is a request's first arrival: "Check request" then the action's answer
 * node must give the reference server's answer, word for word.
 */
describe("the workflow's Code nodes answer as the reference server does", () => {
  const cases = CONTRACT_CASES.filter((c) => !(c.name in KNOWN_DIFFERENCES));
  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, contractCase) => {
    const steps = contractCase.steps(makeContext(now, TEST_PARENT));
    const text = steps[0]?.raw ?? JSON.stringify(steps[0]?.body);
    const contentType = steps[0]?.contentType ?? 'application/json';
    const reference = await portal.post(text, { headers: { 'content-type': contentType } });
    const body = contentType === 'application/json' ? asN8nParsesIt(text) : text;
    const check = (await runNode('Check request', { headers: { 'content-type': contentType }, body })) as {
      refusal?: { status: number; text: string };
      envelope?: { action: string; user: { number: string } };
    };
    if (check.refusal) {
      expect([check.refusal.status, check.refusal.text]).toEqual([reference.statusCode, reference.body]);
      return;
    }
    const action = check.envelope?.action ?? '';
    const row = parentRow(check.envelope?.user.number ?? '');
    const outcome = (await runNode(ANSWER_NODES[action] ?? '', row, { 'Check request': check })) as {
      answer?: { status: number; body: string };
      refusal?: { status: number; text: string };
    };
    const n8n = outcome.answer ? [200, outcome.answer.body] : [outcome.refusal?.status, outcome.refusal?.text];
    expect(n8n).toEqual([reference.statusCode, reference.body]);
  });
});
