import { describe, expect, it } from 'vitest';
import { sessionWhen } from '../../../../src/features/schedule/session-when.ts';

// Monday 23 Nov 2026, 10:00 in India.
const MONDAY = Date.parse('2026-11-23T10:00:00+05:30');
const at = (iso: string) => new Date(iso);

describe('sessionWhen', () => {
  it.each([
    ['en', 'Wednesday 25 Nov', '5:00 PM', 'Wednesday, 25 Nov', '5:00 PM'],
    ['hi', 'Wednesday 25 Nov', '5:00 PM', 'बुधवार, 25 नवंबर', 'शाम 5:00'],
    ['en', 'Thursday', '6:30-7:15 PM', 'Thursday, 26 Nov', '6:30 PM – 7:15 PM'],
    ['hi', 'Thursday', '6:30-7:15 PM', 'गुरुवार, 26 नवंबर', 'शाम 6:30 – शाम 7:15'],
    ['hi', 'Sunday', '9:00 AM', 'रविवार, 29 नवंबर', 'सुबह 9:00'],
    ['hi', 'Tuesday', '12:30 PM', 'मंगलवार, 24 नवंबर', 'दोपहर 12:30'],
    ['en', 'Tuesday', '17:00', 'Tuesday, 24 Nov', '5:00 PM'],
  ] as const)('writes the %s line "%s: %s" as "%s", "%s"', (locale, day, time, shownDay, shownTime) => {
    const when = sessionWhen({ day, time }, MONDAY, new Date(MONDAY), locale);
    expect([when.day, when.time]).toEqual([shownDay, shownTime]);
  });

  it('keeps what does not read as it came, in either language', () => {
    const when = sessionWhen({ day: 'Someday', time: 'evening' }, MONDAY, new Date(MONDAY), 'hi');
    expect(when).toMatchObject({ day: 'Someday', time: 'evening', date: undefined, clock: undefined, soon: undefined });
  });

  it.each([
    ['the day it is in India', 'Monday', '2026-11-23T23:59:00+05:30', 'today'],
    ['the next day in India', 'Tuesday', '2026-11-23T10:00:00+05:30', 'tomorrow'],
    // 19:00 UTC on Monday is already Tuesday in India.
    ['India’s today, not UTC’s', 'Tuesday', '2026-11-23T19:00:00Z', 'today'],
    ['two days on', 'Wednesday', '2026-11-23T10:00:00+05:30', undefined],
    ['a saved copy read days later', 'Tuesday', '2026-11-26T10:00:00+05:30', undefined],
  ])('says Today or Tomorrow for %s', (_case, day, now, soon) => {
    expect(sessionWhen({ day, time: '5:00 PM' }, MONDAY, at(now), 'en').soon).toBe(soon);
  });
});
