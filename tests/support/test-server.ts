import type { Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import { notFoundPage, pageFile } from '../../src/page/page-locations.ts';
import { WEBHOOK_PATH } from '../../src/shared/webhook/endpoint.ts';
import { RecordingWebhook, type RecordedRequest } from './recording-webhook.ts';

// The e2e specs that script the webhook's path take it from here, beside the server that serves it.
export { WEBHOOK_PATH };

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

export interface TestServer {
  url: string;
  webhook: RecordingWebhook;
  /** The path of every file request, in order: how a test sees the browser fetch the worker script. */
  served: string[];
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function handleWebhook(webhook: RecordingWebhook, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const rawBody = await readBody(req);
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    body = undefined;
  }
  const recorded: RecordedRequest = {
    method: req.method ?? '',
    headers: req.headers,
    rawBody,
    body,
    receivedAt: Date.now(),
  };
  const reply = await webhook.answer(recorded);
  if (!reply) {
    res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Unexpected request: no reply was scripted');
    return;
  }
  if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
  if (reply.dropConnection) {
    req.socket.destroy();
    recorded.answered = { status: 0, at: Date.now() };
    return;
  }
  const isText = typeof reply.body === 'string' || reply.body === undefined;
  const text = isText ? ((reply.body as string | undefined) ?? '') : JSON.stringify(reply.body);
  const status = reply.status ?? 200;
  res.writeHead(status, { 'Content-Type': isText ? 'text/plain; charset=utf-8' : 'application/json' }).end(text);
  recorded.answered = { status, at: Date.now() };
}

const fileStats = (path: string): Promise<Stats | undefined> =>
  stat(path).then(
    (info) => (info.isFile() ? info : undefined),
    () => undefined,
  );

/**
 * Every file served, read once per process: every page load and every worker install asks for the same hundred
 * files. An entry holds while the file's mtime and size are those it was read at, so a test that deploys a new
 * version over its own copy of the build (pwa-update.spec.ts) is served the new bytes.
 */
const contents = new Map<string, { mtimeMs: number; size: number; bytes: Buffer }>();

async function readCached(file: string, info: Stats): Promise<Buffer> {
  const cached = contents.get(file);
  if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached.bytes;
  const bytes = await readFile(file);
  contents.set(file, { mtimeMs: info.mtimeMs, size: info.size, bytes });
  return bytes;
}

/** The file for a request and its status, as the reference server (server/http/static-files.ts) picks them. */
async function resolveStatic(
  root: string,
  pathname: string,
): Promise<{ file: string; info: Stats; status: number } | undefined> {
  const requested = normalize(join(root, decodeURIComponent(pathname)));
  const info = requested.startsWith(root) ? await fileStats(requested) : undefined;
  if (info) return { file: requested, info, status: 200 };
  if (pathname.startsWith('/assets/')) return undefined;
  const page = pageFile(pathname);
  if (!page) return undefined;
  const pageInfo = await fileStats(join(root, page));
  if (pageInfo) return { file: join(root, page), info: pageInfo, status: 200 };
  const missing = join(root, notFoundPage(pathname));
  const missingInfo = await fileStats(missing);
  return missingInfo ? { file: missing, info: missingInfo, status: 404 } : undefined;
}

async function serveStatic(root: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { pathname } = new URL(req.url ?? '/', 'http://localhost');
  const found = await resolveStatic(root, pathname);
  if (!found) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
    return;
  }
  const body = await readCached(found.file, found.info);
  const type = CONTENT_TYPES[extname(found.file)] ?? 'application/octet-stream';
  const cache = found.file.startsWith(join(root, 'assets')) ? 'public, max-age=31536000, immutable' : 'no-cache';
  res
    .writeHead(found.status, { 'Content-Type': type, 'Cache-Control': cache, 'Content-Length': body.length })
    .end(body);
}

/** Serves the production build and a recording webhook on one 127.0.0.1 origin. */
export async function startTestServer(distDir: string): Promise<TestServer> {
  const root = resolve(distDir);
  // A run told to skip the builds (E2E_SKIP_BUILD=1) before they were ever made fails here, by name, not later
  // as a page that aborts.
  if (!(await fileStats(join(root, 'index.html')))) {
    throw new Error(`No build in ${root}: run the browser tests once without E2E_SKIP_BUILD=1 to make it.`);
  }
  const webhook = new RecordingWebhook();
  const served: string[] = [];
  const server = createServer((req, res) => {
    const isWebhook = req.url?.split('?')[0] === WEBHOOK_PATH;
    if (!isWebhook) served.push(req.url?.split('?')[0] ?? '');
    const handle = isWebhook && req.method === 'POST' ? handleWebhook(webhook, req, res) : serveStatic(root, req, res);
    handle.catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    webhook,
    served,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
