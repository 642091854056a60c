import { formatInTimeZone } from 'date-fns-tz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KNOWN_DIFFERENCES } from '../../../n8n/harness/contract.ts';
import { readRosterFile } from '../../../../server/roster/roster-file.ts';
import { weekdayNumber } from '../../../../src/shared/schedule/weekdays.ts';
import { displayFileName } from '../../../../src/shared/rules/attachment.ts';
import { phoneKey } from '../../../../src/shared/rules/phone.ts';
import { sampleFile } from '../../../support/media-samples.ts';
import { CONTRACT_CASES } from '../../../support/contract-cases.ts';
import { ANNOUNCEMENT_CASES } from '../../../support/contract/announcement-cases.ts';
import { READ_RECEIPT_CASES } from '../../../support/contract/read-receipt-cases.ts';
import { makeContext } from '../../../support/contract/case.ts';
import {
  bookConsult,
  chat,
  knowSchedule,
  rescheduleRange,
  rescheduleSingle,
  scheduleCall,
  TEST_PARENT,
  VISITOR,
} from '../../../support/envelopes.ts';
import { startTestPortal, TEST_ROSTER_PATH, type TestPortal } from '../../../support/test-portal.ts';
import { chatAnswers } from '../../../../n8n/source/portal/chat-answer.ts';
import { readFiles } from '../../../../n8n/source/portal/intake.ts';
import type { Texts } from '../../../../n8n/source/portal/write.ts';
import { answerOf, contract, runExpressionNode, runNode, type Sent } from '../support/workflow.ts';

/** The body as n8n hands it to the workflow: parsed, without the keys n8n's copying leaves out. */
function asN8nParsesIt(text: string): unknown {
  return JSON.parse(text, (key, value: unknown) =>
    key === '__proto__' || key === 'constructor' || key === 'prototype' ? undefined : value,
  );
}

/** The roster's part of the claim's row for a number, shaped as its SQL (n8n/source/portal/sql.ts) shapes it. */
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
 * them and in the order its graph does, against the reference server on
 * every contract case's first request: the same status and the same words.
 */
describe("the workflow's Code nodes answer as the reference server does", () => {
  // The announcement actions and mark_read go on to workflows answerOf does not run, as list_requests and
  // accept_offer do: test:n8n runs their cases against n8n itself.
  const elsewhere = [...ANNOUNCEMENT_CASES, ...READ_RECEIPT_CASES];
  const cases = CONTRACT_CASES.filter((c) => !(c.name in KNOWN_DIFFERENCES) && !elsewhere.includes(c));
  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, contractCase) => {
    const steps = contractCase.steps(makeContext(now, TEST_PARENT));
    const text = steps[0]?.raw ?? JSON.stringify(steps[0]?.body);
    const contentType = steps[0]?.contentType ?? 'application/json';
    const reference = await portal.post(text, { headers: { 'content-type': contentType } });
    const body = contentType === 'application/json' ? asN8nParsesIt(text) : text;
    const sent = await answerOf({ headers: { 'content-type': contentType }, body }, parentRow);
    expect([sent.status, sent.body]).toEqual([reference.statusCode, reference.body]);
  });
});

