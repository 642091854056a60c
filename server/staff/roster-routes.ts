/**
 * The roster's routes under /staff: every staff member may read the roster
 * and download it; only an admin may open a form that changes it or post
 * one (403 for anyone else, before a POST's body is read), each POST with
 * the session's CSRF token as every staff form (server/staff/routes.ts,
 * which registers these with its guards). A change is applied in one
 * transaction and recorded with who made it (server/roster/roster-admin.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { changedFields } from '../../src/shared/roster/diff.ts';
import { checkParent, type ParentInput } from '../../src/shared/roster/entry.ts';
import { rosterCsv, rosterTemplateCsv } from '../../src/shared/roster/export.ts';
import {
  ROSTER_EXPORT_FILE_NAME,
  ROSTER_MAX_SESSIONS,
  ROSTER_TEMPLATE_FILE_NAME,
  type RosterEntry,
} from '../../src/shared/roster/format.ts';
import { rosterText } from '../../src/shared/roster/messages.ts';
import { parentFormPage, removePage } from './roster-forms.ts';
import { rosterImportRoutes } from './roster-import-routes.ts';
import { adminGates, changedBy, type StaffGuards } from './roster-guards.ts';
import { rosterPage } from './roster-page.ts';
import { displayPhone, INBOX_PAGE_SIZE, numberKeyOfPath, pageNumber, searchPatterns } from './rules.ts';

/** What the roster page says after a change, by the `done` it is given. */
const DONE = {
  added: 'The parent was added to the roster.',
  changed: 'The parent’s details were saved.',
  unchanged: 'Nothing changed: the form matched the roster.',
  removed: 'The parent was removed from the roster: their sign-in has ended and their devices are signed out.',
  imported: 'The import was applied.',
} as const;

const field = (body: unknown, name: string) => {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
};

function parentInput(body: unknown): ParentInput {
  return {
    number: field(body, 'number'),
    name: field(body, 'name'),
    facilitator: field(body, 'facilitator'),
    sessions: Array.from({ length: ROSTER_MAX_SESSIONS }, (_, i) => ({
      day: field(body, `day_${i}`),
      time: field(body, `time_${i}`),
      facilitator: field(body, `session_facilitator_${i}`),
    })).filter((row, i) => i < 4 || row.day !== '' || row.time !== '' || row.facilitator !== ''),
  };
}

const inputOf = (entry: RosterEntry): ParentInput => ({
  number: entry.number,
  name: entry.name,
  facilitator: entry.facilitator,
  sessions: entry.sessions.map((s) => ({
    ...s,
    facilitator: s.facilitator === entry.facilitator ? '' : s.facilitator,
  })),
});

