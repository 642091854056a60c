/**
 * chat_thread as the page and the service worker both ask it, through the
 * one webhook client: everything after a cursor, page by page while the
 * webhook says more waits. The token goes only in the Authorization header.
 */
import { sendToWebhook } from '../webhook/client.ts';
import { DEFAULT_HTTP_ERROR_TEXT, WebhookError } from '../webhook/errors.ts';
import type { Language } from '../webhook/types.ts';
import { mergeThread, readThreadPage, type ThreadPage } from './thread.ts';

/** An answer that is not what the contract says: the screen shows its own words (failureText's fallback). */
export const unreadableAnswer = () => new WebhookError('http', DEFAULT_HTTP_ERROR_TEXT, 200);

/** What the pages brought: their messages, the cursor to ask after next, and the last page's read receipts. */
export type FetchedThread = Omit<ThreadPage, 'cursor' | 'more'> & { cursor: string | undefined };

export async function fetchThreadPages(
  token: string,
  after: string | undefined,
  { url, language }: { url: string; language: Language },
): Promise<FetchedThread> {
  let messages: ThreadPage['messages'] = [];
  let cursor = after;
  for (;;) {
    const { body } = await sendToWebhook(
      { action: 'chat_thread', ...(cursor === undefined ? {} : { payload: { after: cursor } }), language },
      { url, bearer: token },
    );
    const page = readThreadPage(body);
    if (!page) throw unreadableAnswer();
    messages = mergeThread(messages, page.messages);
    // A cursor that does not move would ask for the same page for ever.
    const moved = page.cursor !== cursor;
    cursor = page.cursor;
    if (!page.more || !moved) {
      const { seen, readReceipts } = page;
      return {
        messages,
        cursor,
        ...(seen ? { seen } : {}),
        ...(readReceipts === undefined ? {} : { readReceipts }),
      };
    }
  }
}
