import { describe, expect, it } from 'vitest';
import {
  ANSWER_TEXT_MAX_LENGTH,
  answerTimeProblem,
  cleanAnswerText,
  firstAnswerDay,
  isClockTime,
  isDayKey,
  startsAtOf,
} from '../../../../src/shared/rules/request-outcome.ts';

describe('what staff answer with: a day and a time, or a reason', () => {
  it('takes a day that exists, and nothing only shaped like one', () => {
    expect(['2026-11-28', '2028-02-29', '2026-12-31'].filter(isDayKey)).toHaveLength(3);
    expect(
      ['2026-02-29', '2026-11-31', '2026-13-01', '2026-00-10', '2026-1-05', ' 2026-11-28', ''].filter(isDayKey),
    ).toEqual([]);
  });

  it('takes a 24-hour time', () => {
    expect(['00:00', '09:05', '16:00', '23:59'].every(isClockTime)).toBe(true);
    expect(['24:00', '9:05', '16:60', '4 PM', ''].some(isClockTime)).toBe(false);
  });

  it('says what is wrong, the day first, and refuses only days before today in India', () => {
    const today = '2026-11-28';
    expect(answerTimeProblem('2026-11-27', '16:00', today)).toBe('past');
    expect(answerTimeProblem('2026-11-28', '00:00', today)).toBeNull();
    expect(answerTimeProblem('2027-01-04', '23:59', today)).toBeNull();
    expect(answerTimeProblem('2026-11-31', '25:00', today)).toBe('day');
    expect(answerTimeProblem('2026-11-29', '', today)).toBe('time');
    expect(answerTimeProblem('2026-11-27', 'noon', today)).toBe('time');
  });

  it('starts staff on the first day asked for, or on today once that day is past', () => {
    expect(firstAnswerDay({ start: '2026-11-30', end: '2026-12-02' }, '2026-11-28')).toBe('2026-11-30');
    expect(firstAnswerDay({ start: '2026-11-28', end: '2026-11-28' }, '2026-11-28')).toBe('2026-11-28');
    expect(firstAnswerDay({ start: '2026-11-20', end: '2026-11-22' }, '2026-11-28')).toBe('2026-11-28');
  });

  it('keeps a reason or note trimmed, with its line breaks as LF, and says what is wrong with one it cannot keep', () => {
    expect(cleanAnswerText('  Away that week.\r\nBack on Monday. ', true)).toEqual({
      text: 'Away that week.\nBack on Monday.',
    });
    expect(cleanAnswerText(' \n ', true)).toEqual({ problem: 'blank' });
    expect(cleanAnswerText(' \n ', false)).toEqual({ text: '' });
    expect(cleanAnswerText('a'.repeat(ANSWER_TEXT_MAX_LENGTH), true)).toEqual({ text: 'a'.repeat(300) });
    expect(cleanAnswerText('a'.repeat(ANSWER_TEXT_MAX_LENGTH + 1), true)).toEqual({ problem: 'long' });
    expect(cleanAnswerText('Away\u001b[2J', true)).toEqual({ problem: 'control' });
    expect(cleanAnswerText('Away\tthat week', true)).toEqual({ problem: 'control' });
    expect(cleanAnswerText('Closed \u202Egnp.exe', false)).toEqual({ problem: 'direction' });
  });

  it('starts a session at India’s offset', () => {
    expect(startsAtOf('2026-11-28', '16:00')).toBe('2026-11-28T16:00:00+05:30');
  });
});
