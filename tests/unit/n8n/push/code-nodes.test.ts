import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { WORKFLOWS } from '../../../../n8n/source/toolkit/ids.ts';
import { ANSWER_TEXTS } from '../../../../server/contract/texts.ts';
import { reminderMessage } from '../../../../server/push/reminder-timer.ts';
import { quietHoursEnd } from '../../../../src/shared/push/quiet-hours.ts';
import { dueReminders, remindersBetween } from '../../../../src/shared/push/reminders.ts';
import { DEFAULT_NOTIFICATION_SETTINGS } from '../../../../src/shared/webhook/push.ts';
import { checkVapid, decryptPush, subscriptionKeys } from '../../../../bench/support/fake-push-crypto.ts';
import { runCodeNode } from '../support/code-sandbox.ts';
import { committed, evaluate, nodeNamed, type Workflow } from '../support/workflow.ts';

const push = committed(WORKFLOWS.push.path);
const conversation = committed(WORKFLOWS.conversation.path);
/** n8n's task runner with NODE_FUNCTION_ALLOW_BUILTIN=crypto,url. */
const allowed = createRequire(import.meta.url);
const require = (name: string) => {
  if (name !== 'crypto' && name !== 'url') throw new Error(`Module '${name}' is disallowed`);
  return allowed(name) as unknown;
};

type Json = Record<string, unknown>;

/** A Code node of a committed workflow, run on `json`, with the earlier nodes' items it reads and the environment. */
async function run(name: string, json: unknown, earlier: Json, $env: Json = {}, from: Workflow = push) {
  const item = (node: string) => ({ json: earlier[node] });
  const $ = (node: string) => ({ first: () => item(node), item: item(node) });
  const code = String(nodeNamed(name, from).parameters.jsCode);
  return (await runCodeNode(code, { $json: json, $, $env, require })) as { json: Json; binary?: Json };
}

const SETTINGS = { ...DEFAULT_NOTIFICATION_SETTINGS };
const SESSIONS = [
  { weekday: 1, time: '09:00', facilitator: 'Meera Nair' },
  { weekday: 3, time: '16:30', facilitator: 'Arjun Rao' },
  { weekday: 7, time: '23:30', facilitator: 'Arjun Rao' },
];

