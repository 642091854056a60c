/**
 * What the verification and the thread say when the webhook refuses: the
 * server's own words, as every screen of the portal shows them. Both backends
 * answer in the language the request names (server/contract/texts.ts), so a
 * Hindi screen gets them in Hindi. With no answer to show, the screen's own
 * words for the step.
 */
import { failureText } from '../../../shared/webhook/errors.ts';
import { type ConversationMessages } from '../messages.ts';

type Texts = ConversationMessages['thread'];

export type RefusedStep = 'request_code' | 'verify_code' | 'chat_thread';

const FALLBACK: Record<RefusedStep, (t: Texts) => string> = {
  request_code: (t) => t.codeFailed,
  verify_code: (t) => t.verifyFailed,
  chat_thread: (t) => t.fetchFailed,
};

export function refusalText(step: RefusedStep, error: unknown, t: Texts): string {
  return failureText(error, FALLBACK[step](t));
}
