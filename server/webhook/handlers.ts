import type { Envelope } from '../../src/shared/webhook/types.ts';
import type { DecodedAttachment } from '../db/request-store.ts';
import { restOfWeek } from '../roster/rest-of-week.ts';
import type { Roster } from '../roster/roster-store.ts';
import type { AnyEnvelope } from './contract.ts';
import { answers, PROGRAMME_TEAM, reasons } from './messages.ts';

/** A handler's verdict: a JSON answer that is stored with the request, or a refusal in plain text. */
export type Answer =
  { kind: 'accepted'; body: Record<string, string> } | { kind: 'refused'; status: 404; text: string };

export interface HandlerContext {
  roster: Roster;
  attachments: readonly DecodedAttachment[];
  now: Date;
}

const accepted = (body: Record<string, string>): Answer => ({ kind: 'accepted', body });

/** Someone not on the roster learns nothing: the same text whether the number or the name was wrong. */
function knowSchedule(envelope: Envelope<'know_schedule'>, { roster, now }: HandlerContext): Answer {
  const parent = roster.find(envelope.user);
  if (!parent) return { kind: 'refused', status: 404, text: reasons.notOnRoster };
  return accepted({ schedule: restOfWeek(parent.sessions, now) });
}

/** A message reaches the parent's facilitator, or the programme team when the sender is not on the roster. */
function chatFacilitator(envelope: Envelope<'chat_facilitator'>, { roster }: HandlerContext): Answer {
  const to = roster.find(envelope.user)?.facilitator ?? PROGRAMME_TEAM;
  return accepted({
    message: answers.chat(to.name, envelope.payload.attachments.length),
    slackChannel: to.slackChannel,
  });
}

/** One handler per action; the switch is exhaustive, so a new action cannot go unhandled. */
export function dispatch(envelope: AnyEnvelope, context: HandlerContext): Answer {
  const { user, preferred_times } = envelope;
  switch (envelope.action) {
    case 'know_schedule':
      return knowSchedule(envelope, context);
    case 'reschedule_single':
      return accepted({ message: answers.reschedule(envelope.payload.date, envelope.payload.date) });
    case 'reschedule_range':
      return accepted({ message: answers.reschedule(envelope.payload.start_date, envelope.payload.end_date) });
    case 'chat_facilitator':
      return chatFacilitator(envelope, context);
    case 'book_consult':
      return accepted({ message: answers.consult(user.name, user.number, preferred_times) });
    case 'schedule_call':
      return accepted({ message: answers.call(user.name, user.number, preferred_times) });
  }
}
