/**
 * The answer nodes after the workflow's Action switch, one function each,
 * each running the reference server's handler for its action
 * (server/webhook/handlers.ts) on the request the "Check request" node read.
 * The roster comes from the "Find parent" Postgres node as one row: the
 * parent with that number (name, facilitator, weekly sessions), or null.
 */
import type { RegisteredParent, Roster } from '../../../server/roster/roster-store.ts';
import type { AnyEnvelope } from '../../../server/webhook/contract.ts';
import { dispatch, type HandlerContext } from '../../../server/webhook/handlers.ts';
import { checkRules } from '../../../server/webhook/rules.ts';
import { nameKey } from '../../../src/shared/rules/phone.ts';
import type { Action } from '../../../src/shared/webhook/types.ts';
import { chatForFacilitator } from './messages.ts';
import { outcomeOf, ruleRefusal, type CheckedRequest, type Outcome } from './outcome.ts';

/** The "Find parent" node's row. */
export interface ParentRow {
  parent: RegisteredParent | null;
}

const NO_PARENT: ParentRow = { parent: null };

/** The number matched in SQL; the name must match too, in any letter case and spacing, as on the reference server. */
function rosterOf(row: ParentRow): Roster {
  return { find: (user) => (row.parent && nameKey(row.parent.name) === nameKey(user.name) ? row.parent : undefined) };
}

/**
 * The Switch routes each action to its node; an envelope of another action
 * here is a wiring mistake. A rule the request broke is answered first, as
 * server/webhook/intake.ts does.
 */
function answer(check: CheckedRequest, actions: readonly Action[], row: ParentRow, now: Date): Outcome {
  const { envelope } = check;
  if (!actions.includes(envelope.action)) throw new Error(`A ${envelope.action} request reached ${actions.join('/')}`);
  const context: HandlerContext = { roster: rosterOf(row), attachments: [], now };
  return ruleRefusal(check) ?? outcomeOf(dispatch(envelope as AnyEnvelope, context));
}

export const answerSchedule = (check: CheckedRequest, row: ParentRow, now: Date) =>
  answer(check, ['know_schedule'], row, now);

/** The rules about dates (today or later in India, the end not before the start) are checked here, not in "Check request". */
export function answerReschedule(check: CheckedRequest, now: Date): Outcome {
  const dated = { ...check, ruleProblem: checkRules(check.envelope, now) ?? null };
  return answer(dated, ['reschedule_single', 'reschedule_range'], NO_PARENT, now);
}

export const answerConsult = (check: CheckedRequest, now: Date) => answer(check, ['book_consult'], NO_PARENT, now);

export const answerCall = (check: CheckedRequest, now: Date) => answer(check, ['schedule_call'], NO_PARENT, now);

/** What goes to the facilitator's channel: the channel and the text; the files follow in its thread. */
export interface Delivery {
  channel: string;
  text: string;
  files: number;
}

export function answerChat(check: CheckedRequest, row: ParentRow, now: Date): Outcome & { delivery?: Delivery } {
  const outcome = answer(check, ['chat_facilitator'], row, now);
  const { envelope } = check;
  if (!('answer' in outcome) || envelope.action !== 'chat_facilitator') return outcome;
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
