import { OutboxStorageError } from '../../../shared/outbox/errors.ts';
import { DEFAULT_HTTP_ERROR_TEXT, isWebhookError } from '../../../shared/webhook/errors.ts';
import type { RegisteredParentMessages } from '../messages.ts';

/**
 * What an error panel says: the server's own words when it answered with
 * some, else the screen's default (spec §8). A lost connection or a timeout
 * gets the default too, rather than the browser's technical wording.
 */
export function failureText(error: unknown, fallback: string): string {
  if (isWebhookError(error) && error.kind === 'http' && error.message !== DEFAULT_HTTP_ERROR_TEXT) {
    return error.message;
  }
  return fallback;
}

/**
 * The text for a request that could not be sent nor saved for later: the
 * phone's storage said no, so the screen says why and keeps what was typed.
 * Undefined for any other failure.
 */
export function storageFailureText(error: unknown, t: RegisteredParentMessages['saved']): string | undefined {
  if (!(error instanceof OutboxStorageError)) return undefined;
  return error.reason === 'quota' ? t.storageFull : t.storageUnavailable;
}
