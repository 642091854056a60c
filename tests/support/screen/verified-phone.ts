import { createConversationStore, EMPTY_CONVERSATION } from '../../../src/shared/conversation/store.ts';
import type { User } from '../../../src/shared/webhook/types.ts';

/**
 * The phone as verifying it left it: the conversation's token kept for `parent` in IndexedDB, no thread fetched
 * yet, so a screen opened now fetches the thread with it.
 */
export async function verifiedPhone(parent: User, token: string): Promise<void> {
  await createConversationStore().update(parent, () => ({ ...EMPTY_CONVERSATION, token }));
}