describe("ThrivePush's Code nodes, as n8n's task runner runs them", () => {
  it('Reminders due and Outside quiet hours together send what dueReminders and the reference server send', async () => {
    // Around each reminder of a week: a minute before, at it, 9 and 10 minutes late; in the default quiet hours and none.
    const week = remindersBetween(SESSIONS, new Date(Date.UTC(2026, 10, 22)), new Date(Date.UTC(2026, 10, 29)));
    const moments = week.flatMap(({ at }) => [-1, 0, 9, 10].map((minutes) => at.getTime() + minutes * 60_000));
    expect(week.length).toBe(6);
    let sent = 0;
    for (const settings of [SETTINGS, { ...SETTINGS, quiet_start: '00:00', quiet_end: '00:00' }]) {
      for (const at of moments) {
        const now = new Date(at);
        const clock = { Clock: { now: now.toISOString() } };
        const target = { endpoint: 'https://push.test/1', settings, language: 'hi', sessions: SESSIONS };
        const due = await run('Reminders due', JSON.parse(JSON.stringify(target)), clock);
        const shown = await run('Outside quiet hours', JSON.parse(JSON.stringify(due.json)), clock);
        const expected = dueReminders(SESSIONS, settings, now).map((reminder) => ({
          key: reminder.key,
          starts_at: reminder.startsAt.toISOString(),
          message: reminderMessage(reminder, 'hi'),
        }));
        expect(shown.json, now.toISOString()).toEqual({ endpoint: target.endpoint, due: expected });
        sent += expected.length;
      }
    }
    // Each reminder at its moment and 9 minutes late with no quiet hours; fewer in the default ones.
    expect(sent).toBeGreaterThan(12);
    expect(sent).toBeLessThan(24);
  });

  it('Reminders due follows a confirmed reschedule’s move over the programme’s cancellation of the same session', async () => {
    // Wednesday 25 Nov's 4:30 PM, cancelled by the programme and moved to Friday 27 Nov 10:00 at the parent's request.
    const changes = [
      {
        starts_at: '2026-11-25T16:30:00+05:30',
        facilitator: 'Arjun Rao',
        moved_to: null,
        reason: 'Ill',
        announcement_id: 'c1',
      },
    ];
    const reschedule = {
      request_id: '6f1c2a4e-0b7d-4c3e-9a51-2d8e7f6a9b10',
      action: 'reschedule_single',
      payload: { date: '2026-11-25' },
      timestamp_ist: '2026-11-24T10:00:00.000+05:30',
      answers: [
        {
          kind: 'confirmed',
          starts_at: '2026-11-27T10:00:00+05:30',
          offer_id: null,
          reason: null,
          answered_by: 'meera',
          answered_at: '2026-11-24T06:00:00.000Z',
        },
      ],
    };
    const settings = { ...SETTINGS, quiet_start: '00:00', quiet_end: '00:00' };
    const due = async (at: string) => {
      const target = {
        endpoint: 'https://push.test/1',
        settings,
        sessions: SESSIONS,
        changes,
        reschedules: [reschedule],
      };
      const found = await run('Reminders due', target, { Clock: { now: new Date(at).toISOString() } });
      return (found.json.due as { key: string }[]).map((reminder) => reminder.key);
    };
    expect(await due('2026-11-25T15:30:00+05:30')).toEqual([]);
    expect(await due('2026-11-27T09:00:00+05:30')).toEqual(['hour_before 2026-11-27T04:30:00.000Z']);
  });

  it('Message judges a job by the settings now: kind off, expiry, show_text, quiet hours', async () => {
    const now = new Date('2026-11-25T17:00:00.000Z'); // 22:30 in India: quiet by default
    const clock = { Clock: { now: now.toISOString() } };
    const job = {
      id: 7,
      kind: 'reply',
      payload: null,
      expires_at: null,
      attempts: 0,
      endpoint: 'https://push.test/1',
      p256dh: 'k',
      auth: 'a',
      settings: SETTINGS,
      language: 'hi',
      message_id: '42',
      staff_name: 'Meera Nair',
      text: 'See you Thursday',
    };
    const judged = async (changes: Json) => (await run('Message', { ...job, ...changes }, clock)).json;
    const held = await judged({});
    expect(held).toMatchObject({ verdict: 'delay', at: quietHoursEnd(SETTINGS, now)?.toISOString() });
    expect(held.message).toEqual({ kind: 'reply', message_id: '42', author: 'Meera Nair', language: 'hi' });
    const awake = { ...SETTINGS, quiet_start: '23:00', show_text: true };
    expect(await judged({ settings: awake })).toMatchObject({
      verdict: 'send',
      message: { kind: 'reply', message_id: '42', author: 'Meera Nair', text: 'See you Thursday', language: 'hi' },
    });
    expect(await judged({ settings: { ...awake, replies: false } })).toMatchObject({ verdict: 'drop' });
    const reminder = { kind: 'reminder', payload: { kind: 'reminder', language: 'en' }, message_id: null, text: null };
    expect(await judged({ ...reminder, expires_at: '2026-11-25T16:59:59.000Z' })).toMatchObject({ verdict: 'drop' });
    // A reminder is not held: one whose moment was quiet was never queued.
    expect(await judged({ ...reminder, expires_at: '2026-11-25T18:00:00.000Z' })).toMatchObject({
      verdict: 'send',
      message: { kind: 'reminder', language: 'hi' },
    });
  });

  it('Payload, Sign and Encrypt make a push the push service accepts and the browser decrypts', async () => {
    const keys = subscriptionKeys();
    const { createECDH } = await import('node:crypto');
    const vapid = createECDH('prime256v1');
    vapid.generateKeys();
    const $env = {
      THRIVE_VAPID_PUBLIC_KEY: vapid.getPublicKey('base64url'),
      THRIVE_VAPID_PRIVATE_KEY: vapid.getPrivateKey('base64url'),
      THRIVE_VAPID_SUBJECT: 'mailto:programme@thrive.test',
    };
    const clock = { Clock: { now: new Date().toISOString() } };
    const message = { kind: 'reply', message_id: '42', author: 'मीरा नायर', text: 'x'.repeat(5000), language: 'hi' };
    const job = { id: 7, endpoint: 'https://push.test:8443/push/1', p256dh: keys.p256dh, auth: keys.auth, attempts: 2 };
    const payload = await run('Payload', { ...job, message }, clock);
    const signed = await run('Sign', payload.json, clock, $env);
    const encrypted = await run('Encrypt', signed.json, clock);
    const body = Buffer.from(String((encrypted.binary?.body as { data: string } | undefined)?.data), 'base64');
    const sent = JSON.parse(decryptPush(body, keys).toString('utf8')) as { text: string };
    expect(sent.text.endsWith('…')).toBe(true);
    expect(Buffer.byteLength(JSON.stringify(sent))).toBeLessThanOrEqual(3000);
    expect(encrypted.json).toMatchObject({ id: 7, attempts: 2, ttl: 172800, urgency: 'high', topic: 'conversation' });
    expect(encrypted.json).not.toHaveProperty('auth');
    const { claims } = checkVapid(String(encrypted.json.authorization), 'https://push.test:8443', Date.now());
    expect(claims.sub).toBe($env.THRIVE_VAPID_SUBJECT);
  });

  it('Verdict reads the push service’s answer as delivery.ts does', async () => {
    const encrypt = { Encrypt: { id: 7, endpoint: 'https://push.test/1', attempts: 0 } };
    const verdict = async (answer: Json) => (await run('Verdict', answer, encrypt)).json;
    expect(await verdict({ statusCode: 201 })).toMatchObject({ verdict: 'sent', at: null });
    expect(await verdict({ statusCode: 410 })).toMatchObject({ verdict: 'gone' });
    const retry = await verdict({ statusCode: 429, headers: { 'retry-after': '120' } });
    expect(retry.verdict).toBe('retry');
    expect(Date.parse(String(retry.at)) - Date.now()).toBeGreaterThan(115_000);
    expect(await verdict({ error: 'ECONNREFUSED' })).toMatchObject({ verdict: 'retry', status: 0 });
    expect(await verdict({ statusCode: 400 })).toMatchObject({ verdict: 'drop' });
  });
});

