import type { FastifyInstance } from 'fastify';
import { paths } from '../../src/config/paths.ts';
import { LOCALES, pathIn } from '../../src/shared/i18n/locale.ts';

/**
 * The know-more address in each language, answered with a 302 to the
 * programme information page when the server knows it (VITE_KNOW_MORE_URL
 * at start): the visitor is sent on before any page loads. Without it the
 * prerendered page is served, which says the page is not configured; a
 * static host, or the service worker's copy, serves the page too, and it
 * leaves by its own meta refresh (build/prerender.ts).
 */
export function knowMoreRedirect(app: FastifyInstance, knowMoreUrl: string | undefined): void {
  if (!knowMoreUrl) return;
  for (const locale of LOCALES) {
    app.get(pathIn(locale, paths.knowMore), (_request, reply) => reply.redirect(knowMoreUrl, 302));
  }
}
