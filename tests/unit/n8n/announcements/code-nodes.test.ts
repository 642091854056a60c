import { describe, expect, it } from 'vitest';
import { en as PROBLEMS } from '../../../../src/shared/announcements/messages.ts';
import { withdrawnChangeText } from '../../../../src/shared/announcements/session-change-text.ts';
import { toIstIso } from '../../../../src/shared/format/ist.ts';
import { WORKFLOWS } from '../../../../n8n/source/toolkit/ids.ts';
import { runCodeNode } from '../support/code-sandbox.ts';
import { committed, evaluate, nodeNamed, runNode } from '../support/workflow.ts';

const announcements = committed(WORKFLOWS.announcements.path);

describe("ThriveAnnouncements' Check announcement", () => {
  const roster = {
    facilitators: [{ id: 'kavya-iyer', name: 'Kavya Iyer', parents: 2 }],
    slots: [],
    parents: [{ number: '+919100000001', name: 'Anita Desai' }],
  };
  const check = (values: Record<string, unknown>) =>
    runNode('Check announcement', roster, { Called: { values, by: 'priya' } }, announcements);

  it('takes a language left empty (null, as Slack sends it) as left out', async () => {
    const checked = await check({
      title_en: 'Closed',
      body_en: 'No session today.',
      title_hi: null,
      body_hi: null,
      audience: 'everyone',
    });
    expect(checked).toMatchObject({
      valid: true,
      item: { title_en: 'Closed', body_en: 'No session today.', audience_label: 'Everyone on the roster' },
    });
  });

  it('shows a problem of the Hindi text under the Hindi text', async () => {
    const checked = await check({ title_hi: 'सूचना', body_hi: 'क'.repeat(1001), audience: 'everyone' });
    expect(checked).toEqual({
      valid: false,
      body: { response_action: 'errors', errors: { body_hi: 'A text must be 1000 characters or less.' } },
    });
  });
});

describe("ThriveAnnouncements' Check withdrawal", () => {
  /** A start `hours` from now, as session changes keep it (India's time, to the minute). */
  const startIn = (hours: number) => `${toIstIso(new Date(Date.now() + hours * 3600_000)).slice(0, 16)}:00+05:30`;
  const called = { kind: 'withdraw', id: 'a1', by: 'priya', user: 'U0PRIYA', channel: 'C0STAFF' };
  const check = (read: Record<string, unknown>) =>
    runNode('Check withdrawal', read, { Called: called }, announcements) as Promise<Record<string, unknown>>;
  const change = (starts_at: string, moved_to: string | null = null, number_key = '+919100000001') => ({
    number_key,
    starts_at,
    facilitator: 'Kavya Iyer',
    moved_to,
  });

  it('refuses a move whose usual time has passed and whose new time has not, and says why to whoever pressed it', async () => {
    const read = { kind: 'moved', sent: true, audience_label: 'Kavya', changes: [change(startIn(-1), startIn(24))] };
    expect(await check(read)).toEqual({
      refused: true,
      user: 'U0PRIYA',
      channel: 'C0STAFF',
      text: PROBLEMS.moveUnderway,
    });
  });

  it('withdraws a cancellation still ahead with an update to its parents, each once, from whoever withdrew it', async () => {
    const startsAt = startIn(3);
    const changes = [change(startsAt), change(startsAt, null, '+919100000002'), change(startsAt)];
    const checked = await check({ kind: 'cancelled', sent: true, audience_label: 'Wednesday 4:00 PM', changes });
    const back = { kind: 'cancelled', startsAt, facilitator: 'Kavya Iyer', reason: '' } as const;
    const [en, hi] = [withdrawnChangeText(back, 'en', new Date()), withdrawnChangeText(back, 'hi', new Date())];
    expect(checked).toMatchObject({ refused: false, id: 'a1' });
    expect(Date.now() - Date.parse(String(checked.at))).toBeLessThan(60_000);
    expect(checked.item).toEqual({
      kind: 'announcement',
      title_en: en.title,
      body_en: en.body,
      title_hi: hi.title,
      body_hi: hi.body,
      audience: { kind: 'parents', numbers: ['+919100000001', '+919100000002'] },
      audience_label: 'Wednesday 4:00 PM',
      send_at: null,
      urgent: true,
      created_by: 'priya',
    });
    const later = await check({ kind: 'cancelled', sent: true, audience_label: 'x', changes: [change(startIn(72))] });
    expect(later.item).toMatchObject({ urgent: false });
  });

  it.each([
    ['a plain announcement', { kind: 'announcement', sent: true, audience_label: 'Everyone', changes: [] }],
    ['a change not sent yet', { kind: 'cancelled', sent: false, audience_label: 'x', changes: [change(startIn(3))] }],
    [
      'a change whose sessions have begun',
      { kind: 'cancelled', sent: true, audience_label: 'x', changes: [change(startIn(-1))] },
    ],
    ['one unknown or withdrawn already', { kind: null, sent: false, audience_label: null, changes: [] }],
  ])('withdraws %s and tells nobody', async (_what, read) => {
    expect(await check(read)).toMatchObject({ refused: false, id: 'a1', item: null });
  });
});

