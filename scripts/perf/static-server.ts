/**
 * Serves a production build on 127.0.0.1 the way the reference server
 * (fastify + @fastify/compress, HTTP/1.1) does: brotli or gzip for text, a year of caching for hashed assets, the app shell for
 * in-app routes and a real 404 for missing files. Lighthouse's simulated
 * slow 4G charges transfer sizes, so an uncompressed server would measure
 * a host nobody deploys.
 */
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/** The file a request path names inside the build, or undefined when the path escapes it. */
export function requestedFile(root: string, urlPath: string): string | undefined {
  const file = normalize(join(root, decodeURIComponent(urlPath)));
  return file === root || file.startsWith(root + sep) ? file : undefined;
}

/** A missing path with no file extension is an in-app route and gets the app shell; a missing file is a 404. */
export function missingFileAnswer(urlPath: string): 'shell' | 'not-found' {
  return extname(urlPath) === '' ? 'shell' : 'not-found';
}

export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';
}

export function isCompressible(contentType: string): boolean {
  return /^(text\/|application\/(json|manifest\+json)|image\/svg)/.test(contentType);
}

export type Encoding = 'br' | 'gzip';

/** The encoding to answer with, preferring brotli as @fastify/compress (the reference server) does. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const refused = params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param));
    if (!refused) accepted.add(name.trim().toLowerCase());
  }
  if (accepted.has('br')) return 'br';
  return accepted.has('gzip') || accepted.has('*') ? 'gzip' : undefined;
}

export function compress(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br' ? brotliCompressSync(body) : gzipSync(body, { level: 9 });
}

/** Hashed build assets never change under their name; everything else is revalidated. */
export function cacheControlOf(urlPath: string): string {
  return urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export async function startStaticServer(distDir: string): Promise<StaticServer> {
  const root = resolve(distDir);
  const isFile = async (file: string) => (await stat(file).catch(() => undefined))?.isFile() ?? false;
  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://127.0.0.1');
    void (async () => {
      const requested = requestedFile(root, pathname);
      const found = requested !== undefined && (await isFile(requested));
      if (!found && (requested === undefined || missingFileAnswer(pathname) === 'not-found')) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
        return;
      }
      const file = found ? requested : join(root, 'index.html');
      const type = contentTypeOf(file);
      const headers: Record<string, string> = {
        'Content-Type': type,
        'Cache-Control': found ? cacheControlOf(pathname) : 'no-cache',
        Vary: 'Accept-Encoding',
      };
      const encoding = isCompressible(type) ? pickEncoding(req.headers['accept-encoding']) : undefined;
      if (encoding) headers['Content-Encoding'] = encoding;
      const body = await readFile(file);
      res.writeHead(200, headers).end(req.method === 'HEAD' ? undefined : encoding ? compress(body, encoding) : body);
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