export async function rosterRoutes(staff: FastifyInstance, guards: StaffGuards): Promise<void> {
  const { signedIn, htmlReply, clock, admin } = guards;
  const notFound = (reply: FastifyReply) =>
    reply.code(404).type('text/plain; charset=utf-8').send('No parent with this number on the roster');
  const { page: adminPage, beforeBody, post: adminPost } = adminGates(guards);
  const numberOf = (request: FastifyRequest) => numberKeyOfPath((request.params as { number: string }).number);
  const entryOf = (request: FastifyRequest) => {
    const number = numberOf(request);
    return number ? admin.entry(number) : undefined;
  };
  const done = (reply: FastifyReply, what: keyof typeof DONE) => reply.redirect(`/staff/roster?done=${what}`, 303);
  const csv = (reply: FastifyReply, name: string, body: string) =>
    reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(body);

  staff.get('/staff/roster', async (request, reply) => {
    const session = signedIn(request);
    if (!session) return reply.redirect('/staff/sign-in', 303);
    const query = request.query as Record<string, unknown>;
    const search = typeof query.q === 'string' ? query.q.trim().slice(0, 100) : '';
    const current = pageNumber(query.page);
    const found = admin.page({
      search: searchPatterns(search),
      limit: INBOX_PAGE_SIZE,
      offset: (current - 1) * INBOX_PAGE_SIZE,
    });
    const doneKey = Object.keys(DONE).find((key) => key === query.done) as keyof typeof DONE | undefined;
    return htmlReply(
      reply,
      200,
      rosterPage(session.member, session.csrf, {
        search,
        page: current,
        ...found,
        facilitators: admin.facilitators(),
        changes: admin.changes(50),
        admin: admin.isAdmin(session.member.id),
        done: doneKey && DONE[doneKey],
      }),
    );
  });

  staff.get('/staff/roster/roster.csv', async (request, reply) => {
    if (!signedIn(request)) return reply.redirect('/staff/sign-in', 303);
    return csv(reply, ROSTER_EXPORT_FILE_NAME, rosterCsv(admin.entries()));
  });

  staff.get('/staff/roster/template.csv', async (request, reply) => {
    if (!signedIn(request)) return reply.redirect('/staff/sign-in', 303);
    return csv(reply, ROSTER_TEMPLATE_FILE_NAME, rosterTemplateCsv());
  });

  const blank: ParentInput = { number: '', name: '', facilitator: '', sessions: [] };

  staff.get('/staff/roster/parents/new', async (request, reply) => {
    const session = adminPage(request, reply);
    if (!session) return reply;
    const form = { input: blank, problems: {}, facilitators: admin.facilitators() };
    return htmlReply(reply, 200, parentFormPage(session.member, session.csrf, form));
  });

  staff.post('/staff/roster/parents', { onRequest: beforeBody }, async (request, reply) => {
    const session = adminPost(request, reply);
    if (!session) return reply;
    const input = parentInput(request.body);
    const facilitators = admin.facilitators();
    const check = checkParent(input, facilitators);
    // A number on the roster already is refused here, or by apply when another admin added it a moment before.
    if (check.ok && admin.apply({ added: [check.entry] }, changedBy(session.member), clock()))
      return done(reply, 'added');
    const problems = check.ok
      ? { number: rosterText.numberTaken(admin.entry(check.entry.number)?.name ?? '') }
      : check.problems;
    return htmlReply(reply, 400, parentFormPage(session.member, session.csrf, { input, problems, facilitators }));
  });

  staff.get('/staff/roster/parents/:number/edit', async (request, reply) => {
    const session = adminPage(request, reply);
    if (!session) return reply;
    const entry = entryOf(request);
    if (!entry) return notFound(reply);
    const form = { input: inputOf(entry), problems: {}, facilitators: admin.facilitators(), editing: entry.number };
    return htmlReply(reply, 200, parentFormPage(session.member, session.csrf, form));
  });

  staff.post('/staff/roster/parents/:number', { onRequest: beforeBody }, async (request, reply) => {
    const session = adminPost(request, reply);
    if (!session) return reply;
    const number = numberOf(request);
    if (!number) return notFound(reply);
    const facilitators = admin.facilitators();
    // A parent removed since the form was opened: what was typed comes back as the add form, to add them again.
    const gone = () => {
      const input = { ...parentInput(request.body), number: displayPhone(number) };
      const form = { input, problems: { number: rosterText.parentGone }, facilitators };
      return htmlReply(reply, 404, parentFormPage(session.member, session.csrf, form));
    };
    const before = admin.entry(number);
    if (!before) return gone();
    const input = { ...parentInput(request.body), number: before.number };
    const check = checkParent(input, facilitators);
    if (!check.ok) {
      const form = { input, problems: check.problems, facilitators, editing: before.number };
      return htmlReply(reply, 400, parentFormPage(session.member, session.csrf, form));
    }
    const fields = changedFields(before, check.entry);
    if (fields.length === 0) return done(reply, 'unchanged');
    const saved = admin.apply(
      { changed: [{ before, after: check.entry, fields }] },
      changedBy(session.member),
      clock(),
    );
    return saved ? done(reply, 'changed') : gone();
  });

  staff.get('/staff/roster/parents/:number/remove', async (request, reply) => {
    const session = adminPage(request, reply);
    if (!session) return reply;
    const entry = entryOf(request);
    if (!entry) return notFound(reply);
    return htmlReply(reply, 200, removePage(session.member, session.csrf, entry));
  });

  staff.post('/staff/roster/parents/:number/remove', { onRequest: beforeBody }, async (request, reply) => {
    const session = adminPost(request, reply);
    if (!session) return reply;
    const entry = entryOf(request);
    if (!entry) return notFound(reply);
    return admin.apply({ removed: [entry] }, changedBy(session.member), clock())
      ? done(reply, 'removed')
      : notFound(reply);
  });

  await rosterImportRoutes(staff, guards);
}
