import * as library from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import * as fixed from '../../../../n8n/source/toolkit/india-time.ts';

const ZONE = 'Asia/Kolkata';
/** Every 97 minutes over about 15 months (every minute of the hour comes up), across month and year ends and 29 Feb 2028. */
const moments = Array.from({ length: 6800 }, (_, i) => new Date(Date.UTC(2028, 2, 31) - i * 97 * 60_000));

describe("India's time at its fixed offset, which Code nodes get in place of date-fns-tz", () => {
  it('formats each pattern ist-zone.ts asks for as date-fns-tz does', () => {
    for (const at of moments) {
      for (const pattern of ['i HH:mm', 'EEEE d MMM']) {
        expect(fixed.formatInTimeZone(at, ZONE, pattern)).toBe(library.formatInTimeZone(at, ZONE, pattern));
      }
      expect(fixed.formatInTimeZone(at, 'UTC', 'h:mm a')).toBe(library.formatInTimeZone(at, 'UTC', 'h:mm a'));
    }
    expect(() => fixed.formatInTimeZone(moments[0] ?? new Date(), ZONE, 'yyyy')).toThrow(RangeError);
  });

  it("finds India's day of a moment and the moment of India's wall clock as date-fns-tz does", () => {
    for (const at of moments) {
      const mine = fixed.toZonedTime(at, ZONE);
      const theirs = library.toZonedTime(at, ZONE);
      expect([mine.getFullYear(), mine.getMonth(), mine.getDate(), mine.getHours(), mine.getMinutes()]).toEqual([
        theirs.getFullYear(),
        theirs.getMonth(),
        theirs.getDate(),
        theirs.getHours(),
        theirs.getMinutes(),
      ]);
      const wall = library.formatInTimeZone(at, ZONE, "yyyy-MM-dd'T'HH:mm:ss");
      expect(fixed.fromZonedTime(wall, ZONE).getTime()).toBe(library.fromZonedTime(wall, ZONE).getTime());
    }
  });
});
