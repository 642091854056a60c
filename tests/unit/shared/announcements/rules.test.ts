import { describe, expect, it } from 'vitest';
import {
  checkAnnouncementTexts,
  checkMove,
  checkReason,
  checkSendAt,
  hasStarted,
  isInChangeWindow,
  isThisWeek,
  isUrgentChange,
  mondayOf,
  type AnnouncementFields,
} from '../../../../src/shared/announcements/rules.ts';

const NONE: AnnouncementFields = { title_en: '', body_en: '', title_hi: '', body_hi: '' };
const EN = { ...NONE, title_en: 'Diwali party', body_en: 'Sweets on Friday at 5.' };
// Wednesday 25 November 2026, noon in India.
const NOW = new Date('2026-11-25T12:00:00+05:30');

describe('the texts of an announcement', () => {
  it.each([
    ['English only', EN, { en: { title: 'Diwali party', body: 'Sweets on Friday at 5.' } }],
    [
      'Hindi only',
      { ...NONE, title_hi: 'दिवाली', body_hi: 'शुक्रवार को मिठाई।' },
      { hi: { title: 'दिवाली', body: 'शुक्रवार को मिठाई।' } },
    ],
    [
      'both languages',
      { ...EN, title_hi: 'दिवाली', body_hi: 'मिठाई।' },
      { en: { title: 'Diwali party', body: 'Sweets on Friday at 5.' }, hi: { title: 'दिवाली', body: 'मिठाई।' } },
    ],
    [
      'trimmed, a title on one line, a text’s line breaks as LF',
      { ...NONE, title_en: '  Diwali\r\nparty ', body_en: '\n Sweets\r\non Friday \n' },
      { en: { title: 'Diwali party', body: 'Sweets\non Friday' } },
    ],
    [
      'a title of 80 characters and a text of 1,000, counted as characters, not UTF-16 units',
      { ...NONE, title_en: '🎉'.repeat(80), body_en: 'क'.repeat(1000) },
      { en: { title: '🎉'.repeat(80), body: 'क'.repeat(1000) } },
    ],
  ])('keeps %s', (_case, fields, texts) => {
    expect(checkAnnouncementTexts(fields)).toEqual({ ok: true, texts });
  });

  it.each([
    ['nothing written', NONE, 'noText', 'title_en'],
    ['only spaces and line breaks', { ...NONE, title_en: '  ', body_hi: '\r\n' }, 'noText', 'title_en'],
    ['a title without its text', { ...NONE, title_en: 'Diwali' }, 'titleOnly', 'body_en'],
    ['a text without its title', { ...NONE, body_hi: 'मिठाई।' }, 'bodyOnly', 'title_hi'],
    ['a Hindi half missing beside whole English', { ...EN, title_hi: 'दिवाली' }, 'titleOnly', 'body_hi'],
    ['a title of 81 characters', { ...EN, title_en: 'x'.repeat(81) }, 'titleTooLong', 'title_en'],
    ['a text of 1,001 characters', { ...EN, body_en: 'x'.repeat(1001) }, 'bodyTooLong', 'body_en'],
    [
      'a Hindi text of 1,001 characters',
      { ...EN, title_hi: 'दिवाली', body_hi: 'क'.repeat(1001) },
      'bodyTooLong',
      'body_hi',
    ],
    ['a control character', { ...EN, body_en: 'Sweets\u001b[2J' }, 'control', 'body_en'],
    ['a tab in the title', { ...EN, title_en: 'Diwali\tparty' }, 'control', 'title_en'],
    ['a direction override', { ...EN, body_en: 'Pay \u202Egnp.exe' }, 'direction', 'body_en'],
    ['a direction isolate in Hindi', { ...EN, title_hi: 'दिवाली\u2067', body_hi: 'मिठाई।' }, 'direction', 'title_hi'],
  ])('refuses %s, in the field it is in', (_case, fields, problem, field) => {
    expect(checkAnnouncementTexts(fields)).toEqual({ ok: false, problem, field });
  });
});

