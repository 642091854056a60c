import { describe, expect, it } from 'vitest';
import {
  occurrenceName,
  sessionChangeText,
  weekdayName,
  type SessionChange,
} from '../../../../src/shared/announcements/session-change-text.ts';

const CANCELLED: SessionChange = {
  kind: 'cancelled',
  startsAt: '2026-11-25T16:00:00+05:30',
  facilitator: 'Priya Sharma',
  reason: 'Diwali',
};
const MOVED: SessionChange = {
  kind: 'moved',
  startsAt: '2026-11-25T16:00:00+05:30',
  facilitator: 'Priya Sharma',
  to: '2026-11-27T10:30:00+05:30',
  reason: 'Priya is ill',
};
const HOLIDAY: SessionChange = { kind: 'holiday', day: '2026-11-26', reason: 'Guru Nanak Jayanti' };
// Monday 23 November 2026, noon in India: the week of the changes above.
const NOW = new Date('2026-11-23T12:00:00+05:30');
// The Wednesday after: 25 November is last week's.
const NEXT_WEEK = new Date('2026-11-30T12:00:00+05:30');
// Wednesday 2 December, the next week's.
const LATER: SessionChange = { ...CANCELLED, startsAt: '2026-12-02T16:00:00+05:30', reason: 'Far cancel' };

describe('the programme’s words for a session change', () => {
  it.each([
    [
      'a cancelled session, in English',
      CANCELLED,
      'en',
      { title: 'Session cancelled', body: 'Wednesday 4:00 PM with Priya Sharma is cancelled: Diwali' },
    ],
    [
      'a cancelled session, in Hindi',
      CANCELLED,
      'hi',
      { title: 'सेशन रद्द हुआ', body: 'बुधवार शाम 4:00 का Priya Sharma के साथ सेशन रद्द हो गया है। कारण: Diwali' },
    ],
    [
      'a moved session, in English',
      MOVED,
      'en',
      { title: 'Session moved', body: 'Wednesday 4:00 PM with Priya Sharma moves to Friday 10:30 AM: Priya is ill' },
    ],
    [
      'a moved session, in Hindi',
      MOVED,
      'hi',
      {
        title: 'सेशन का समय बदला',
        body: 'बुधवार शाम 4:00 का Priya Sharma के साथ सेशन अब शुक्रवार सुबह 10:30 को होगा। कारण: Priya is ill',
      },
    ],
    [
      'a day without sessions, in English',
      HOLIDAY,
      'en',
      { title: 'No sessions on Thursday', body: 'Every session on Thursday is cancelled: Guru Nanak Jayanti' },
    ],
    [
      'a day without sessions, in Hindi',
      HOLIDAY,
      'hi',
      { title: 'गुरुवार को कोई सेशन नहीं', body: 'गुरुवार के सभी सेशन रद्द हो गए हैं। कारण: Guru Nanak Jayanti' },
    ],
  ] as const)('says %s', (_case, change, language, text) => {
    expect(sessionChangeText(change, language, NOW)).toEqual(text);
  });

  it.each([
    [
      'a cancelled session of next week, in English',
      LATER,
      'en',
      { title: 'Session cancelled', body: 'Wednesday 2 Dec 4:00 PM with Priya Sharma is cancelled: Far cancel' },
    ],
    [
      'a cancelled session of next week, in Hindi',
      LATER,
      'hi',
      {
        title: 'सेशन रद्द हुआ',
        body: 'बुधवार, 2 दिसंबर शाम 4:00 का Priya Sharma के साथ सेशन रद्द हो गया है। कारण: Far cancel',
      },
    ],
    [
      'a session of next week moved, in English',
      { ...MOVED, startsAt: '2026-12-02T16:00:00+05:30', to: '2026-12-04T10:30:00+05:30' },
      'en',
      {
        title: 'Session moved',
        body: 'Wednesday 2 Dec 4:00 PM with Priya Sharma moves to Friday 4 Dec 10:30 AM: Priya is ill',
      },
    ],
    [
      'a day of next week without sessions, in Hindi',
      { ...HOLIDAY, day: '2026-12-03' },
      'hi',
      {
        title: 'गुरुवार, 3 दिसंबर को कोई सेशन नहीं',
        body: 'गुरुवार, 3 दिसंबर के सभी सेशन रद्द हो गए हैं। कारण: Guru Nanak Jayanti',
      },
    ],
  ] as const)('names the date of %s', (_case, change, language, text) => {
    expect(sessionChangeText(change, language, NOW)).toEqual(text);
  });

  it('names a weekday by India’s week of now: the same session, once its week has come, by its weekday alone', () => {
    expect(sessionChangeText(LATER, 'en', NEXT_WEEK).body).toBe(
      'Wednesday 4:00 PM with Priya Sharma is cancelled: Far cancel',
    );
    // Sunday 29 November 19:00 UTC is already Monday 30 November in India.
    expect(sessionChangeText(LATER, 'en', new Date('2026-11-29T19:00:00Z')).body).toMatch(/^Wednesday 4:00 PM/);
  });

  it.each([
    ['00:30', 'Monday 12:30 AM', 'सोमवार रात 12:30'],
    ['03:59', 'Monday 3:59 AM', 'सोमवार रात 3:59'],
    ['04:00', 'Monday 4:00 AM', 'सोमवार सुबह 4:00'],
    ['11:59', 'Monday 11:59 AM', 'सोमवार सुबह 11:59'],
    ['12:00', 'Monday 12:00 PM', 'सोमवार दोपहर 12:00'],
    ['15:45', 'Monday 3:45 PM', 'सोमवार दोपहर 3:45'],
    ['16:00', 'Monday 4:00 PM', 'सोमवार शाम 4:00'],
    ['19:59', 'Monday 7:59 PM', 'सोमवार शाम 7:59'],
    ['20:00', 'Monday 8:00 PM', 'सोमवार रात 8:00'],
  ])('names %s on a Monday by its 12-hour time and, in Hindi, the part of the day', (time, english, hindi) => {
    const startsAt = `2026-11-23T${time}:00+05:30`;
    expect([occurrenceName(startsAt, 'en'), occurrenceName(startsAt, 'hi')]).toEqual([english, hindi]);
  });

  it.each([
    ['2026-11-23', 'Monday', 'सोमवार'],
    ['2026-11-28', 'Saturday', 'शनिवार'],
    ['2026-11-29', 'Sunday', 'रविवार'],
  ])('names the day %s', (day, english, hindi) => {
    expect([weekdayName(day, 'en'), weekdayName(day, 'hi')]).toEqual([english, hindi]);
  });
});
