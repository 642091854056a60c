import { describe, expect, it } from 'vitest';
import { formView, parentOptions } from '../../../../n8n/source/announcements/forms.ts';
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
    const audience = view.blocks.find((b) => b.block_id === 'audience')?.element as unknown as {
      option_groups: { label: { text: string }; options: { value: string }[] }[];
    };
    expect(audience.option_groups.map((g) => [g.label.text, g.options.map((o) => o.value)])).toEqual([
      ['Everyone, or parents you choose', ['everyone', 'parents']],
      ["A facilitator's parents", ['facilitator|f-0', 'facilitator|f-1']],
      ["Monday's sessions", ['session|1|08:00|f-0']],
      ["Tuesday's sessions", ['session|2|09:00|f-0']],
    ]);
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
  };
  const blocksOf = (post: ReturnType<typeof postOf>) =>
    JSON.parse(post.blocks) as { type: string; text?: { text: string }; elements?: { value: string }[] }[];

  it('shows its audience (a long one cut within a section’s 3,000 characters), its seen count and Withdraw', () => {
    const post = postOf(row, ANNOUNCEMENT_POST_BLOCK);
    const [section, actions] = blocksOf(post);
    expect(post.text.split('\n')[1]).toBe('*Closed &lt;Friday&gt;*');
    expect(post.text.endsWith('seen by 31 of 800')).toBe(true);
    expect(section?.text?.text.length).toBeLessThanOrEqual(3000);
    expect(actions?.elements?.[0]?.value).toBe('a1');
    expect(post.state).toBe('31/800/t/f');
  });

  it('says it is withdrawn, with no button left', () => {
    const post = postOf({ ...row, withdrawn_at: '2026-11-27T05:00:00Z' }, ANNOUNCEMENT_POST_BLOCK);
    expect(post.text.endsWith('\nWithdrawn')).toBe(true);
    expect(blocksOf(post).map((b) => b.type)).toEqual(['section']);
  });
});