describe("the conversation's Check subscription", () => {
  it('names the text of the first thing a sender could not use, as the reference server', async () => {
    const keys = subscriptionKeys();
    const good = { endpoint: 'https://push.test/1', keys: { p256dh: keys.p256dh, auth: keys.auth } };
    const problem = async (subscription: Json, hosts: string | null = 'push.test') => {
      const called = { 'Called by the portal webhook': { envelope: { payload: { subscription } } } };
      const $env = hosts === null ? {} : { THRIVE_PUSH_SERVICE_HOSTS: hosts };
      return (await run('Check subscription', { token_hash: 'h' }, called, $env, conversation)).json.problem;
    };
    expect(await problem(good)).toBeNull();
    // Only a push service's host: THRIVE_PUSH_SERVICE_HOSTS's, else the browsers'.
    expect(await problem(good, null)).toBe('pushEndpointInvalid');
    expect(await problem({ ...good, endpoint: 'https://fcm.googleapis.com/fcm/send/1' }, null)).toBeNull();
    expect(await problem({ ...good, endpoint: 'https://169.254.169.254/latest' })).toBe('pushEndpointInvalid');
    expect(await problem({ ...good, endpoint: 'http://push.test/1' })).toBe('pushEndpointInvalid');
    expect(await problem({ ...good, keys: { ...good.keys, p256dh: 'AAAA' } })).toBe('pushKeyInvalid');
    expect(await problem({ ...good, keys: { ...good.keys, auth: 'AAAA' } })).toBe('pushAuthInvalid');
    expect(ANSWER_TEXTS.hi.pushAuthInvalid).toBeTruthy();
  });
});

describe("Thrive push's Clock: what a run does, by who started it", () => {
  type Assignment = { name: string; value: string };
  const fields = (nodeNamed('Clock', push).parameters.assignments as { assignments: Assignment[] }).assignments;
  const clock = (json: Json, minute = false) => {
    const $ = (node: string) => ({ isExecuted: node === 'Every minute' && minute });
    // `now` is n8n's clock ($now) when not given: the two fields that decide what the run does are evaluated.
    const deciding = fields.filter(({ name }) => name !== 'now');
    return Object.fromEntries(deciding.map(({ name, value }) => [name, evaluate(value, json, $)]));
  };

  it('looks for reminders on the minute’s run and a run at a given moment only, not on every batch of a fan-out', () => {
    expect(clock({}, true)).toMatchObject({ reminders: true, max_priority: 1 });
    expect(clock({ now: '2026-11-27T02:30:00.000Z' })).toMatchObject({ reminders: true, max_priority: 1 });
    expect(clock({ recorded: 'sent' })).toMatchObject({ reminders: false, max_priority: 1 });
  });

  it('takes only what goes ahead of a fan-out in a run started for a reply', () => {
    expect(clock({ replies: true })).toMatchObject({ reminders: false, max_priority: 0 });
  });
});
