/**
 * The staff inbox at /staff: its own entry, HTML rendered here
 * with no script, nothing the parents' app downloads. Security, point by point:
 * - the session is a random id in an HttpOnly, SameSite=Strict cookie scoped
 *   to /staff (Secure when the request came over HTTPS), stored hashed, and a
 *   new one is made at every sign-in (no fixation);
 * - every state change is a POST that must carry the session's CSRF token and,
 *   when the browser sends one, this origin's Origin header: marking a thread
 *   read too, which opening it does not do. Drawing a conversation for a
 *   signed-in staff member records one fact, that the programme has seen
 *   the parent's messages (the "Seen" a parent reads): nothing staff see
 *   changes, and nobody can make a page record it for another account;
 * - sign-in is limited per address (attempts a minute, failures) and per
 *   address and account (failures), never per account alone, so nobody can
 *   lock a facilitator out from elsewhere; emails with no account count the
 *   same way;
 * - a session ends 12 hours after sign-in, or after 30 minutes unused;
 * - only the cookie is read: a parent's bearer token opens nothing here.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { answerText } from '../contract/texts.ts';
import { sendStoredFile, fileAddress } from '../conversation/thread-file-route.ts';
import { cameOverHttps, type ProxyTrust } from '../http/proxy-trust.ts';
import { createWindowLimit } from '../http/window-limit.ts';
import { PASSWORD_COST, hashSecret, verifySecret } from '../conversation/secrets.ts';
import { STAFF_CSP } from './html.ts';
import { answerRequest, type OnOutcome } from '../requests/answer.ts';
import type { AnswerStore } from '../requests/store.ts';
import type { RosterAdmin } from '../roster/roster-admin.ts';
import type { Roster } from '../roster/roster-store.ts';
import { istTodayKey } from '../../src/shared/rules/reschedule.ts';
import { doneNotice, inboxPage, LISTS, refusedAnswerPage, type RequestCard } from './inbox-page.ts';
import { conversationPage, signInPage } from './pages.ts';
import { announcementRoutes, type AnnouncementDeps } from './announcement-routes.ts';
import { rosterRoutes } from './roster-routes.ts';
import type { Receipts } from '../conversation/receipts.ts';
import type { NoticeReach } from '../push/text-store.ts';
import {
  checkReply,
  FAILURE_WINDOW_MS,
  INBOX_PAGE_SIZE,
  normaliseEmail,
  numberKeyOfPath,
  pageNumber,
  searchPatterns,
  SESSION_IDLE_MS,
  SESSION_LIFETIME_MS,
  SIGN_IN_ATTEMPTS_PER_MINUTE,
  signInHold,
  threadPathOf,
} from './rules.ts';
import {
  REQUEST_STATUSES,
  type RequestStatusName,
  type RequestSummary,
  type StaffMember,
  type StaffStore,
} from './store.ts';

export const STAFF_COOKIE = 'thrive_staff';
const FORM_BODY_LIMIT = 64 * 1024;

export interface StaffRoutesOptions {
  store: StaffStore;
  clock: () => Date;
  trust: ProxyTrust | false;
  /** A reply was stored (its pushes were queued with it): Web Push sends them. */
  onReply?: () => void;
  /** Requests' answers and the roster, to answer a request in one step. */
  answers: AnswerStore;
  roster: Roster;
  /** The roster as staff change it (server/staff/roster-routes.ts). */
  rosterAdmin: RosterAdmin;
  /** Told of every answer to a parent's reschedule request, once it is recorded. */
  onOutcome?: OnOutcome | undefined;
  /** Read receipts: a conversation drawn for staff counts as seen; the parent's reads shown beside each reply. */
  receipts?: Receipts | undefined;
  /** How each reply and answer reached the parent (pushed, texted), by message id. */
  reach?: ((numberKey: string) => Map<number, NoticeReach>) | undefined;
  /** Announcements and session changes (server/staff/announcement-routes.ts). */
  announcements: AnnouncementDeps;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const HOLDS = {
  'account-and-address': 'Too many failed sign-ins for this email from this address. Try again in 15 minutes.',
  address: 'Too many failed sign-ins from this address. Try again in 15 minutes.',
} as const;

function cookieValue(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === STAFF_COOKIE) return rest.join('=');
  }
  return undefined;
}

