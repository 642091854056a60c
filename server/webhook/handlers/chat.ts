import type { Envelope } from '../../../src/shared/webhook/types.ts';
import { answers, PROGRAMME_TEAM } from '../messages.ts';
import { accepted, type Answer, type HandlerContext } from './answer.ts';

/** A message reaches the parent's facilitator, or the programme team when the sender is not on the roster. */
export function chatFacilitator(envelope: Envelope<'chat_facilitator'>, { roster }: HandlerContext): Answer {
  const to = roster.find(envelope.user)?.facilitator ?? PROGRAMME_TEAM;
  return accepted({
    message: answers.chat(to.name, envelope.payload.attachments.length),
    slackChannel: to.slackChannel,
  });
}
