/** The spec: this exact answer means the rest of the week has no sessions. */
export const NO_SESSIONS_SENTINEL = 'No sessions found for the rest of this week.';

export type ScheduleEntry =
  | { kind: 'session'; day: string; time: string; facilitator: string }
  /** A line that does not read as 'Day: time with facilitator', shown as it came. */
  | { kind: 'unparsed'; text: string };

const SESSION_LINE = /^([^:]+?)\s*:\s*(.+?)\s+with\s+(.+)$/i;

/**
 * Turns 'Day: time with facilitator' lines into entries. Blank lines, CRLF and
 * extra spaces are tolerated; the sentinel and empty text read as no sessions;
 * a line that does not fit is kept as it is rather than dropped.
 */
export function parseSchedule(text: string | undefined): ScheduleEntry[] {
  if (!text) return [];
  const lines = text
    .split(/\r?\n|\r/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '' && line !== NO_SESSIONS_SENTINEL);
  return lines.map((line): ScheduleEntry => {
    const match = SESSION_LINE.exec(line);
    if (!match) return { kind: 'unparsed', text: line };
    const [, day = '', time = '', facilitator = ''] = match;
    return { kind: 'session', day, time, facilitator };
  });
}
