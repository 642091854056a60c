import type { FastifyInstance } from 'fastify';
import { BOOT_SCRIPT_SOURCE } from './boot-script.ts';

/**
 * The Content-Security-Policy and friends, on every answer.
 *
 * script-src is 'self' and the hash of the pages' one inline script, which
 * starts the app after the first paint (boot-script.ts). style-src also
 * allows 'unsafe-inline' because sonner (the toasts) injects its stylesheet
 * as <style> elements at run time: with style-src 'self' alone, Chromium
 * blocks them on every screen (tests/e2e-server/csp.spec.ts finds those
 * violations and no others). A hash would break with every sonner release,
 * and style-src-elem is missing from the older Safari some parents use.
 * Inline CSS cannot run script, and all server text is rendered as text,
 * never HTML. data: images are allowed because Vite inlines small imported
 * images as data: URLs.
 */
export function contentSecurityPolicy(webhookOrigin: string | undefined): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${BOOT_SCRIPT_SOURCE}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
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

export function securityHeaders(app: FastifyInstance, webhookOrigin: string | undefined): void {
  const headers = {
    'content-security-policy': contentSecurityPolicy(webhookOrigin),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    'cross-origin-opener-policy': 'same-origin',
  };
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
}
