export type Action =
  | 'know_schedule'
  | 'reschedule_single'
  | 'reschedule_range'
  | 'chat_facilitator'
  | 'book_consult'
  | 'schedule_call';

/** The languages the portal speaks; the webhook may answer in the one a request names. */
export type Language = 'en' | 'hi';

export interface User {
  name: string;
  number: string;
}

export interface Attachment {
  filename: string;
  mimetype: string;
  /** Plain base64 of the file's bytes, without a `data:` prefix. */
  content: string;
}

export interface PayloadByAction {
  know_schedule: Record<string, never>;
  reschedule_single: { date: string };
  reschedule_range: { start_date: string; end_date: string };
  chat_facilitator: { message: string; attachments: Attachment[] };
  book_consult: Record<string, never>;
  schedule_call: Record<string, never>;
}

export interface Envelope<A extends Action = Action> {
  action: A;
  user: User;
  payload: PayloadByAction[A];
  note?: string;
  message?: string;
  preferred_times?: string;
  timestamp_ist: string;
  request_id: string;
  /** Absent from older clients and from English ones that leave it out: read as English. */
  language?: Language;
}
