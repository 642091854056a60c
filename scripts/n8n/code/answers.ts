/**
 * The six answer nodes after the workflow's Action switch, one function each,
 * each the reference server's handler for its action (server/webhook/handlers)
 * run on the request the "Check request" node read. The roster comes from the
 * "Find parent" Postgres node as one row: the parent with that number (name,
 * facilitator, weekly sessions), or null.
 */
import type { RegisteredParent, Roster } from '../../../server/roster/roster-store.ts';
import type { AnyEnvelope } from '../../../server/webhook/contract.ts';
import type { Answer, HandlerContext } from '../../../server/webhook/handlers/answer.ts';
import { chatFacilitator } from '../../../server/webhook/handlers/chat.ts';
import { knowSchedule } from '../../../server/webhook/handlers/know-schedule.ts';
import { rescheduleRange, rescheduleSingle } from '../../../server/webhook/handlers/reschedule.ts';
import { bookConsult, scheduleCall } from '../../../server/webhook/handlers/visitor-request.ts';
import { checkRules } from '../../../server/webhook/rules.ts';
import { nameKey } from '../../../src/shared/rules/phone.ts';
import type { Envelope } from '../../../src/shared/webhook/types.ts';
import { chatForFacilitator } from './messages.ts';
import { outcomeOf, ruleRefusal, type CheckedRequest, type Outcome } from './outcome.ts';

/** The "Find parent" node's row. */
export interface ParentRow {
  parent: RegisteredParent | null;
}

/** The number matched in SQL; the name must match too, in any letter case and spacing, as on the reference server. */
function rosterOf(row: ParentRow): Roster {
  return { find: (user) => (row.parent && nameKey(row.parent.name) === nameKey(user.name) ? row.parent : undefined) };
}

function context(row: ParentRow, now: Date): HandlerContext {
  return { roster: rosterOf(row), attachments: [], now };
}

/** The Switch routes each action to its node; an envelope of another action here is a wiring mistake. */
function envelopeOf<A extends AnyEnvelope['action']>(check: CheckedRequest, ...actions: A[]): Envelope<A> {
  const { envelope } = check;
  if (!actions.includes(envelope.action as A))
    throw new Error(`A ${envelope.action} request reached ${actions.join('/')}`);
  return envelope as Envelope<A>;
}

function answerWith(check: CheckedRequest, handle: () => Answer): Outcome {
  return ruleRefusal(check) ?? outcomeOf(handle());
}

export function answerSchedule(check: CheckedRequest, row: ParentRow, now: Date): Outcome {
  return answerWith(check, () => knowSchedule(envelopeOf(check, 'know_schedule'), context(row, now)));
}

/** The rules about dates (today or later in India, the end not before the start) are checked here, not in "Check request". */
export function answerReschedule(check: CheckedRequest, now: Date): Outcome {
  const envelope = envelopeOf(check, 'reschedule_single', 'reschedule_range');
  const dated = { ...check, ruleProblem: checkRules(check.envelope, now) ?? null };
  return answerWith(dated, () =>
    envelope.action === 'reschedule_single'
      ? rescheduleSingle(envelope as Envelope<'reschedule_single'>)
      : rescheduleRange(envelope as Envelope<'reschedule_range'>),
  );
}

export function answerConsult(check: CheckedRequest): Outcome {
  return answerWith(check, () => bookConsult(envelopeOf(check, 'book_consult')));
}

export function answerCall(check: CheckedRequest): Outcome {
  return answerWith(check, () => scheduleCall(envelopeOf(check, 'schedule_call')));
}

/** What goes to the facilitator's channel: the channel and the text; the files follow in its thread. */
export interface Delivery {
  channel: string;
  text: string;
  files: number;
}

export function answerChat(check: CheckedRequest, row: ParentRow): Outcome & { delivery?: Delivery } {
  const envelope = envelopeOf(check, 'chat_facilitator');
  const outcome = answerWith(check, () => chatFacilitator(envelope, context(row, new Date())));
  if (!('answer' in outcome)) return outcome;
  const { slackChannel } = JSON.parse(outcome.answer.body) as { slackChannel: string };
  const files = envelope.payload.attachments.length;
  return {
    ...outcome,
    delivery: {
      channel: slackChannel,
      text: chatForFacilitator(envelope.user, envelope.payload.message, files),
      files,
    },
  };
}
