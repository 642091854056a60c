import type { FastifyInstance, FastifyReply } from 'fastify';
import { displayFileName } from '../../src/shared/rules/attachment.ts';
import { answerText } from '../contract/texts.ts';
import type { StoredFile } from '../db/thread-table.ts';
import { authenticateParent } from './parent-auth.ts';
import type { ConversationStore } from './store.ts';

/** "photo.jpg" for Content-Disposition: an ASCII fallback and the UTF-8 name (RFC 6266, RFC 8187). */
function dispositionOf(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * A stored file as a download, never as a page: its type as checked on
 * arrival, `Content-Disposition: attachment` with its name given that
 * type's extension (displayFileName, so a name stored before that rule is
 * offered safely too), nosniff, a sandboxing CSP in case a browser shows it
 * anyway, and no caching.
 */
export function sendStoredFile(reply: FastifyReply, file: StoredFile) {
  return reply
    .header('content-type', file.mimetype)
    .header('content-disposition', dispositionOf(displayFileName(file.filename, file.mimetype)))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .send(file.content);
}

const POSITIVE = /^[0-9]{1,9}$/;

/** Reads a `:id/files/:position` address: the message id and the file's position, or undefined. */
export function fileAddress(params: unknown): { messageId: number; position: number } | undefined {
  const { id, position } = params as { id?: string; position?: string };
  if (!id || !position || !POSITIVE.test(id) || !POSITIVE.test(position)) return undefined;
  return { messageId: Number(id), position: Number(position) };
}

/**
 * GET /api/thread/:id/files/:position: a file of the parent's own thread, for
 * their bearer token only. Another parent's file, or none, is the same 404.
 * Limited per address as the webhook is (`rateLimit`): each answer may be
 * megabytes, and each try checks a token.
 */
export function threadFiles(
  app: FastifyInstance,
  store: ConversationStore,
  clock: () => Date,
  rateLimit: { max: number; timeWindow: number } | false,
): void {
  app.get('/api/thread/:id/files/:position', { config: { rateLimit } }, async (request, reply) => {
    const auth = authenticateParent(store, request.headers.authorization, clock(), 'en');
    if (!auth.ok) {
      const refusal = auth.refusal;
      return reply
        .code(refusal.status)
        .headers(refusal.headers ?? {})
        .type('text/plain; charset=utf-8')
        .send('text' in refusal ? refusal.text : '');
    }
    const address = fileAddress(request.params);
    const file = address && store.file(address.messageId, address.position);
    if (!file || file.number_key !== auth.numberKey) {
      return reply.code(404).type('text/plain; charset=utf-8').send(answerText('en', 'notFound'));
    }
    return sendStoredFile(reply, file);
  });
}
