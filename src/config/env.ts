import { knowMoreUrl } from '../shared/rules/know-more-url.ts';
import { WEBHOOK_PATH } from '../shared/webhook/endpoint.ts';

/**
 * Build-time configuration, read and checked once. Nothing else in the app
 * reads import.meta.env or names an address.
 */

function optionalUrl(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

export const env = {
  webhookUrl: optionalUrl(import.meta.env.VITE_WEBHOOK_URL) ?? WEBHOOK_PATH,
  /** The programme information page "Know more" leads to; none unless an absolute http(s) address. */
  knowMoreUrl: knowMoreUrl(import.meta.env.VITE_KNOW_MORE_URL),
  /** Production builds ship a service worker; the dev server serves none. */
  serviceWorker: import.meta.env.PROD,
} as const;
