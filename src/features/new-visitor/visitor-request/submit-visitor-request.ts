import { env } from '../../../config/env.ts';
import { sendToWebhook } from '../../../shared/webhook/client.ts';
import { successText, toVisitorEnvelope, type VisitorAction, type VisitorFields } from './visitor-request.ts';

/**
 * The one submit path of both visitor forms: one envelope per submit, sent to
 * the webhook. Resolves with the text for the success panel; rejects with the
 * client's WebhookError.
 */
export async function submitVisitorRequest(
  action: VisitorAction,
  fields: VisitorFields,
  defaultSuccess: string,
): Promise<string> {
  const envelope = toVisitorEnvelope(action, fields);
  const { body } = await sendToWebhook(envelope, { url: env.webhookUrl });
  return successText(body, defaultSuccess);
}