describe("ThriveAnnouncements' First post of a withdrawn change's update", () => {
  it('posts the update Withdraw stored: its title, its audience, sent now to the parents it reached', async () => {
    const item = {
      kind: 'announcement',
      title_en: 'Session back on',
      audience_label: 'Wednesday 4:00 PM',
      send_at: null,
      urgent: true,
      created_by: 'priya',
    };
    const outputs: Record<string, unknown> = {
      'Check withdrawal': { refused: false, id: 'a1', item },
      Withdraw: { withdrawn: true, id: 'f1', parents: 2 },
    };
    const $ = (name: string) => ({
      isExecuted: name in outputs,
      first: () => {
        if (!(name in outputs)) throw new Error(`First post read ${name}, which did not run`);
        return { json: outputs[name] };
      },
    });
    const code = String(nodeNamed('First post', announcements).parameters.jsCode);
    const { json } = (await runCodeNode(code, { $json: {}, $ })) as { json: { id: string; text: string } };
    expect(json.id).toBe('f1');
    expect(json.text.split('\n')).toEqual([
      ':mega: Announcement (urgent) by priya',
      '*Session back on*',
      'To: Wednesday 4:00 PM',
      expect.stringMatching(/^Sent .* · seen by 0 of 2 · pushed to 0 · texted to 0$/),
    ]);
  });
});

describe("ThriveAnnouncements' withdrawal after its check", () => {
  const next = (name: string, output = 0) =>
    announcements.connections[name]?.main[output]?.map((target) => target.node) ?? [];
  const refused = { refused: true, user: 'U0PRIYA', channel: 'C0STAFF', text: PROBLEMS.moveUnderway };
  const withdrawn = { refused: false, id: 'a1', at: '2026-11-23T06:30:00.000Z', item: { kind: 'announcement' } };

  it('tells a refusal in the channel to whoever pressed Withdraw alone, and withdraws nothing', () => {
    expect(next('Check withdrawal')).toEqual(['Refused?']);
    const condition = (nodeNamed('Refused?', announcements).parameters.conditions as { conditions: object[] })
      .conditions[0] as { leftValue: string };
    expect([evaluate(condition.leftValue, refused), evaluate(condition.leftValue, withdrawn)]).toEqual([true, false]);
    const [tell = ''] = next('Refused?', 0);
    const { url, body } = nodeNamed(tell, announcements).parameters;
    expect(String(url)).toMatch(/\/chat\.postEphemeral$/);
    const form = new URLSearchParams(String(evaluate(body, refused)));
    expect(Object.fromEntries(form)).toEqual({ channel: 'C0STAFF', user: 'U0PRIYA', text: PROBLEMS.moveUnderway });
    expect(next('Refused?', 1)).toEqual(['Withdraw']);
  });

  it('withdraws and stores the update in one statement, then posts the update as a submission’s', () => {
    const { query, options } = nodeNamed('Withdraw', announcements).parameters as {
      query: string;
      options: { queryReplacement: string };
    };
    expect(query).toContain('thrive.withdraw_change($1, $2::jsonb, $3::timestamptz)');
    expect(evaluate(options.queryReplacement, withdrawn)).toEqual(['a1', '{"kind":"announcement"}', withdrawn.at]);
    expect(next('Withdraw')).toEqual(['Sync now']);
    expect(next('Sync now')).toEqual(['Told parents?']);
    expect([next('Told parents?', 0), next('Told parents?', 1)]).toEqual([['Send pushes'], ['Withdrawn']]);
    expect(next('Send pushes')).toEqual(['First post']);
  });
});