describe('when an announcement goes', () => {
  it.each([
    ['now, when day and time are empty', '', '', undefined],
    ['now, when they are only spaces', ' ', ' ', undefined],
    ['at a later time in India', '2026-11-27', '17:00', new Date('2026-11-27T11:30:00Z')],
    ['at the minute it is now', '2026-11-25', '12:00', NOW],
    ['with spaces around the day and time', ' 2026-11-27 ', ' 17:00 ', new Date('2026-11-27T11:30:00Z')],
  ])('sends %s', (_case, day, time, at) => {
    expect(checkSendAt(day, time, NOW)).toEqual({ ok: true, at });
  });

  it('sends the minute typed now, half a minute into it, as now', () => {
    const halfAMinuteIn = new Date(NOW.getTime() + 30_000);
    expect(checkSendAt('2026-11-25', '12:00', halfAMinuteIn)).toEqual({ ok: true, at: NOW });
  });

  it.each([
    ['a time without a day', '', '17:00', 'day'],
    ['a day that does not exist', '2026-11-31', '17:00', 'day'],
    ['a day without a time', '2026-11-27', '', 'time'],
    ['a 12-hour time', '2026-11-27', '5 PM', 'time'],
    ['the minute before this one', '2026-11-25', '11:58', 'past'],
    ['a day before today', '2026-11-24', '18:00', 'past'],
  ])('refuses %s', (_case, day, time, problem) => {
    expect(checkSendAt(day, time, NOW)).toEqual({ ok: false, problem });
  });
});

describe('a session change', () => {
  it('needs a reason of a line or two, kept trimmed', () => {
    expect(checkReason('  Diwali \r\n')).toEqual({ text: 'Diwali' });
    expect(checkReason(' ')).toEqual({ problem: 'blank' });
    expect(checkReason('x'.repeat(301))).toEqual({ problem: 'long' });
    expect(checkReason('Diwali \u202E')).toEqual({ problem: 'direction' });
  });

  it.each([
    ['Monday', '2026-11-23', '2026-11-23'],
    ['Wednesday', '2026-11-25', '2026-11-23'],
    ['Sunday, the week’s last day', '2026-11-29', '2026-11-23'],
    ['the Monday after', '2026-11-30', '2026-11-30'],
  ])('takes %s to its week’s Monday', (_case, day, monday) => {
    expect(mondayOf(day)).toBe(monday);
  });

  const FROM = '2026-11-26T16:00:00+05:30'; // Thursday 4:00 PM
  it.each([
    ['to a later day of its week', '2026-11-28', '10:00', '2026-11-28T10:00:00+05:30'],
    ['to an earlier day of its week still ahead', '2026-11-25', '18:30', '2026-11-25T18:30:00+05:30'],
    ['to the week’s Sunday', '2026-11-29', '09:00', '2026-11-29T09:00:00+05:30'],
    ['to another time of its day', '2026-11-26', '17:00', '2026-11-26T17:00:00+05:30'],
  ])('moves an occurrence %s', (_case, day, time, to) => {
    expect(checkMove(FROM, day, time, NOW)).toEqual({ ok: true, to });
  });

  it.each([
    ['no day', '', '10:00', 'day'],
    ['no time', '2026-11-28', '', 'time'],
    ['the next week’s Monday', '2026-11-30', '10:00', 'otherWeek'],
    ['the week before', '2026-11-22', '10:00', 'otherWeek'],
    ['a time of this week already past', '2026-11-24', '10:00', 'past'],
    ['where it already is', '2026-11-26', '16:00', 'same'],
  ])('refuses a move to %s', (_case, day, time, problem) => {
    expect(checkMove(FROM, day, time, NOW)).toEqual({ ok: false, problem });
  });

  it.each([
    ['has not started a minute before', '2026-11-25T12:01:00+05:30', false],
    ['has started at its minute', '2026-11-25T12:00:00+05:30', true],
    ['has started after', '2026-11-25T11:00:00+05:30', true],
  ])('an occurrence %s', (_case, startsAt, started) => {
    expect(hasStarted(startsAt, NOW)).toBe(started);
  });

  it.each([
    ['within the day ahead', '2026-11-26T11:59:00+05:30', true],
    ['a day or more ahead', '2026-11-26T12:00:00+05:30', false],
  ])('is urgent only for a session %s', (_case, startsAt, urgent) => {
    expect(isUrgentChange(startsAt, NOW)).toBe(urgent);
  });

  it.each([
    ['today', '2026-11-25', true],
    ['this week’s Sunday', '2026-11-29', true],
    ['next week’s Monday', '2026-11-30', true],
    ['next week’s Sunday', '2026-12-06', true],
    ['the Monday after next', '2026-12-07', false],
    ['three months ahead', '2027-02-24', false],
  ])('changes a session of %s only within this week and next', (_case, day, inWindow) => {
    expect(isInChangeWindow(day, NOW)).toBe(inWindow);
  });

  it('knows this week by India’s calendar, not UTC’s', () => {
    // Sunday 29 November 19:00 UTC is Monday 30 November 00:30 in India: a new week.
    const mondayInIndia = new Date('2026-11-29T19:00:00Z');
    expect(isThisWeek('2026-11-30', mondayInIndia)).toBe(true);
    expect(isThisWeek('2026-12-06', mondayInIndia)).toBe(true);
    expect(isThisWeek('2026-11-29', mondayInIndia)).toBe(false);
  });
});