describe('a new request that posts to Slack (Answer)', () => {
  const tomorrow = formatInTimeZone(new Date(Date.now() + 86_400_000), 'Asia/Kolkata', 'yyyy-MM-dd');
  const requests = [
    knowSchedule(),
    rescheduleSingle(tomorrow),
    rescheduleRange(tomorrow, tomorrow),
    chat(),
    chat('No photo', []),
    bookConsult(),
    scheduleCall('Evenings'),
  ];
  const sent = (body: unknown, claim?: { intended?: string | null; intended_file?: string | null }) =>
    answerOf({ headers: { 'content-type': 'application/json' }, body }, parentRow, claim);

  it('posts at once when its claim wrote the intent of the post it makes, and asks "Slack so far" otherwise', async () => {
    for (const request of requests) {
      const asClaimed = await sent(request);
      expect(asClaimed.status, request.action).toBe(200);
      const kind = asClaimed.slack?.kind;
      const files = request.action === 'chat_facilitator' ? request.payload.attachments.length : 0;
      const post = kind === 'notice' ? 'post notice' : files > 0 ? 'post file' : 'post message';
      expect(asClaimed.next, request.action).toBe(kind ? post : 'record');
      // Nothing written by the claim (a retry, or Slack has part of it already): "Slack so far" looks first.
      expect((await sent(request, { intended: null })).next, request.action).toBe(kind ?? 'record');
      // An intent of another post than the one Answer makes is not the post's.
      const other = kind === 'chat' ? 'notice' : 'message';
      expect((await sent(request, { intended: other })).next, request.action).toBe(kind ?? 'record');
      // Slack gave the first file no id before the claim: the message is posted, its files asked for after it.
      if (files > 0) expect((await sent(request, { intended_file: null })).next).toBe('post message');
    }
  });

  it("asks Slack for a chat's first upload address before its claim, and only a chat's with files", async () => {
    const routes = await Promise.all(
      requests.map(async (body) => {
        const checked = (await runNode(
          'Check request',
          {},
          {
            Webhook: { headers: { 'content-type': 'application/json' }, body },
            Contract: contract,
          },
        )) as { route: string };
        return checked.route;
      }),
    );
    expect(routes).toEqual(['stored', 'stored', 'stored', 'file first', 'stored', 'stored', 'stored']);
  });
});

