import { describe, expect, it } from 'vitest';
import { audienceOf, type AudienceRoster } from '../../../../n8n/source/announcements/audience.ts';

const roster: AudienceRoster = {
  facilitators: [{ id: 'kavya-iyer', name: 'Kavya Iyer', parents: 3 }],
  slots: [{ weekday: 3, time: '16:00', facilitator_id: 'kavya-iyer', facilitator: 'Kavya Iyer', numbers: ['+911'] }],
  parents: [
    { number: '+911', name: 'Anita Desai' },
    { number: '+912', name: 'Bharat Singh' },
  ],
};

describe('who an announcement from the Slack form is for', () => {
  it('is resolved from each kind of choice, with its words and its parents on the roster now', () => {
    expect(audienceOf('everyone', [], roster)).toEqual({
      audience: { kind: 'all' },
      label: 'Everyone on the roster',
      parents: 2,
    });
    expect(audienceOf('facilitator|kavya-iyer', [], roster)).toEqual({
      audience: { kind: 'facilitator', id: 'kavya-iyer' },
      label: "Kavya Iyer's parents",
      parents: 3,
    });
    expect(audienceOf('session|3|16:00|kavya-iyer', [], roster)).toEqual({
      audience: { kind: 'session', weekday: 3, time: '16:00', facilitator: 'kavya-iyer' },
      label: 'Wednesday 4:00 PM with Kavya Iyer',
      parents: 1,
    });
  });

  it('keeps only chosen parents the roster still has', () => {
    expect(audienceOf('parents', ['+912', '+919'], roster)).toEqual({
      audience: { kind: 'parents', numbers: ['+912'] },
      label: 'Chosen parents: Bharat Singh',
      parents: 1,
    });
  });

  it('is nothing for no choice, or one the roster no longer has', () => {
    expect(audienceOf('', [], roster)).toBeUndefined();
    expect(audienceOf('facilitator|gone', [], roster)).toBeUndefined();
    expect(audienceOf('session|1|08:00|kavya-iyer', [], roster)).toBeUndefined();
  });
});
