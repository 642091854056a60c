import { describe, expect, it } from 'vitest';
import { WORKFLOWS } from '../../../../n8n/source/toolkit/ids.ts';
import { committed, runNode } from '../support/workflow.ts';

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
