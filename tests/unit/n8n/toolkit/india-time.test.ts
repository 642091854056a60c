import { describe, expect, it } from 'vitest';
import * as fixed from '../../../../n8n/source/toolkit/india-time.ts';
import * as zone from '../../../../src/shared/format/ist-zone.ts';

/** Every 317 minutes over about 15 months (every minute of the hour comes up), across month and year ends and 29 Feb 2028. */
const moments = Array.from({ length: 2000 }, (_, i) => new Date(Date.UTC(2028, 2, 31) - i * 317 * 60_000));

describe("India's time at its fixed offset, which Code nodes get in place of ist-zone.ts", () => {
  it('reads the weekday, time and day of a moment, and writes its date, as ist-zone.ts does', () => {
    for (const at of moments) {
      expect(fixed.istWeekdayAndTime(at)).toEqual(zone.istWeekdayAndTime(at));
      expect(fixed.istDayOf(at)).toEqual(zone.istDayOf(at));
      expect(fixed.formatIstWeekdayDate(at)).toBe(zone.formatIstWeekdayDate(at));
    }
  });

  it("finds the moment of India's wall clock, past midnight too, and writes a clock time, as ist-zone.ts does", () => {
    for (const [i, at] of moments.entries()) {
      const day = zone.istDayOf(at);
      const minutes = ((i * 131) % (2 * 24 * 60)) - 24 * 60;
      expect(fixed.istMoment(day, minutes).getTime()).toBe(zone.istMoment(day, minutes).getTime());
    }
    for (let minutes = 0; minutes < 24 * 60; minutes += 7) {
      const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      expect(fixed.formatClockTime(time)).toBe(zone.formatClockTime(time));
    }
  });
});
