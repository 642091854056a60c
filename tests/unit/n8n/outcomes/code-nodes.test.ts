import { describe, expect, it } from 'vitest';
import { WORKFLOWS } from '../../../../n8n/source/toolkit/ids.ts';
import { answerText } from '../../../../server/contract/texts.ts';
import { whenText } from '../../../../server/requests/actions.ts';
import type { OutcomeRow } from '../../../../src/shared/rules/request-outcome.ts';
import { moveOf, parentRequest } from '../../../../src/shared/schedule/request-session.ts';
import { restOfWeek } from '../../../../src/shared/schedule/rest-of-week.ts';
import { addDays, scheduleDayName } from '../../../../src/shared/schedule/week.ts';
import { istTodayKey } from '../../../../src/shared/rules/reschedule.ts';
import { committed, contract, runNode } from '../support/workflow.ts';

const requests = committed(WORKFLOWS.requests.path);
const slackActions = committed(WORKFLOWS.slackActions.path);

const PARENT = { name: 'Asha Verma', number: '+919876543210' };
const SESSIONS = [
  { weekday: 1, time: '09:00', facilitator: 'Meera Nair' },
  { weekday: 3, time: '16:30', facilitator: 'Arjun Rao' },
];
const REQUEST = {
  request_id: '6f1c2a4e-0b7d-4c3e-9a51-2d8e7f6a9b10',
  action: 'reschedule_range',
  payload: { start_date: '2026-12-01', end_date: '2026-12-03' },
  timestamp_ist: '2026-11-27T10:00:00.000+05:30',
  user_name: 'asha verma',
  language: 'hi',
};
const at = (kind: OutcomeRow['kind'], startsAt: string | null, extra: Partial<OutcomeRow> = {}): OutcomeRow => ({
  kind,
  starts_at: startsAt,
  offer_id: null,
  reason: null,
  answered_by: 'meera',
  answered_at: '2026-11-27T06:00:00.000Z',
  ...extra,
});

/** ThriveRequests' two Code nodes on a "Find requests" row: the parent's sessions and the request with its answers. */
async function answer(envelope: unknown, answers: OutcomeRow[]) {
  const earlier = { 'Called by the portal webhook': { envelope } };
  const found = { parent_name: PARENT.name, sessions: SESSIONS, requests: [{ ...REQUEST, answers }] };
  const outcomes = await runNode('Outcomes', found, earlier, requests);
  return (await runNode('Answer', outcomes, earlier, requests)) as Record<string, unknown>;
}

describe('ThriveRequests (list_requests, accept_offer)', () => {
  it('lists each request as the reference server’s rules read it: confirmed on another day, with its SEQUENCE', async () => {
    const answers = [at('confirmed', '2026-12-01T16:00:00+05:30'), at('confirmed', '2026-12-05T16:00:00+05:30')];
    const listed = await answer({ action: 'list_requests', user: PARENT }, answers);
    expect(listed).toEqual({ status: 200, answer: { requests: [parentRequest(REQUEST, answers, SESSIONS)] } });
    expect(listed).toMatchObject({
      answer: { requests: [{ confirmed: { differs: true }, calendar: { sequence: 2 } }] },
    });
  });

  it('refuses a stale offer (409) and another parent (404), and accepts the open one with the event line in the request’s language', async () => {
    const answers = [at('offered', '2026-12-02T18:30:00+05:30', { offer_id: 'offer-1' })];
    const accept = (offer_id: string, user = PARENT) => ({
      action: 'accept_offer',
      user,
      payload: { request_id: REQUEST.request_id.toUpperCase(), offer_id },
      language: 'en',
    });
    expect(await answer(accept('offer-0'), answers)).toMatchObject({ status: 409, text: { key: 'offerNotOpen' } });
    expect(await answer(accept('offer-1', { name: 'Someone Else', number: PARENT.number }), answers)).toMatchObject({
      status: 404,
      text: { key: 'requestNotFound' },
    });
    const accepted = await answer(accept('offer-1'), answers);
    const when = (language: 'en' | 'hi') => whenText('2026-12-02T18:30:00+05:30', language);
    expect(accepted).toMatchObject({
      status: 200,
      claimed: true,
      answer: { message: { key: 'offerAccepted', values: { when: when('en') } }, request: { status: 'confirmed' } },
      event: answerText('hi', 'eventAccepted', { when: when('hi') }),
      offer: 'offer-1',
    });
    expect(JSON.parse(String(accepted.record))).toMatchObject({ request_id: REQUEST.request_id, kind: 'accepted' });
  });
});

