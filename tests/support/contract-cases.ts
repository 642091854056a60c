import { answerValidator } from '../../server/webhook/contract.ts';
import type { User } from '../../src/shared/webhook/types.ts';
import { ACCEPTED_CASES } from './contract/accepted-cases.ts';
import { ANNOUNCEMENT_CASES } from './contract/announcement-cases.ts';
import { HINDI_CASES } from './contract/hindi-cases.ts';
import { makeContext, type ContractCase, type Step } from './contract/case.ts';
import { READ_RECEIPT_CASES } from './contract/read-receipt-cases.ts';
import { REFUSED_CASES } from './contract/refused-cases.ts';

/**
 * The webhook contract as cases any implementation must pass, whatever
 * carries the request: the reference server through Fastify's inject
 * (tests/unit/server/webhook/contract-cases.test.ts) or an n8n workflow over HTTP
 * (`postTo(url)`). docs/webhook-contract.md explains the same rules.
 */
export const CONTRACT_CASES: readonly ContractCase[] = [
  ...ACCEPTED_CASES,
  ...REFUSED_CASES,
  ...HINDI_CASES,
  ...ANNOUNCEMENT_CASES,
  ...READ_RECEIPT_CASES,
];

export interface WireAnswer {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string | undefined>;
  text: string;
}

/** Sends one body with its Content-Type to the webhook under test. */
export type Post = (body: string, contentType: string) => Promise<WireAnswer>;

export interface RunOptions {
  /** A parent on the webhook's roster (the reference tests' roster: server/roster.test.json). */
  parent: User;
  /** The webhook's idea of now; dates in the cases are relative to today in India. */
  now?: Date;
}

/** A Post over HTTP, for a webhook running elsewhere. */
export function postTo(url: string): Post {
  return async (body, contentType) => {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': contentType }, body });
    return { status: response.status, headers: Object.fromEntries(response.headers), text: await response.text() };
  };
}

function problemsWith(step: Step, answer: WireAnswer, earlier: readonly WireAnswer[]): string[] {
  const { expect } = step;
  const problems: string[] = [];
  const type = answer.headers['content-type'] ?? '';
  if (answer.status !== expect.status) problems.push(`status ${answer.status}, expected ${expect.status}`);
  if (expect.status !== 200) {
    if (!type.startsWith('text/plain')) problems.push(`Content-Type ${type}, expected text/plain`);
    if (answer.text !== expect.text)
      problems.push(`text ${JSON.stringify(answer.text)}, expected ${JSON.stringify(expect.text)}`);
    return problems;
  }
  if (!type.startsWith('application/json')) problems.push(`Content-Type ${type}, expected application/json`);
  const replayed = answer.headers['idempotent-replayed'] === 'true';
  if (replayed !== (expect.replayed ?? false)) problems.push(`Idempotent-Replayed ${String(replayed)}`);
  if (expect.sameAs !== undefined && answer.text !== earlier[expect.sameAs]?.text) {
    problems.push(`answer ${answer.text}, expected the first answer again: ${earlier[expect.sameAs]?.text}`);
  }
  if (expect.answers !== undefined) {
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      problems.push(`answer is not JSON: ${answer.text}`);
    }
    if (body !== undefined && !answerValidator(expect.answers)(body)) {
      problems.push(`answer does not fit the ${expect.answers} answer schema: ${answer.text}`);
    }
    const message = (body as { message?: unknown } | undefined)?.message;
    if (expect.message !== undefined && message !== expect.message) {
      problems.push(`message ${JSON.stringify(message)}, expected ${JSON.stringify(expect.message)}`);
    }
  }
  return problems;
}

/** Runs one case step by step; the problems found, each naming its step, or none. */
export async function runContractCase(contractCase: ContractCase, post: Post, options: RunOptions): Promise<string[]> {
  const steps = contractCase.steps(makeContext(options.now ?? new Date(), options.parent));
  const answers: WireAnswer[] = [];
  const problems: string[] = [];
  for (const [index, step] of steps.entries()) {
    const body = step.raw ?? JSON.stringify(step.body);
    const answer = await post(body, step.contentType ?? 'application/json');
    answers.push(answer);
    problems.push(...problemsWith(step, answer, answers).map((problem) => `step ${index + 1}: ${problem}`));
  }
  return problems;
}
