/**
 * Who an announcement is for, as staff chose it and both backends store it (the reference server's announcements
 * table, n8n's thrive.announcements, read by thrive.audience_of): resolved against the roster when it is sent.
 */
export type Audience =
  | { kind: 'all' }
  | { kind: 'facilitator'; id: string }
  | { kind: 'session'; weekday: number; time: string; facilitator: string }
  | { kind: 'parents'; numbers: string[] };
