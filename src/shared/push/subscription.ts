/**
 * What makes a PushSubscription usable by a sender, checked where it is
 * stored (both backends): an https endpoint (RFC 8030 push services speak
 * only https) on a push service's host, a p256dh that is an uncompressed
 * P-256 point (65 bytes, first byte 4) and an auth secret of 16 bytes, both
 * base64url (RFC 8291). The host is held to a list because a backend POSTs
 * to the endpoint: any other address would let whoever subscribes make the
 * server send requests where they choose.
 */
import type { PushSubscriptionJson } from '../webhook/push.ts';

/** The longest endpoint kept; browsers' are under 600 characters. */
export const ENDPOINT_MAX_LENGTH = 2048;

export type SubscriptionProblem = 'endpoint' | 'p256dh' | 'auth';

/**
 * The browsers' push services, by host (each host and its subdomains): Chrome's and every browser built on it
 * (Firebase Cloud Messaging), Firefox's, Safari's and Edge's (Windows Push Notification Services).
 */
export const BROWSER_PUSH_SERVICE_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
];

/**
 * The push service hosts a setting names (comma-separated, as PUSH_SERVICE_HOSTS on the reference server and
 * THRIVE_PUSH_SERVICE_HOSTS in n8n), or the browsers' when it names none. A setting replaces the list.
 */
export function pushServiceHosts(setting: string | undefined): readonly string[] {
  const hosts = (setting ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
  return hosts.length > 0 ? hosts : BROWSER_PUSH_SERVICE_HOSTS;
}

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** The bytes of a base64url text, or undefined when it is not one. */
export function base64UrlBytes(text: string): Uint8Array | undefined {
  if (!BASE64URL.test(text)) return undefined;
  const plain = text.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  if (plain.length % 4 === 1) return undefined;
  const binary = atob(plain.padEnd(Math.ceil(plain.length / 4) * 4, '='));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

function isPushEndpoint(endpoint: string, hosts: readonly string[]): boolean {
  if (endpoint.length > ENDPOINT_MAX_LENGTH || !URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  const onPushService = hosts.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`));
  return onPushService && url.protocol === 'https:' && url.username === '' && url.password === '' && url.hash === '';
}

/** The first thing wrong with a subscription, or undefined when a sender can use it (`hosts`: pushServiceHosts). */
export function subscriptionProblem(
  subscription: PushSubscriptionJson,
  hosts: readonly string[],
): SubscriptionProblem | undefined {
  if (!isPushEndpoint(subscription.endpoint, hosts)) return 'endpoint';
  const key = base64UrlBytes(subscription.keys.p256dh);
  if (key?.length !== 65 || key[0] !== 4) return 'p256dh';
  if (base64UrlBytes(subscription.keys.auth)?.length !== 16) return 'auth';
  return undefined;
}
