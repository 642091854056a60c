import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_CASES, runContractCase, type Post } from '../../../support/contract-cases.ts';
import { TEST_PARENT } from '../../../support/envelopes.ts';
import { startTestPortal, type TestPortal } from '../../../support/test-portal.ts';

let portal: TestPortal;
const now = new Date();
beforeAll(async () => {
  portal = await startTestPortal();
  portal.clock.now = now;
});
afterAll(async () => {
  await portal.dispose();
});

/** The request_id of every body the server accepted, to hold its storage to its answers. */
const acceptedIds = new Set<string>();

const post: Post = async (body, contentType) => {
  const response = await portal.post(body, { headers: { 'content-type': contentType } });
  // list_announcements, like know_schedule, is asked again rather than stored; it carries no request_id.
  const requestId = response.statusCode === 200 ? (JSON.parse(body) as { request_id?: string }).request_id : undefined;
  if (requestId !== undefined) acceptedIds.add(requestId.toLowerCase());
  const headers = Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name, String(value)]));
  return { status: response.statusCode, headers, text: response.body };
};

describe('the reference server keeps the webhook contract (tests/support/contract-cases.ts)', () => {
  it.each(CONTRACT_CASES.map((contractCase) => [contractCase.name, contractCase] as const))(
    '%s',
    async (_name, contractCase) => {
      expect(await runContractCase(contractCase, post, { parent: TEST_PARENT, now })).toEqual([]);
    },
  );

  it('stored exactly the requests it accepted, once each, under their lower-case request_id', () => {
    const stored = portal.db.prepare('SELECT request_id FROM requests').pluck().all() as string[];
    expect(stored.sort()).toEqual([...acceptedIds].sort());
  });
});
