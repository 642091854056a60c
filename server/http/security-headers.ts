import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy and friends, on every answer.
 *
 * script-src is 'self' only: the build has no inline script. style-src also
 * allows 'unsafe-inline' because sonner (the toasts) injects its stylesheet
 * as a <style> element at run time, and a hash would break with every sonner
 * release; inline CSS cannot run script, and all server text is rendered as
 * text, never HTML. blob: and data: images and media are for previews of the
 * files a parent picks in the chat.
 */
export function contentSecurityPolicy(webhookOrigin: string | undefined): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
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
