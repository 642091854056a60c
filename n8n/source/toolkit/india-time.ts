/**
 * What a Code node gets in place of date-fns-tz (code-node.ts aliases it): India's time at its fixed offset
 * (+05:30 all year, no summer time since 1945), for the three functions src/shared/format/ist-zone.ts takes
 * from the library and only the formats it asks of them. The time-zone database would make a Code node thousands
 * of lines; this keeps the shared rules (quiet hours, reminders) whole in n8n.
 * tests/unit/n8n/toolkit/india-time.test.ts holds it to date-fns-tz.
 */
const OFFSET_MS: Record<string, number> = { 'Asia/Kolkata': 330 * 60_000, UTC: 0 };
const two = (value: number) => String(value).padStart(2, '0');
const shifted = (at: Date, zone: string) => new Date(at.getTime() + (OFFSET_MS[zone] ?? NaN));

/** "i HH:mm", "h:mm a" or "EEEE d MMM": the patterns ist-zone.ts writes. */
export function formatInTimeZone(at: Date, zone: string, pattern: string): string {
  const clock = shifted(at, zone);
  const [hours, minutes, weekday] = [clock.getUTCHours(), two(clock.getUTCMinutes()), clock.getUTCDay()];
  if (pattern === 'i HH:mm') return `${weekday || 7} ${two(hours)}:${minutes}`;
  if (pattern === 'h:mm a') return `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
  if (pattern !== 'EEEE d MMM') throw new RangeError(`No format ${pattern}`);
  const day = 'Sunday Monday Tuesday Wednesday Thursday Friday Saturday'.split(' ')[weekday];
  return `${day} ${clock.getUTCDate()} ${'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ')[clock.getUTCMonth()]}`;
}

/** A Date whose local fields show the zone's wall clock at `at`, to the minute. */
export function toZonedTime(at: Date, zone: string): Date {
  const c = shifted(at, zone);
  return new Date(c.getUTCFullYear(), c.getUTCMonth(), c.getUTCDate(), c.getUTCHours(), c.getUTCMinutes());
}

/** The moment of a wall-clock "YYYY-MM-DDTHH:mm:ss" in the zone. */
export function fromZonedTime(wall: string, zone: string): Date {
  return new Date(Date.parse(`${wall}Z`) - (OFFSET_MS[zone] ?? NaN));
}
