import { describe, expect, it } from 'vitest';
import { formView, parentOptions } from '../../../../n8n/source/announcements/forms.ts';
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
