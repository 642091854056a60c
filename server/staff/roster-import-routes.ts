/**
 * Importing a roster file in two steps, so what is applied is exactly what
 * staff saw. The upload (multipart/form-data, a plain file input) is read
 * and compared with the roster; the preview is kept here, in memory, under
 * a random id, for the admin who made it and for 30 minutes, with the
 * file's SHA-256 and the version of the roster it was compared with.
 * Confirming applies that diff in one transaction, only if the roster is
 * still that version (else staff upload the file again) and only if no row
 * was refused.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyError, FastifyInstance } from 'fastify';
import { rosterDiff } from '../../src/shared/roster/diff.ts';
import { ROSTER_CSV_MAX_BYTES } from '../../src/shared/roster/format.ts';
import { readRosterCsv } from '../../src/shared/roster/import.ts';
import { rosterText } from '../../src/shared/roster/messages.ts';
import { ANY_CONTROL } from '../../src/shared/rules/control-characters.ts';
import { rosterVersion } from '../roster/roster-admin.ts';
import { parseMultipart, UploadedFile } from './multipart.ts';
import { importPage, previewCounts, previewPage, type ImportPreview } from './roster-import-page.ts';
import { adminGates, changedBy, type StaffGuards } from './roster-guards.ts';

/** The form's other fields and the multipart framing, beside the file itself. */
const UPLOAD_LIMIT = ROSTER_CSV_MAX_BYTES + 64 * 1024;
const PREVIEW_LIFETIME_MS = 30 * 60 * 1000;
/** Previews kept at once; the oldest goes first. */
const PREVIEWS_KEPT = 20;

interface Pending extends ImportPreview {
  staffId: number;
  version: string;
  madeAt: number;
}

const CONTROLS = new RegExp(ANY_CONTROL.source, 'gu');
/** The file's name as its browser gave it, for the page and the record: one line, 100 characters at most. */
const fileNameOf = (file: UploadedFile) => file.filename.replace(CONTROLS, '').slice(0, 100) || 'roster.csv';

export async function rosterImportRoutes(staff: FastifyInstance, guards: StaffGuards): Promise<void> {
  const { signedIn, htmlReply, clock, admin } = guards;
  const { page: adminPage, beforeBody, post: adminPost } = adminGates(guards);
  const pending = new Map<string, Pending>();

  staff.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (request, body, done) => {
    const fields = parseMultipart(body as Buffer, request.headers['content-type'] ?? '');
    if (fields) return done(null, fields);
    const error = new Error('The upload could not be read: choose the file and send the form again.');
    return done(Object.assign(error, { statusCode: 400 }), undefined);
  });

  staff.get('/staff/roster/import', async (request, reply) => {
    const session = adminPage(request, reply);
    if (!session) return reply;
    return htmlReply(reply, 200, importPage(session.member, session.csrf));
  });

  staff.post(
    '/staff/roster/import',
    {
      bodyLimit: UPLOAD_LIMIT,
      onRequest: beforeBody,
      // An admin's file too large for the route is told on the import page, as one a little smaller is.
      errorHandler(error: FastifyError, request, reply) {
        const session = signedIn(request);
        if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE' || !session) throw error;
        return htmlReply(reply, 413, importPage(session.member, session.csrf, rosterText.tooLarge));
      },
    },
    async (request, reply) => {
      const session = adminPost(request, reply);
      if (!session) return reply;
      const file = (request.body as Record<string, unknown> | undefined)?.file;
      // With no file chosen, a browser sends a file part with no name and nothing in it; a chosen empty file is read.
      if (!(file instanceof UploadedFile) || (file.filename === '' && file.content.byteLength === 0)) {
        return htmlReply(reply, 400, importPage(session.member, session.csrf, 'Choose a CSV file to import.'));
      }
      const read = readRosterCsv(file.content, admin.facilitators());
      if (!read.ok) return htmlReply(reply, 400, importPage(session.member, session.csrf, read.problem));
      const current = admin.entries();
      const now = clock().getTime();
      for (const [id, old] of pending) if (now - old.madeAt > PREVIEW_LIFETIME_MS) pending.delete(id);
      while (pending.size >= PREVIEWS_KEPT) pending.delete(pending.keys().next().value ?? '');
      const preview: Pending = {
        id: randomBytes(16).toString('base64url'),
        fileName: fileNameOf(file),
        hash: createHash('sha256').update(file.content).digest('hex'),
        rows: read.rows,
        diff: rosterDiff(current, read.entries),
        refused: read.refused,
        staffId: session.member.id,
        version: rosterVersion(current),
        madeAt: now,
      };
      pending.set(preview.id, preview);
      return htmlReply(reply, 200, previewPage(session.member, session.csrf, preview));
    },
  );

  staff.post('/staff/roster/import/:id/confirm', { onRequest: beforeBody }, async (request, reply) => {
    const session = adminPost(request, reply);
    if (!session) return reply;
    const preview = pending.get((request.params as { id: string }).id);
    const hash = (request.body as Record<string, unknown> | undefined)?.hash;
    const live =
      preview &&
      preview.staffId === session.member.id &&
      preview.hash === hash &&
      clock().getTime() - preview.madeAt <= PREVIEW_LIFETIME_MS;
    if (!live) {
      const problem = 'This preview has ended (it lasts 30 minutes, for the admin who made it): upload the file again.';
      return htmlReply(reply, 410, importPage(session.member, session.csrf, problem));
    }
    if (preview.refused.length > 0) {
      return htmlReply(reply, 400, previewPage(session.member, session.csrf, preview));
    }
    const summary = `${preview.fileName} (SHA-256 ${preview.hash.slice(0, 12)}): ${previewCounts(preview)}`;
    const applied = admin.apply(preview.diff, changedBy(session.member), clock(), {
      version: preview.version,
      imported: summary,
    });
    pending.delete(preview.id);
    if (!applied) {
      const problem = 'The roster changed after this preview was made, so nothing was changed: upload the file again.';
      return htmlReply(reply, 409, importPage(session.member, session.csrf, problem));
    }
    return reply.redirect('/staff/roster?done=imported', 303);
  });
}
