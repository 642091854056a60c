import {
  createConversationStore,
  withVerifiedMark,
  type ConversationStore,
} from '../../../shared/conversation/store.ts';
import { markVerified, VERIFIED_ATTRIBUTE } from '../../../shared/conversation/verified-mark.ts';

let store: ConversationStore | undefined;

/** Keeps the first paint's hint, and this document's attribute, to what the record was last found to hold. */
function noteVerified(verified: boolean): void {
  try {
    markVerified(window.sessionStorage, verified);
  } catch {
    // Storage refused: the next cold open paints the verification first, as it did before the hint.
  }
  // The screen opened again in this document is drawn before its record is read: the attribute picks its block too.
  document.documentElement.toggleAttribute(VERIFIED_ATTRIBUTE, verified);
}

/** The page's one handle on the saved conversations (opened on first use, not when the module loads). */
export function pageConversationStore(): ConversationStore {
  store ??= withVerifiedMark(createConversationStore(), noteVerified);
  return store;
}