describe("the portal's Answer (know_schedule)", () => {
  it('moves a confirmed session, read with the claim, as the reference server moves it', async () => {
    // Today's last minute in India, so the moved session is still ahead whenever the test runs.
    const today = istTodayKey(new Date());
    const request = { ...REQUEST, action: 'reschedule_single', payload: { date: today } };
    const answers = [at('confirmed', `${today}T23:59:00+05:30`)];
    const parent = { name: PARENT.name, facilitator: { name: 'Meera Nair', slackChannel: '#f' }, sessions: SESSIONS };
    const earlier = {
      'Check request': { envelope: { action: 'know_schedule', user: PARENT, payload: {}, language: 'en' } },
      Contract: contract,
    };
    const sent = (await runNode('Answer', { parent, reschedules: [{ ...request, answers }] }, earlier)) as {
      body: string;
    };
    const schedule = (JSON.parse(sent.body) as { schedule: string }).schedule;
    expect(schedule).toContain(`${scheduleDayName(today)}: 11:59 PM with `);
    const move = moveOf(parentRequest(request, answers, SESSIONS));
    expect(schedule).toBe(restOfWeek(SESSIONS, new Date(), move ? [move] : []));
  });
  it('keeps a session a confirmed request moved at the request’s time when the programme moved it too: once', async () => {
    const today = istTodayKey(new Date());
    const request = { ...REQUEST, action: 'reschedule_single', payload: { date: today } };
    const answers = [at('confirmed', `${today}T23:59:00+05:30`)];
    const moved = moveOf(parentRequest(request, answers, SESSIONS))?.from;
    if (!moved) throw new Error('the request moves no session');
    // The programme moved the same occurrence to 11:58 PM, before or after: the parent's own time stands.
    const { starts_at, facilitator } = moved;
    const change = {
      announcement_id: 'c1',
      starts_at,
      facilitator,
      moved_to: `${today}T23:58:00+05:30`,
      reason: 'Exams',
    };
    const parent = { name: PARENT.name, facilitator: { name: 'Meera Nair', slackChannel: '#f' }, sessions: SESSIONS };
    const earlier = {
      'Check request': { envelope: { action: 'know_schedule', user: PARENT, payload: {}, language: 'en' } },
      Contract: contract,
    };
    const json = { parent, reschedules: [{ ...request, answers }], changes: [change], withdrawn: [] };
    const sent = (await runNode('Answer', json, earlier)) as { body: string };
    const { schedule } = JSON.parse(sent.body) as { schedule: string };
    expect(schedule).toContain(`${scheduleDayName(today)}: 11:59 PM with ${facilitator}`);
    expect(schedule).not.toContain('11:58 PM');
  });
});

