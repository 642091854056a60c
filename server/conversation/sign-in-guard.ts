import { phoneKey } from '../../src/shared/rules/phone.ts';
import type { Envelope } from '../../src/shared/webhook/types.ts';
import { answerText } from '../contract/texts.ts';
import type { Outcome } from '../http/outcome.ts';
import { authenticateParent } from './parent-auth.ts';
import type { ConversationStore } from './store.ts';

/**
 * REQUIRE_CODE_AT_SIGN_IN=1: the portal's sign-in (know_schedule) needs the
 * bearer token of a code sent to that very number; any 401 tells the portal
 * to run the code flow, then sign in again with the token.
 */
export function codeAtSignIn(store: ConversationStore, clock: () => Date) {
  return (envelope: Envelope<'know_schedule'>, authorization: string | undefined): Outcome | undefined => {
    const language = envelope.language ?? 'en';
    const auth = authenticateParent(store, authorization, clock(), language);
    if (auth.ok && auth.numberKey === phoneKey(envelope.user.number)) return undefined;
    const headers = auth.ok
      ? { 'www-authenticate': 'Bearer realm="thrive", error="invalid_token"' }
      : auth.refusal.headers;
    return { status: 401, text: answerText(language, 'codeRequiredAtSignIn'), headers };
  };
}
