import { describe, expect, it } from 'vitest';
import { formView, parentOptions, reachText } from '../../../../n8n/source/announcements/forms.ts';
import { postOf, type PostRow } from '../../../../n8n/source/announcements/post.ts';
import { ANNOUNCEMENT_POST_BLOCK } from '../../../../n8n/source/toolkit/ids.ts';
import { viewProblems } from '../../../n8n/harness/slack-views.ts';

/** A programme larger than a Slack menu: 150 facilitators, each with a session at 40 times of the week. */
const facilitators = Array.from({ length: 150 }, (_, i) => ({ id: `f-${i}`, name: `Facilitator ${i}` }));
const slots = facilitators.flatMap((f, i) =>
  Array.from({ length: 40 }, (_, j) => ({
    weekday: (j % 7) + 1,
    time: `${String(8 + (j % 12)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
    facilitator_id: f.id,
    facilitator: f.name,
  })),
);

describe('the announcement forms', () => {
  it.each(['announce', 'change'] as const)('open within Slack’s limits for a large roster (%s)', (form) => {
    expect(viewProblems(formView(form, { facilitators, slots }))).toEqual([]);
  });

  it('list the audiences in groups: everyone and chosen parents, the facilitators, then each weekday’s sessions', () => {
    const view = formView('announce', { facilitators: facilitators.slice(0, 2), slots: slots.slice(0, 2) });
    const audience = (view.blocks.find((b) => b.block_id === 'audience') as { element?: unknown }).element as {
      option_groups: { label: { text: string }; options: { value: string }[] }[];
    };
    expect(audience.option_groups.map((g) => [g.label.text, g.options.map((o) => o.value)])).toEqual([
      ['Everyone, or parents you choose', ['everyone', 'parents']],
      ["A facilitator's parents", ['facilitator|f-0', 'facilitator|f-1']],
      ["Monday's sessions", ['session|1|08:00|f-0']],
      ["Tuesday's sessions", ['session|2|09:00|f-0']],
    ]);
  });

  it('say under who it is for what the choice reaches, and have that choice sent at once to update it', () => {
    const roster = { facilitators: facilitators.slice(0, 2), slots: slots.slice(0, 2) };
    const reach = { parents: 38, notified: 31, label: "Facilitator 0's parents" };
    const lineOf = (view: ReturnType<typeof formView>) =>
      (view.blocks.find((b) => b.block_id === 'reach') as { elements: { text: string }[] }).elements[0]?.text;
    const view = formView('announce', roster, reach);
    expect(viewProblems(view)).toEqual([]);
    expect(lineOf(view)).toBe("It reaches 38 parents (Facilitator 0's parents); 31 of them have notifications on.");
    expect(lineOf(formView('announce', roster))).toBe(
      'Choose who it is for: this line then says how many parents it reaches and how many have notifications on.',
    );
    const dispatching = view.blocks.flatMap((b) => ('dispatch_action' in b && b.dispatch_action ? [b.block_id] : []));
    expect(dispatching).toEqual(['audience', 'parents']);
  });

  it('count one parent as one, and quote a long list of chosen parents in part', () => {
    expect(reachText({ parents: 1, notified: 0, label: 'Chosen parents: Asha' })).toBe(
      'It reaches 1 parent (Chosen parents: Asha); 0 of them have notifications on.',
    );
    const names = Array.from({ length: 60 }, (_, i) => `Parent ${i}`).join(', ');
    const line = reachText({ parents: 60, notified: 12, label: `Chosen parents: ${names}` });
    expect(line).toMatch(
      /^It reaches 60 parents \(Chosen parents: Parent 0, .{100,}…\); 12 of them have notifications on\.$/u,
    );
    expect([...line.slice(line.indexOf('(') + 1, line.indexOf(')'))]).toHaveLength(150);
  });

  it('look chosen parents up as staff type, at most 100 of them, each with the number', () => {
    const parents = Array.from({ length: 120 }, (_, i) => ({
      number: `+9190000${String(i).padStart(5, '0')}`,
      name: `P ${i}`,
    }));
    const { options } = parentOptions(parents);
    expect(options).toHaveLength(100);
    expect(options[0]).toEqual({ text: { type: 'plain_text', text: 'P 0 (+919000000000)' }, value: '+919000000000' });
  });
});

describe('an announcement’s post', () => {
  const row: PostRow = {
    id: 'a1',
    kind: 'announcement',
    title: 'Closed <Friday>',
    audience_label: `Chosen parents: ${Array.from({ length: 800 }, (_, i) => `Parent ${i}`).join(', ')}`,
    urgent: true,
    created_by: 'priya',
    send_at: '2026-11-27T04:30:00Z',
    sent_at: '2026-11-27T04:30:00Z',
    withdrawn_at: null,
    recipients: 800,
    seen: 31,
    pushed: 20,
    texted: 4,
  };
  const blocksOf = (post: ReturnType<typeof postOf>) =>
    JSON.parse(post.blocks) as { type: string; text?: { text: string }; elements?: { value: string }[] }[];

  it('shows its audience (a long one cut within a section’s 3,000 characters), how it reached parents and Withdraw', () => {
    const post = postOf(row, ANNOUNCEMENT_POST_BLOCK);
    const [section, actions] = blocksOf(post);
    expect(post.text.split('\n')[1]).toBe('*Closed &lt;Friday&gt;*');
    expect(post.text.endsWith('seen by 31 of 800 · pushed to 20 · texted to 4')).toBe(true);
    expect(section?.text?.text.length).toBeLessThanOrEqual(3000);
    expect(actions?.elements?.[0]?.value).toBe('a1');
    expect(post.state).toBe('31/800/20/4/t/f');
  });

  it.each([
    ['announcement', 'Withdraw it?', 'Parents no longer see it, and pushes not yet sent are not sent.'],
    [
      'cancelled',
      'Withdraw the change?',
      'Its sessions go back on the parents’ schedules, and the parents whose session is still ahead are told.',
    ],
    [
      'moved',
      'Withdraw the change?',
      'Its sessions go back on the parents’ schedules, and the parents whose session is still ahead are told.',
    ],
  ])('has Slack confirm what withdrawing it does (%s)', (kind, title, text) => {
    const [, actions] = JSON.parse(postOf({ ...row, kind }, ANNOUNCEMENT_POST_BLOCK).blocks) as [
      unknown,
      { elements: { confirm: { title: { text: string }; text: { text: string } } }[] },
    ];
    const confirm = actions.elements[0]?.confirm;
    expect([confirm?.title.text, confirm?.text.text]).toEqual([title, text]);
  });

  it('says it is withdrawn, with no button left', () => {
    const post = postOf({ ...row, withdrawn_at: '2026-11-27T05:00:00Z' }, ANNOUNCEMENT_POST_BLOCK);
    expect(post.text.endsWith('\nWithdrawn')).toBe(true);
    expect(blocksOf(post).map((b) => b.type)).toEqual(['section']);
  });
});
