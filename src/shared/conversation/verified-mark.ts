/**
 * The chat screen is prerendered for no one, and whether a phone is verified
 * is known only once its conversation record has been read from IndexedDB,
 * after hydration: drawing the verification then made it the screen's late,
 * largest paint. So the page keeps a hint where the pages' head
 * script (src/page/locale-script.ts) reads it before the first paint, and the
 * prerendered screen holds the verification, shown or hidden by CSS from the
 * attribute that script sets on <html>.
 *
 * The hint lives in sessionStorage beside the signed-in parent, and is that
 * parent's saved text itself: it holds for that parent alone, in this tab
 * alone, and nothing about them is written anywhere the session is not. It
 * follows the record: set when a read or write finds a token, removed when
 * one finds none and when the record is cleared (logout, a token the webhook
 * refused: see withVerifiedMark in store.ts). It only decides the first
 * paint; the record decides the screen. The head script's source imports
 * this module: nothing it imports may reach storage or the DOM.
 */
import { SESSION_USER_KEY, type KeyValueStorage } from '../session/session-user.ts';

export const VERIFIED_MARK_KEY = 'thrive.conversationVerified';
/** On <html> while this tab's parent is marked verified: the chat screen paints its thread's frame, not the verification. */
export const VERIFIED_ATTRIBUTE = 'data-conversation-verified';

/**
 * Sets or removes the hint for this tab's signed-in parent (the page's store
 * is only ever used for them). The head script finds it when it equals the
 * parent's saved text: a parent who signs in afresh is never taken for one marked before.
 */
export function markVerified(storage: KeyValueStorage, verified: boolean): void {
  const session = storage.getItem(SESSION_USER_KEY);
  if (verified && session !== null) storage.setItem(VERIFIED_MARK_KEY, session);
  else storage.removeItem(VERIFIED_MARK_KEY);
}
