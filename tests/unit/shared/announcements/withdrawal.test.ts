import { describe, expect, it } from 'vitest';
import { withdrawnChangeText } from '../../../../src/shared/announcements/session-change-text.ts';
import { withdrawalOf } from '../../../../src/shared/announcements/withdrawal.ts';

// Monday 23 November 2026, noon in India.
const NOW = new Date('2026-11-23T12:00:00+05:30');
const WED_4PM = '2026-11-25T16:00:00+05:30';
const WED_10AM = '2026-11-25T10:00:00+05:30';
const FRI_5PM = '2026-11-27T17:00:00+05:30';
const MON_10AM = '2026-11-23T10:00:00+05:30';

const row = (number_key: string, starts_at: string, facilitator = 'Priya Sharma', moved_to: string | null = null) => ({
  number_key,
  starts_at,
  facilitator,
  moved_to,
});

describe('withdrawing a session change', () => {
  it('tells each parent of a cancelled occurrence still ahead, once, that it is back, urgent within a day', () => {
    const rows = [row('9876543210', WED_4PM), row('9123456780', WED_4PM), row('9876543210', WED_4PM)];
    expect(withdrawalOf('cancelled', true, rows, NOW)).toEqual({
      ok: true,
      tell: {
        numbers: ['9876543210', '9123456780'],
        back: { kind: 'cancelled', startsAt: WED_4PM, facilitator: 'Priya Sharma', reason: '' },
        urgent: false,
      },
    });
    const tuesdayEvening = new Date('2026-11-24T18:00:00+05:30');
    expect(withdrawalOf('cancelled', true, rows, tuesdayEvening)).toMatchObject({ tell: { urgent: true } });
  });

  it('names a holiday by its day, and tells only the parents whose session there has not begun', () => {
    const rows = [row('9876543210', WED_10AM), row('9123456780', WED_4PM, 'Arjun Mehta')];
    expect(withdrawalOf('cancelled', true, rows, NOW)).toMatchObject({
      tell: { numbers: ['9876543210', '9123456780'], back: { kind: 'holiday', day: '2026-11-25' } },
    });
    const wednesdayNoon = new Date('2026-11-25T12:00:00+05:30');
    expect(withdrawalOf('cancelled', true, rows, wednesdayNoon)).toEqual({
      ok: true,
      tell: {
        numbers: ['9123456780'],
        back: { kind: 'cancelled', startsAt: WED_4PM, facilitator: 'Arjun Mehta', reason: '' },
        urgent: true,
      },
    });
  });

  it('tells a move’s parents their session stays at its time', () => {
    expect(withdrawalOf('moved', true, [row('9876543210', WED_4PM, 'Priya Sharma', FRI_5PM)], NOW)).toMatchObject({
      tell: { back: { kind: 'moved', startsAt: WED_4PM, to: FRI_5PM } },
    });
  });

  it('refuses a move whose usual time has passed and whose new time has not', () => {
    const rows = [row('9876543210', MON_10AM, 'Priya Sharma', FRI_5PM)];
    expect(withdrawalOf('moved', true, rows, NOW)).toEqual({ ok: false, problem: 'moveUnderway' });
    expect(withdrawalOf('moved', true, rows, new Date('2026-11-28T09:00:00+05:30'))).toEqual({
      ok: true,
      tell: undefined,
    });
  });

  it('tells nobody for a plain announcement, one not sent, or a change whose sessions have all begun', () => {
    const rows = [row('9876543210', WED_4PM)];
    expect(withdrawalOf('announcement', true, rows, NOW)).toEqual({ ok: true, tell: undefined });
    expect(withdrawalOf('cancelled', false, rows, NOW)).toEqual({ ok: true, tell: undefined });
    expect(withdrawalOf('cancelled', true, rows, new Date('2026-11-25T16:00:00+05:30'))).toEqual({
      ok: true,
      tell: undefined,
    });
  });
});

describe('the words for a withdrawn change', () => {
  it.each([
    [
      { kind: 'cancelled', startsAt: WED_4PM, facilitator: 'Priya Sharma', reason: '' } as const,
      { title: 'Session back on', body: 'Wednesday 4:00 PM with Priya Sharma is not cancelled after all.' },
      {
        title: 'सेशन होगा',
        body: 'बुधवार शाम 4:00 का Priya Sharma के साथ सेशन अब रद्द नहीं है। यह अपने तय समय पर होगा।',
      },
    ],
    [
      { kind: 'moved', startsAt: WED_4PM, facilitator: 'Priya Sharma', to: FRI_5PM, reason: '' } as const,
      {
        title: 'Session stays at its time',
        body: 'Wednesday 4:00 PM with Priya Sharma stays at its usual time: it does not move to Friday 5:00 PM.',
      },
      {
        title: 'सेशन का समय नहीं बदला',
        body: 'बुधवार शाम 4:00 का Priya Sharma के साथ सेशन अपने तय समय पर ही होगा, शुक्रवार शाम 5:00 को नहीं।',
      },
    ],
    [
      { kind: 'holiday', day: '2026-11-25', reason: '' } as const,
      { title: 'Sessions on Wednesday after all', body: 'Every session on Wednesday takes place as usual.' },
      { title: 'बुधवार को सेशन होंगे', body: 'बुधवार के सेशन अब रद्द नहीं हैं। सभी सेशन अपने तय समय पर होंगे।' },
    ],
  ])('%o', (change, english, hindi) => {
    expect(withdrawnChangeText(change, 'en', NOW)).toEqual(english);
    expect(withdrawnChangeText(change, 'hi', NOW)).toEqual(hindi);
  });
});
