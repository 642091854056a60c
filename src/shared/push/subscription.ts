/**
 * What makes a PushSubscription usable by a sender, checked where it is
 * stored (both backends): an https endpoint (RFC 8030 push services speak
 * only https), a p256dh that is an uncompressed P-256 point (65 bytes, first
 * byte 4) and an auth secret of 16 bytes, both base64url (RFC 8291).
 */
import type { PushSubscriptionJson } from '../webhook/push.ts';

/** The longest endpoint kept; browsers' are under 600 characters. */
export const ENDPOINT_MAX_LENGTH = 2048;

export type SubscriptionProblem = 'endpoint' | 'p256dh' | 'auth';

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** The bytes of a base64url text, or undefined when it is not one. */
export function base64UrlBytes(text: string): Uint8Array | undefined {
  if (!BASE64URL.test(text)) return undefined;
  const plain = text.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  if (plain.length % 4 === 1) return undefined;
  const binary = atob(plain.padEnd(Math.ceil(plain.length / 4) * 4, '='));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

function isPushEndpoint(endpoint: string): boolean {
  if (endpoint.length > ENDPOINT_MAX_LENGTH || !URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  return url.protocol === 'https:' && url.username === '' && url.password === '' && url.hash === '';
}

/** The first thing wrong with a subscription, or undefined when a sender can use it. */
export function subscriptionProblem(subscription: PushSubscriptionJson): SubscriptionProblem | undefined {
  if (!isPushEndpoint(subscription.endpoint)) return 'endpoint';
  const key = base64UrlBytes(subscription.keys.p256dh);
  if (key?.length !== 65 || key[0] !== 4) return 'p256dh';
  if (base64UrlBytes(subscription.keys.auth)?.length !== 16) return 'auth';
  return undefined;
}
