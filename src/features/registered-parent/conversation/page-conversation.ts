import { createConversationStore, type ConversationStore } from '../../../shared/conversation/store.ts';

let store: ConversationStore | undefined;

/** The page's one handle on the saved conversations (opened on first use, not when the module loads). */
export function pageConversationStore(): ConversationStore {
  store ??= createConversationStore();
  return store;
}
