/**
 * The conversation actions over the webhook (issue 24): the same POST and
 * the same errors as every other action (a WebhookError), with the token
 * sent only as `Authorization: Bearer`, never in a body or a URL.
 */
import type {
  ConversationAction,
  ConversationAnswers,
  ConversationRequests,
  ThreadMessage,
} from '../webhook/conversation.ts';
import { DEFAULT_HTTP_ERROR_TEXT, WebhookError } from '../webhook/errors.ts';
import { isThreadMessage } from './thread.ts';

export interface ConversationOptions {
  url: string;
  token?: string;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

export async function postConversation<A extends ConversationAction>(
  request: ConversationRequests[A],
  { url, token, fetch: doFetch = fetch, signal }: ConversationOptions,
): Promise<ConversationAnswers[A]> {
  let response: Response;
  let text: string;
  try {
    response = await doFetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(request),
      signal,
    });
    text = await response.text();
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new WebhookError('network', cause instanceof Error ? cause.message : String(cause));
  }
  if (!response.ok) throw new WebhookError('http', text.trim() || DEFAULT_HTTP_ERROR_TEXT, response.status);
  try {
    return JSON.parse(text) as ConversationAnswers[A];
  } catch {
    throw new WebhookError('http', DEFAULT_HTTP_ERROR_TEXT, response.status);
  }
}

/** At most this many pages in one fetch (200 messages each): a thread longer than that comes in over later fetches. */
const MAX_PAGES = 10;

/**
 * Everything after `after`, page by page while the webhook says there is
 * more: the new messages, oldest first, and the cursor for the next fetch.
 */
export async function fetchThreadSince(
  after: string | undefined,
  options: ConversationOptions & { token: string },
): Promise<{ messages: ThreadMessage[]; cursor: string | undefined }> {
  const messages: ThreadMessage[] = [];
  let cursor = after;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer = await postConversation<'chat_thread'>(
      { action: 'chat_thread', ...(cursor === undefined ? {} : { payload: { after: cursor } }) },
      options,
    );
    if (!Array.isArray(answer.messages) || typeof answer.cursor !== 'string') {
      throw new WebhookError('http', DEFAULT_HTTP_ERROR_TEXT, 200);
    }
    messages.push(...answer.messages.filter(isThreadMessage));
    cursor = answer.cursor;
    if (answer.more !== true) break;
  }
  return { messages, cursor };
}
