import { formatDayKey } from '../../src/shared/format/ist.ts';
import { phoneKey } from '../../src/shared/rules/phone.ts';
import type { Envelope, Language } from '../../src/shared/webhook/types.ts';
import { answerText, type AnswerKey } from '../contract/texts.ts';
import type { DecodedAttachment } from '../db/request-store.ts';
import { restOfWeek } from '../../src/shared/schedule/rest-of-week.ts';
import type { Move, ScheduleChanges, WeeklySession } from '../../src/shared/schedule/week.ts';
import type { Roster } from '../roster/roster-store.ts';
import type { AnyEnvelope } from './contract.ts';

/** A handler's verdict: a JSON answer that is stored with the request, or a refusal in plain text. */
export type Answer =
  | { kind: 'accepted'; body: Record<string, unknown> }
  | { kind: 'refused'; status: 404; text: string };

export interface HandlerContext {
  roster: Roster;
  attachments: readonly DecodedAttachment[];
  now: Date;
  /** The confirmed moves of a number's sessions (server/requests), which the schedule applies. */
  movesOf?: ((numberKey: string, sessions: readonly WeeklySession[]) => Move[]) | undefined;
  /**
   * The programme's changes to the week's sessions (server/announcements), which the schedule applies and tells of,
   * save to the occurrences the number's confirmed requests moved (`requestMoves`), which keep the request's time.
   */
  scheduleChanges?: ((numberKey: string, now: Date, requestMoves: readonly Move[]) => ScheduleChanges) | undefined;
}

const accepted = (body: Record<string, unknown>): Answer => ({ kind: 'accepted', body });

/** Where a chat from a number not on the roster goes: the programme team's channel. */
export const PROGRAMME_TEAM_CHANNEL = '#thrive-parent-support';

function rescheduleAnswer(language: Language, start: string, end: string): Answer {
  const day = (key: string) => formatDayKey(key, language);
  const message =
    start === end
      ? answerText(language, 'rescheduleDay', { day: day(start) })
      : answerText(language, 'rescheduleRange', { start: day(start), end: day(end) });
  return accepted({ message });
}

function chatKey(attachmentCount: number): AnswerKey {
  if (attachmentCount === 0) return 'chatReached';
  return attachmentCount === 1 ? 'chatReachedWithAttachment' : 'chatReachedWithAttachments';
}

function visitorAnswer(language: Language, envelope: Envelope<'book_consult' | 'schedule_call'>): Answer {
  const { name, number } = envelope.user;
  const preferred = envelope.preferred_times;
  const consult = envelope.action === 'book_consult';
  const key = preferred
    ? consult
      ? 'consultSavedPreferred'
      : 'callSavedPreferred'
    : consult
      ? 'consultSaved'
      : 'callSaved';
  return accepted({ message: answerText(language, key, { name, number, preferred: preferred ?? '' }) });
}

/** Someone not on the roster learns nothing: the same text whether the number or the name was wrong. */
function knowSchedule(
  envelope: Envelope<'know_schedule'>,
  { roster, now, movesOf, scheduleChanges }: HandlerContext,
): Answer {
  const parent = roster.find(envelope.user);
  if (!parent) return { kind: 'refused', status: 404, text: answerText(envelope.language ?? 'en', 'notOnRoster') };
  const numberKey = phoneKey(envelope.user.number);
  const moves = numberKey && movesOf ? movesOf(numberKey, parent.sessions) : [];
  const programme = numberKey && scheduleChanges ? scheduleChanges(numberKey, now, moves) : undefined;
  const schedule = restOfWeek(parent.sessions, now, [...(programme?.moves ?? []), ...moves], programme?.cancelled);
  const changes = programme?.changes ?? [];
  return accepted(changes.length > 0 ? { schedule, changes } : { schedule });
}

/** A message reaches the parent's facilitator, or the programme team when the sender is not on the roster. */
function chatFacilitator(envelope: Envelope<'chat_facilitator'>, { roster }: HandlerContext): Answer {
  const language = envelope.language ?? 'en';
  const to = roster.find(envelope.user)?.facilitator ?? {
    name: answerText(language, 'programmeTeam'),
    slackChannel: PROGRAMME_TEAM_CHANNEL,
  };
  const count = envelope.payload.attachments.length;
  return accepted({
    message: answerText(language, chatKey(count), { facilitator: to.name, count }),
    slackChannel: to.slackChannel,
  });
}

/**
 * One handler per action; the switch is exhaustive, so a new action cannot go
 * unhandled. Answers are in the envelope's language; the schedule is not
 * prose but lines the portal parses and words itself, so it stays as it is.
 */
export function dispatch(envelope: AnyEnvelope, context: HandlerContext): Answer {
  const language = envelope.language ?? 'en';
  switch (envelope.action) {
    case 'know_schedule':
      return knowSchedule(envelope, context);
    case 'reschedule_single':
      return rescheduleAnswer(language, envelope.payload.date, envelope.payload.date);
    case 'reschedule_range':
      return rescheduleAnswer(language, envelope.payload.start_date, envelope.payload.end_date);
    case 'chat_facilitator':
      return chatFacilitator(envelope, context);
    case 'book_consult':
    case 'schedule_call':
      return visitorAnswer(language, envelope);
  }
}
