/**
 * The conversation actions as the chat screen and logout call them, through
 * the one webhook client. The token goes only in the Authorization header,
 * and only to the webhook's own origin.
 */
import { env } from '../../../config/env.ts';
import { activeLocale } from '../../../shared/i18n/catalog.ts';
import { fetchThreadPages, unreadableAnswer, type FetchedThread } from '../../../shared/conversation/fetch-thread.ts';
import { sendToWebhook } from '../../../shared/webhook/client.ts';
import { DEFAULT_HTTP_ERROR_TEXT, WebhookError } from '../../../shared/webhook/errors.ts';
import type { User } from '../../../shared/webhook/types.ts';

/** Logout waits this long at most for the server to end the token: the device forgets it either way. */
export const REVOKE_TIMEOUT_MS = 5_000;

export async function requestCode(user: User): Promise<void> {
  await sendToWebhook({ action: 'request_code', user, language: activeLocale() }, { url: env.webhookUrl });
}

export async function verifyCode(user: User, code: string): Promise<string> {
  const { body } = await sendToWebhook(
    { action: 'verify_code', user, payload: { code }, language: activeLocale() },
    { url: env.webhookUrl },
  );
  const token = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).token : undefined;
  if (typeof token !== 'string' || token === '') throw unreadableAnswer();
  return token;
}

/** Everything after `after`, page by page while the webhook says more waits, with the read receipts. */
export function fetchThread(token: string, after: string | undefined): Promise<FetchedThread> {
  return fetchThreadPages(token, after, { url: env.webhookUrl, language: activeLocale() });
}

export async function revokeToken(token: string): Promise<void> {
  await sendToWebhook(
    { action: 'revoke_token', language: activeLocale() },
    { url: env.webhookUrl, bearer: token, timeoutMs: REVOKE_TIMEOUT_MS },
  );
}

/** An attachment's address, resolved against the webhook's; undefined when it points at another origin. */
export function attachmentAddress(url: string, base: string = location.href): URL | undefined {
  const webhook = new URL(env.webhookUrl, base);
  const address = new URL(url, webhook);
  return address.origin === webhook.origin ? address : undefined;
}

/** An attachment's bytes, fetched with the token. */
export async function fetchAttachment(url: string, token: string): Promise<Blob> {
  const address = attachmentAddress(url);
  if (!address) throw unreadableAnswer();
  const response = await fetch(address, { headers: { Authorization: `Bearer ${token}` }, cache: 'no-store' });
  if (!response.ok)
    throw new WebhookError('http', (await response.text()).trim() || DEFAULT_HTTP_ERROR_TEXT, response.status);
  return response.blob();
}
