import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { reasons } from '../webhook/messages.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
// Unhashed files (index.html, sw.js, the manifest, icons) are revalidated on every use, so a new build shows at once.
const REVALIDATE = 'no-cache';

/** In-app routes get the app shell; API paths and missing files (anything with an extension) get a real 404. */
function wantsAppShell(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '/';
  if (path.startsWith('/api/') || path.startsWith('/assets/')) return false;
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return !lastSegment.includes('.') || (request.headers.accept ?? '').includes('text/html');
}

/**
 * Serves the production build: hashed files under assets/ are cached for a
 * year, everything else is revalidated, and in-app routes fall back to
 * index.html so a deep link or a reload works.
 */
export async function staticFiles(app: FastifyInstance, distDir: string): Promise<void> {
  if (!existsSync(join(distDir, 'index.html'))) {
    throw new Error(`No app build in ${distDir}: run "npm run build" first (npm start does it for you)`);
  }
  await app.register(fastifyStatic, {
    root: distDir,
    cacheControl: false,
    dotfiles: 'ignore',
    setHeaders(reply, path) {
      const inAssets = relative(distDir, path).startsWith(`assets${sep}`);
      reply.header('cache-control', inAssets ? IMMUTABLE : REVALIDATE);
    },
  });
  app.setNotFoundHandler((request, reply) => {
    if (wantsAppShell(request)) return reply.header('cache-control', REVALIDATE).sendFile('index.html');
    return reply.code(404).type('text/plain; charset=utf-8').send(reasons.notFound);
  });
}