function field(body: unknown, name: string): string {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** Verifying against this when the email has no account takes as long as a real check, so timing tells nothing. */
let decoyHash: Promise<string> | undefined;

const statusOf = (raw: unknown): RequestStatusName | undefined => REQUEST_STATUSES.find((status) => status === raw);

export async function staffRoutes(
  app: FastifyInstance,
  {
    store,
    clock,
    trust,
    answers,
    roster,
    rosterAdmin,
    onReply,
    onOutcome,
    announcements,
    receipts,
    reach,
  }: StaffRoutesOptions,
) {
  const tell: OnOutcome | undefined =
    onOutcome &&
    ((numberKey, requestId, outcome) => {
      const failed = (error: unknown) =>
        app.log.error({ err: error }, 'onOutcome failed for a stored answer; the answer stands');
      try {
        void Promise.resolve(onOutcome(numberKey, requestId, outcome)).catch(failed);
      } catch (error) {
        failed(error);
      }
    });
  await app.register(async (staff) => {
    // Every staff POST is a small form: the limit applies to the route, so a refusal names it (64 KB).
    staff.addHook('onRoute', (route) => {
      if (route.method === 'POST') route.bodyLimit ??= FORM_BODY_LIMIT;
    });
    staff.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    staff.addHook('onRequest', async (_request, reply) => {
      // same-origin, not the portal's no-referrer: under no-referrer a browser sends `Origin: null` with a form's POST,
      // and the Origin check below could not tell this page's forms from another site's.
      reply
        .header('content-security-policy', STAFF_CSP)
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'same-origin');
    });

    const cookie = (request: FastifyRequest, value: string, maxAgeSeconds: number) =>
      [
        `${STAFF_COOKIE}=${value}`,
        'Path=/staff',
        'HttpOnly',
        'SameSite=Strict',
        `Max-Age=${maxAgeSeconds}`,
        ...(cameOverHttps(trust, request.raw) ? ['Secure'] : []),
      ].join('; ');

    const signedIn = (request: FastifyRequest) => {
      const id = cookieValue(request);
      const session = id ? store.session(sha256(id), clock(), SESSION_IDLE_MS) : undefined;
      return session && id
        ? { member: session as StaffMember, csrf: session.csrf_token, idHash: sha256(id) }
        : undefined;
    };

    /** This origin, as the browser names it in Origin: a POST from any other page is refused. */
    const fromThisOrigin = (request: FastifyRequest) => {
      const origin = request.headers.origin;
      if (origin === undefined) return true;
      const protocol = cameOverHttps(trust, request.raw) ? 'https' : 'http';
      return origin === `${protocol}://${request.host}`;
    };

    // A page under no-referrer makes the browser send `Origin: null` with its forms' POSTs, which
    // fromThisOrigin refuses: the staff pages name their origin to themselves, and to no one else.
    const htmlReply = (reply: FastifyReply, status: number, body: string) =>
      reply.code(status).header('referrer-policy', 'same-origin').type('text/html; charset=utf-8').send(body);
    const refuse = (reply: FastifyReply) =>
      reply
        .code(403)
        .type('text/plain; charset=utf-8')
        .send('This form has expired. Go back, reload the page and try again.');

    /** A signed-in POST: the session, its CSRF token in the form, this origin. */
    const guardedPost = (request: FastifyRequest, reply: FastifyReply) => {
      const session = signedIn(request);
      if (!session) {
        void reply.redirect('/staff/sign-in', 303);
        return undefined;
      }
      if (!fromThisOrigin(request) || !sameText(field(request.body, 'csrf'), session.csrf)) {
        void refuse(reply);
        return undefined;
      }
      return session;
    };

    staff.get('/staff/sign-in', async (request, reply) => {
      if (signedIn(request)) return reply.redirect('/staff', 303);
      return htmlReply(reply, 200, signInPage());
    });

    const attempts = createWindowLimit(SIGN_IN_ATTEMPTS_PER_MINUTE, 60_000);

    staff.post('/staff/sign-in', async (request, reply) => {
      const now = clock();
      const attempt = attempts.hit(request.ip, now.getTime());
      if (!attempt.allowed) {
        return reply
          .code(429)
          .header('retry-after', String(attempt.retryAfterSeconds))
          .type('text/plain; charset=utf-8')
          .send(answerText('en', 'tooManyRequests'));
      }
      if (!fromThisOrigin(request)) return refuse(reply);
      const typed = field(request.body, 'email');
      const email = normaliseEmail(typed);
      const password = field(request.body, 'password');
      if (!email || password === '') {
        return htmlReply(reply, 400, signInPage('Enter your email and password.', typed));
      }
      const hold = signInHold(store.failures(request.ip, email, new Date(now.getTime() - FAILURE_WINDOW_MS)));
      if (hold) return htmlReply(reply, 429, signInPage(HOLDS[hold], typed));
      const member = store.member(email);
      decoyHash ??= hashSecret('decoy password', PASSWORD_COST);
      const right = await verifySecret(password, member?.password_hash ?? (await decoyHash));
      if (!member || !right) {
        store.recordFailure(request.ip, email, now);
        return htmlReply(reply, 401, signInPage('The email or password is not right.', typed));
      }
      store.clearFailures(request.ip, email);
      // Whatever session id the browser came with is dropped: a new one is made here (no session fixation).
      const previous = cookieValue(request);
      if (previous) store.endSession(sha256(previous));
      const id = randomBytes(32).toString('base64url');
      store.startSession(
        sha256(id),
        member.id,
        randomBytes(32).toString('base64url'),
        now,
        new Date(now.getTime() + SESSION_LIFETIME_MS),
      );
      return reply.header('set-cookie', cookie(request, id, SESSION_LIFETIME_MS / 1000)).redirect('/staff', 303);
    });

    staff.post('/staff/sign-out', async (request, reply) => {
      const session = guardedPost(request, reply);
      if (!session) return reply;
      store.endSession(session.idHash);
      return reply.header('set-cookie', cookie(request, '', 0)).redirect('/staff/sign-in', 303);
    });

    /** A request with what staff need to answer it. */
    const cardOf = (row: RequestSummary, today: string): RequestCard => ({
      ...row,
      answers: answers.answers(row.request_id),
      sessions: roster.byNumber(row.number_key)?.sessions ?? [],
      today,
      handled: store.handling(row.request_id),
    });

    staff.get('/staff', async (request, reply) => {
      const session = signedIn(request);
      if (!session) return reply.redirect('/staff/sign-in', 303);
      const query = request.query as Record<string, unknown>;
      const search = typeof query.q === 'string' ? query.q.trim().slice(0, 100) : '';
      const patterns = searchPatterns(search);
      const pageOf = (list: keyof typeof LISTS) => pageNumber(query[LISTS[list]]);
      const slice = (page: number) => ({
        search: patterns,
        limit: INBOX_PAGE_SIZE,
        offset: (page - 1) * INBOX_PAGE_SIZE,
      });
      const paged = <T>(page: number, found: { rows: T[]; total: number }) => ({ ...found, page });
      const status = statusOf(query.status);
      const today = istTodayKey(clock());
      const found = store.requests({ ...slice(pageOf('requests')), status });
      const cards = found.rows.map((row) => cardOf(row, today));
      const doneId = typeof query.done === 'string' ? query.done : '';
      const doneRequest = doneId ? answers.request(doneId) : undefined;
      const done =
        doneRequest &&
        (doneRequest.action === 'reschedule_single' ||
          doneRequest.action === 'reschedule_range' ||
          doneRequest.action === 'book_consult' ||
          doneRequest.action === 'schedule_call')
          ? doneNotice(
              { user_name: doneRequest.user_name, action: doneRequest.action },
              answers.answers(doneId).at(-1),
              store.handling(doneId),
              query.what === 'answer' ? 'answer' : 'mark',
            )
          : undefined;
      const view = {
        search,
        status,
        done,
        roster: paged(pageOf('roster'), store.conversations({ onRoster: true, ...slice(pageOf('roster')) })),
        others: paged(pageOf('others'), store.conversations({ onRoster: false, ...slice(pageOf('others')) })),
        requests: paged(pageOf('requests'), { rows: cards, total: found.total }),
      };
      return htmlReply(reply, 200, inboxPage(session.member, session.csrf, view));
    });

    /**
     * A number's conversation: its thread, or an empty one for a number on
     * the roster or with a request (a reply starts it); 404 for any other.
     */
    const threadOrNew = (numberKey: string) => {
      const party = store.party(numberKey);
      const thread = store.thread(numberKey);
      if (thread) return { thread, party };
      return party?.name ? { thread: { name: party.name, rows: [], files: [] }, party } : undefined;
    };

    const conversation = (
      reply: FastifyReply,
      session: { member: StaffMember; csrf: string },
      numberKey: string,
      problem?: { problem: string; text: string },
      sent = false,
    ) => {
      const found = threadOrNew(numberKey);
      if (!found) return reply.code(404).type('text/plain; charset=utf-8').send('No conversation with this number');
      // Drawing the thread for a staff member is the programme seeing it: a fact the parent's thread shows
      // ("Seen"), not a change anyone asked for; the inbox's unread count still moves only by a POST.
      receipts?.staffSaw(numberKey, clock());
      const notices = reach?.(numberKey);
      const readAt = receipts?.parentReadAt(numberKey);
      return htmlReply(
        reply,
        problem ? 400 : 200,
        conversationPage(session.member, session.csrf, numberKey, found.thread, problem, {
          party: found.party,
          sent,
          reach: (id) => ({ notice: notices?.get(id), readAt: readAt?.(id) }),
        }),
      );
    };

    staff.get('/staff/conversations/:number', async (request, reply) => {
      const session = signedIn(request);
      if (!session) return reply.redirect('/staff/sign-in', 303);
      const numberKey = numberKeyOfPath((request.params as { number: string }).number);
      if (!numberKey) return reply.code(404).type('text/plain; charset=utf-8').send('No conversation with this number');
      return conversation(reply, session, numberKey, undefined, (request.query as { sent?: unknown }).sent === '1');
    });

    staff.post('/staff/conversations/:number/replies', async (request, reply) => {
      const session = guardedPost(request, reply);
      if (!session) return reply;
      const numberKey = numberKeyOfPath((request.params as { number: string }).number);
      if (!numberKey || !threadOrNew(numberKey)) {
        return reply.code(404).type('text/plain; charset=utf-8').send('No conversation with this number');
      }
      const typed = field(request.body, 'text');
      const check = checkReply(typed);
      if (!check.ok) return conversation(reply, session, numberKey, { problem: check.problem, text: typed });
      store.reply(numberKey, session.member.name, check.text, clock());
      onReply?.();
      return reply.redirect(`/staff/conversations/${threadPathOf(numberKey)}?sent=1#latest`, 303);
    });

    // Reading is a GET and changes nothing; marking read is this POST, with the CSRF token, up to the last message the
    // page showed (`through`), so a message that arrived after the page was drawn stays unread.
    staff.post('/staff/conversations/:number/read', async (request, reply) => {
      const session = guardedPost(request, reply);
      if (!session) return reply;
      const numberKey = numberKeyOfPath((request.params as { number: string }).number);
      const thread = numberKey ? store.thread(numberKey) : undefined;
      if (!numberKey || !thread) {
        return reply.code(404).type('text/plain; charset=utf-8').send('No conversation with this number');
      }
      const through = Number(field(request.body, 'through'));
      if (!thread.rows.some((row) => row.id === through)) {
        return reply.code(400).type('text/plain; charset=utf-8').send('No such message in this conversation');
      }
      store.markRead(numberKey, through);
      return reply.redirect(`/staff/conversations/${threadPathOf(numberKey)}#latest`, 303);
    });

    staff.post('/staff/requests/:id/status', async (request, reply) => {
      const session = guardedPost(request, reply);
      if (!session) return reply;
      const status = field(request.body, 'status');
      if (status !== 'new' && status !== 'handled') {
        return reply.code(400).type('text/plain; charset=utf-8').send('The status must be new or handled');
      }
      const id = (request.params as { id: string }).id;
      if (!store.setStatus(id, status, session.member.name, clock())) {
        return reply.code(404).type('text/plain; charset=utf-8').send('No such request');
      }
      return reply.redirect(`/staff?done=${encodeURIComponent(id)}&what=mark#request-${encodeURIComponent(id)}`, 303);
    });

    // One step: Confirm, Offer another time or Decline a reschedule; a visitor request's status and note.
    staff.post('/staff/requests/:id/answer', async (request, reply) => {
      const session = guardedPost(request, reply);
      if (!session) return reply;
      const id = (request.params as { id: string }).id;
      const body = request.body;
      const form = {
        answer: field(body, 'answer'),
        day: field(body, 'day'),
        time: field(body, 'time'),
        reason: field(body, 'reason'),
        status: field(body, 'status'),
        note: field(body, 'note'),
      };
      const now = clock();
      const result = answerRequest({ answers, roster, onOutcome: tell }, id, form, session.member.name, now);
      // An answer refused is shown again as it was typed, with its problem: nothing staff wrote is lost.
      const row = !result.ok && result.status === 400 ? store.request(id) : undefined;
      if (!result.ok && row) {
        const card = cardOf(row, istTodayKey(now));
        return htmlReply(
          reply,
          400,
          refusedAnswerPage(session.member, session.csrf, card, { ...form, problem: result.problem }),
        );
      }
      if (!result.ok) return reply.code(result.status).type('text/plain; charset=utf-8').send(result.problem);
      return reply.redirect(`/staff?done=${encodeURIComponent(id)}&what=answer#request-${encodeURIComponent(id)}`, 303);
    });

    await rosterRoutes(staff, { signedIn, guardedPost, htmlReply, clock, admin: rosterAdmin });
    await announcementRoutes(staff, { signedIn, guardedPost, htmlReply, clock }, announcements);

    staff.get('/staff/thread/:id/files/:position', async (request, reply) => {
      if (!signedIn(request)) return reply.redirect('/staff/sign-in', 303);
      const address = fileAddress(request.params);
      const file = address && store.file(address.messageId, address.position);
      if (!file) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      return sendStoredFile(reply, file);
    });
  });
}
