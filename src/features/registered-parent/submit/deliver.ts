import { env } from '../../../config/env.ts';
import { sendToWebhook, type WebhookResponse } from '../../../shared/webhook/client.ts';
import type { Envelope } from '../../../shared/webhook/types.ts';
import { slicedBodyFetch } from './sliced-body-fetch.ts';

/**
 * The one step a parent's reschedule or chat request leaves the page through.
 * It receives the envelope already built, its request_id made once per
 * action, so anything added here (keeping a request to send again later)
 * sends the very same request.
 */
export function deliver(envelope: Envelope): Promise<WebhookResponse> {
  return sendToWebhook(envelope, { url: env.webhookUrl, fetch: slicedBodyFetch });
}
