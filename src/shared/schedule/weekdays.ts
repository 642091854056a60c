/** ISO weekday numbers: Monday is 1, Sunday is 7; the programme's week runs Monday to Sunday. */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export type WeekdayName = (typeof WEEKDAYS)[number];

export function weekdayNumber(name: WeekdayName): number {
  return WEEKDAYS.indexOf(name) + 1;
}