describe("a new chat's answer (Chat answer, from what Check request wrote before the claim)", () => {
  /** The chat, as the reference server and the workflow's nodes answer it. */
  async function both(user: { name: string; number: string }, language?: 'hi') {
    const body = { ...chat('Hello', []), user, ...(language && { language }) };
    const reference = await portal.post(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    const sent = await answerOf({ headers: { 'content-type': 'application/json' }, body }, parentRow);
    expect([sent.status, sent.body]).toEqual([reference.statusCode, reference.body]);
    return { ...(JSON.parse(sent.body) as { message: string; slackChannel: string }), post: sent.slack };
  }
  const facilitator = parentRow(TEST_PARENT.number).parent?.facilitator;

  it("reaches the facilitator the roster names for the parent's number, the name compared by the name rule", async () => {
    for (const name of [TEST_PARENT.name, ` ${TEST_PARENT.name.toUpperCase().replace(' ', '   ')} `]) {
      const answer = await both({ ...TEST_PARENT, name });
      expect(answer.message).toContain(facilitator?.name);
      expect(answer.slackChannel).toBe(facilitator?.slackChannel);
      expect(answer.post?.channel).toBe(facilitator?.slackChannel);
      expect(answer.post?.text).toContain('Hello');
    }
    expect((await both(TEST_PARENT, 'hi')).message).toContain(facilitator?.name);
  });

  it('reaches the programme team when the roster gives the number another name, or has no such number', async () => {
    for (const user of [{ ...TEST_PARENT, name: 'Someone Else' }, VISITOR]) {
      const answer = await both(user);
      expect(answer.message).not.toContain(facilitator?.name);
      expect(answer.post?.channel).toBe(answer.slackChannel);
      expect(answer.slackChannel).not.toBe(facilitator?.slackChannel);
    }
  });

  it("is refused by the portal's rules, checked again after the claim, which it then gives up", () => {
    // Check request refuses a blank message before the claim; the rules hold after it all the same.
    const envelope = { ...chat('   ', []), payload: { message: '   ', attachments: [] } };
    const written = chatAnswers(envelope, contract as unknown as Texts, 'en', '#team');
    const claimed = { seen: 'new', intended: 'message', intended_file: null, ...parentRow(TEST_PARENT.number) };
    const sent = runExpressionNode('Chat answer', claimed, { 'Check request': { chat: written } }) as Sent;
    expect([sent.status, sent.body, sent.next, sent.slack]).toEqual([400, 'Please enter a message', 'release', null]);
  });
});

describe("the conversation's answers (the ThriveConversation workflow's { status, body })", () => {
  const write = (json: unknown) =>
    runNode('Write answer', json, { Contract: contract, Webhook: { headers: {}, body: { language: 'hi' } } });

  it('are sent as they came: JSON when 200, else the text of their body, never stored', async () => {
    expect(await write({ status: 200, body: { messages: [], cursor: '7' } })).toMatchObject({
      status: 200,
      type: 'json',
      body: '{"messages":[],"cursor":"7"}',
      next: 'send',
    });
    expect(await write({ status: 401, body: { text: 'नया कोड मँगवाएँ।' } })).toMatchObject({
      status: 401,
      type: 'text',
      body: 'नया कोड मँगवाएँ।',
      next: 'send',
    });
  });

  it('keep only a WWW-Authenticate or Retry-After they give, for the last header Send answer sends', async () => {
    const challenge = { 'Set-Cookie': 'a=b', 'WWW-Authenticate': 'Bearer realm="thrive"' };
    expect(await write({ status: 401, body: { text: 'Sign in.' }, headers: challenge })).toMatchObject({
      header: { name: 'WWW-Authenticate', value: 'Bearer realm="thrive"' },
      next: 'send',
    });
    expect(await write({ status: 429, body: { text: 'Wait.' }, headers: { 'Retry-After': '873' } })).toMatchObject({
      header: { name: 'Retry-After', value: '873' },
      next: 'send',
    });
    expect(await write({ status: 401, body: { text: 'Wrong code.' }, headers: {} })).toMatchObject({
      header: null,
      next: 'send',
    });
  });
});

describe("a chat file's name (Check request)", () => {
  /** What Check request keeps of one attachment (the name stored and given to Slack), or the refusal it gives. */
  async function kept(attachment: { filename: string; mimetype: string; content: string }) {
    const body = { ...chatBody(), payload: { message: 'Look', attachments: [attachment] } };
    const earlier: Record<string, unknown> = {
      Webhook: { headers: { 'content-type': 'application/json' }, body },
      Contract: contract,
    };
    const checked = (await runNode('Check request', {}, earlier)) as {
      route: string;
      status?: number;
      envelope?: { payload: { attachments: { filename: string }[] } };
    };
    return checked.status ?? checked.envelope?.payload.attachments[0]?.filename;
  }
  const chatBody = () => ({
    request_id: '7d1d2f3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
    action: 'chat_facilitator',
    user: TEST_PARENT,
    timestamp_ist: '2026-11-27T10:00:00+05:30',
  });
  const png = (...more: Buffer[]) => Buffer.concat([sampleFile('image/png', 64), ...more]).toString('base64');

  it("is given its checked type's own extension, as the reference server stores it", async () => {
    const script = Buffer.from('<script>alert(1)</script>');
    for (const [filename, expected] of [
      ['report.html', 'report.png'],
      ['../../photo.svg', 'photo.png'],
      ['snap.PNG', 'snap.PNG'],
      ['2026.11.25', '2026.11.25.png'],
    ] as const) {
      const name = await kept({ filename, mimetype: 'image/png', content: png(script) });
      expect(name, filename).toBe(expected);
      expect(name, filename).toBe(displayFileName(filename, 'image/png'));
    }
    // The schema refuses an empty name before a name is stored; the file is read under its type's default name.
    expect(readFiles([{ filename: '', mimetype: 'image/png', content: png(script) }])[0]?.typedName).toBe(
      displayFileName('', 'image/png'),
    );
  });

  it('is quoted as it was sent when the content is refused', async () => {
    const refusal = await answerOf(
      {
        headers: { 'content-type': 'application/json' },
        body: {
          ...chatBody(),
          payload: {
            message: 'Look',
            attachments: [
              { filename: 'page.html', mimetype: 'image/png', content: Buffer.from('<html>').toString('base64') },
            ],
          },
        },
      },
      parentRow,
    );
    expect([refusal.status, refusal.body]).toEqual([
      400,
      'page.html is not a valid file type: its content is not image/png',
    ]);
  });
});
