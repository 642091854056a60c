import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BOOT_SCRIPT } from '../../src/page/boot-script.ts';
import { LOCALE_SCRIPT } from '../../src/page/locale-script.ts';
import { cameOverHttps, type ProxyTrust } from './proxy-trust.ts';

/** The CSP source that allows one inline script: its SHA-256, as browsers compute it over the script's text. */
const hashSource = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
export const LOCALE_SCRIPT_SOURCE = hashSource(LOCALE_SCRIPT);
export const BOOT_SCRIPT_SOURCE = hashSource(BOOT_SCRIPT);

/**
 * The Content-Security-Policy and friends, on every answer.
 *
 * script-src is 'self' and the hashes of the pages' two inline scripts: the
 * one that opens the page in the person's language (locale-script.ts) and the
 * one that starts the app after the first paint (boot-script.ts). style-src also
 * allows 'unsafe-inline' because sonner (the toasts) injects its stylesheet
 * as <style> elements at run time: with style-src 'self' alone, Chromium
 * blocks them on every screen (tests/e2e-server/csp.spec.ts finds those
 * violations and no others). A hash would break with every sonner release,
 * and style-src-elem is missing from the older Safari some parents use.
 * Inline CSS cannot run script, and all server text is rendered as text,
 * never HTML. data: images are allowed because Vite inlines small imported
 * images as data: URLs; blob: images are the chat's thumbnails of the photos
 * a parent attached, read from the phone, never from the network.
 */
export function contentSecurityPolicy(webhookOrigin: string | undefined): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${LOCALE_SCRIPT_SOURCE} ${BOOT_SCRIPT_SOURCE}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self'",
    "font-src 'self'",
    `connect-src 'self'${webhookOrigin ? ` ${webhookOrigin}` : ''}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "form-action 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The headers besides the CSP every answer carries (the n8n workflow's answers carry them too). The portal's own
 * pages may use the microphone, for voice notes, from their own origin only; nothing else on the list. One policy for
 * every answer, pages and webhook alike, so both backends answer the same.
 */
export const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'permissions-policy': 'camera=(), microphone=(self), geolocation=(), payment=(), usb=()',
  'cross-origin-opener-policy': 'same-origin',
} as const;

/** A year: browsers then refuse plain HTTP to this host, so a parent's name and number never travel in clear. */
const HSTS = 'max-age=31536000';

export type SetSecurityHeaders = (request: FastifyRequest, reply: FastifyReply) => void;

/**
 * The headers every answer carries, page, webhook answer or error alike, and
 * Strict-Transport-Security when the request reached the trusted proxy over
 * HTTPS (X-Forwarded-Proto is believed only from a proxy TRUST_PROXY trusts;
 * the server itself speaks plain HTTP, so no other request is HTTPS).
 */
export function securityHeaders(webhookOrigin: string | undefined, trust: ProxyTrust | false): SetSecurityHeaders {
  const headers = { 'content-security-policy': contentSecurityPolicy(webhookOrigin), ...SECURITY_HEADERS };
  return (request, reply) => {
    reply.headers(headers);
    if (cameOverHttps(trust, request.raw)) reply.header('strict-transport-security', HSTS);
  };
}
