import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { answerText } from '../contract/texts.ts';
import { NOT_FOUND_PAGE, notFoundPage, pageFile } from '../../src/page/page-locations.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
// Unhashed files (the pages, sw.js, the manifest, icons) are revalidated on every use, so a new build shows at once.
const REVALIDATE = 'no-cache';

/** Everything but API paths and hashed assets may be a page: what has no file gets the 404 page if it asked for HTML. */
function mayBePage(request: FastifyRequest, path: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (path.startsWith('/api/') || path.startsWith('/assets/')) return false;
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return !lastSegment.includes('.') || (request.headers.accept ?? '').includes('text/html');
}

const notFound = (reply: FastifyReply) =>
  reply.code(404).type('text/plain; charset=utf-8').send(answerText('en', 'notFound'));

/**
 * Serves the production build as a static host would: hashed files under
 * assets/ are cached for a year, everything else is revalidated; `/x` is the
 * prerendered x.html, and an address with no page gets 404.html with status 404.
 */
export async function staticFiles(app: FastifyInstance, distDir: string): Promise<void> {
  if (!existsSync(join(distDir, 'index.html'))) {
    throw new Error(`No app build in ${distDir}: run "npm run build" first (npm start does it for you)`);
  }
  await app.register(fastifyStatic, {
    root: distDir,
    cacheControl: false,
    dotfiles: 'ignore',
    setHeaders(response, path) {
      const inAssets = relative(distDir, path).startsWith(`assets${sep}`);
      response.setHeader('cache-control', inAssets ? IMMUTABLE : REVALIDATE);
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (!mayBePage(request, path)) return notFound(reply);
    const page = pageFile(path);
    if (page && existsSync(join(distDir, page))) return reply.sendFile(page);
    // A build from before prerendering has no 404 page: the reason in plain text then.
    if (!existsSync(join(distDir, NOT_FOUND_PAGE))) return notFound(reply);
    const notFoundFile = notFoundPage(path);
    return reply.code(404).sendFile(existsSync(join(distDir, notFoundFile)) ? notFoundFile : NOT_FOUND_PAGE);
  });
}
