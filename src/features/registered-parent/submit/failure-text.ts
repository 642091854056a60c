import { DEFAULT_HTTP_ERROR_TEXT, isWebhookError } from '../../../shared/webhook/errors.ts';

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
