import type { DecodedAttachment } from '../../db/request-store.ts';
import type { Roster } from '../../roster/roster-store.ts';

/** A handler's verdict: a JSON answer that is stored with the request, or a refusal in plain text. */
export type Answer =
  { kind: 'accepted'; body: Record<string, string> } | { kind: 'refused'; status: 404; text: string };

export interface HandlerContext {
  roster: Roster;
  attachments: readonly DecodedAttachment[];
  now: Date;
}

export const accepted = (body: Record<string, string>): Answer => ({ kind: 'accepted', body });