describe('ThriveSlackActions (a submitted form)', () => {
  // Days from today in India, as Check form reads the clock: the request asks for today to the day after tomorrow.
  const today = istTodayKey(new Date());
  const asking = { ...REQUEST, payload: { start_date: today, end_date: addDays(today, 2) } };
  const read = (action: string, form: Record<string, string | null>) => ({
    'Read action': { action, form, by: 'meera', message: { channel: 'C1', ts: '1.2', text: 'Reschedule request' } },
  });
  const run = async (action: string, form: Record<string, string | null>) => {
    const checked = await runNode('Check form', { request: asking }, read(action, form), slackActions);
    return (await runNode('Outcome', checked, read(action, form), slackActions)) as Record<string, unknown>;
  };
  const refused = (block: string, text: string) => ({
    step: 'invalid',
    errors: { response_action: 'errors', errors: { [block]: text } },
  });

  it('confirms a day outside the days asked for as another day, in the request’s language, and takes the buttons away', async () => {
    const day = addDays(today, 4);
    const outcome = await run('confirm', { day, time: '16:00', reason: null });
    const startsAt = `${day}T16:00:00+05:30`;
    expect(outcome).toMatchObject({
      step: 'record',
      answer: { kind: 'confirmed', starts_at: startsAt, by: 'meera' },
      event: answerText('hi', 'eventConfirmedOtherDay', { when: whenText(startsAt, 'hi') }),
    });
    const update = outcome.update as { blocks: string; text: string };
    expect(JSON.parse(update.blocks).map((b: { type: string }) => b.type)).toEqual(['section', 'context']);
    expect(update.text).toContain(`Confirmed for ${whenText(startsAt, 'en')} (another day than asked for), by meera`);
  });

  it('opens the form on the first day asked for (today once it is past) and the session’s time, as /staff offers them', async () => {
    const pickers = async (payload: Record<string, string>, sessions = SESSIONS.slice(0, 1)) => {
      const earlier = { 'Read action': { ...read('confirm', {})['Read action'], trigger_id: 'T1' } };
      const request = { ...REQUEST, payload, sessions };
      const opened = (await runNode('Form', { request }, earlier, slackActions)) as { view: string };
      type Element = { initial_date?: string; initial_time?: string };
      const view = JSON.parse(opened.view) as { blocks: { block_id?: string; element?: Element }[] };
      const element = (id: string) => view.blocks.find((b) => b.block_id === id)?.element;
      return { day: element('day')?.initial_date, time: element('time')?.initial_time };
    };
    const dayPicker = async (payload: Record<string, string>) => (await pickers(payload)).day;
    // The time starts on the session's, as /staff's does, and on none without a session.
    expect(await pickers({ start_date: today, end_date: today })).toEqual({ day: today, time: '09:00' });
    expect(await pickers({ start_date: today, end_date: today }, [])).toEqual({ day: today, time: undefined });
    expect(await dayPicker({ start_date: addDays(today, 2), end_date: addDays(today, 4) })).toBe(addDays(today, 2));
    expect(await dayPicker({ start_date: addDays(today, -3), end_date: addDays(today, 1) })).toBe(today);
    expect(await dayPicker({ start_date: addDays(today, -9), end_date: addDays(today, -7) })).toBe(today);
  });

  it('shows a day before today in India, or no day or time, its problem, as /staff refuses them; today is taken', async () => {
    const past = 'The day is in the past: choose today or a later day';
    expect(await run('confirm', { day: addDays(today, -1), time: '16:00', reason: null })).toEqual(
      refused('day', past),
    );
    expect(await run('offer', { day: addDays(today, -1), time: '16:00', reason: null })).toEqual(refused('day', past));
    expect(await run('confirm', { day: null, time: '16:00', reason: null })).toEqual(
      refused('day', 'Please pick a day'),
    );
    expect(await run('offer', { day: today, time: null, reason: null })).toEqual(refused('time', 'Please pick a time'));
    expect(await run('confirm', { day: today, time: '23:59', reason: null })).toMatchObject({
      step: 'record',
      answer: { kind: 'confirmed', starts_at: `${today}T23:59:00+05:30` },
    });
  });

  it('shows a blank, long, control-character or direction-turning reason its problem and records nothing; a reason is trimmed', async () => {
    expect(await run('decline', { day: null, time: null, reason: '  \n ' })).toEqual(
      refused('reason', 'Please write a reason'),
    );
    expect(await run('decline', { day: null, time: null, reason: 'a'.repeat(301) })).toEqual(
      refused('reason', 'The reason must be 300 characters or less'),
    );
    // A control character could forge what the parent reads; /staff refuses it too.
    expect(await run('decline', { day: null, time: null, reason: 'Away\u001b[2J' })).toEqual(
      refused('reason', 'Control characters are not allowed'),
    );
    // A direction override would turn the reason round on the parent's screen: `gnp.exe` read as `exe.png`.
    expect(await run('decline', { day: null, time: null, reason: 'Closed \u202Egnp.exe' })).toEqual(
      refused('reason', 'The reason cannot contain characters that change the direction of text, such as U+202E'),
    );
    expect(await run('decline', { day: null, time: null, reason: ' Away that week. ' })).toMatchObject({
      answer: { kind: 'declined', reason: 'Away that week.' },
      event: answerText('hi', 'eventDeclined', { reason: 'Away that week.' }),
    });
  });
});
