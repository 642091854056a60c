/**
 * Who may do what with the roster: any signed-in staff member reads it, an
 * admin (`npm run staff -- add --admin` or `promote`) changes it. The
 * session, CSRF and origin checks are server/staff/routes.ts's, handed in;
 * the admin role is read from the database at every request, so a promotion
 * or demotion holds at once.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RosterAdmin } from '../roster/roster-admin.ts';
import type { StaffMember } from './store.ts';

export interface StaffSession {
  member: StaffMember;
  csrf: string;
}

/** What every staff page has from server/staff/routes.ts: who is signed in, a guarded POST, an HTML answer. */
export interface StaffGuards {
  signedIn(request: FastifyRequest): StaffSession | undefined;
  /** The session of a POST with its CSRF token from this origin; otherwise it has answered (sign-in or 403). */
  guardedPost(request: FastifyRequest, reply: FastifyReply): StaffSession | undefined;
  htmlReply(reply: FastifyReply, status: number, body: string): FastifyReply;
  clock: () => Date;
  admin: RosterAdmin;
}

export const ADMIN_ONLY = 'Only staff with the admin role can change the roster: an admin can promote your account.';

/** How a change is recorded: the staff member's name and email. */
export const changedBy = (member: StaffMember) => `${member.name} <${member.email}>`;

export type AdminGate = (request: FastifyRequest, reply: FastifyReply) => StaffSession | undefined;

export interface AdminGates {
  /** A signed-in admin's page; anyone else is sent to sign in, or refused (403). */
  page: AdminGate;
  /**
   * Every roster-changing POST's onRequest hook: the same gate, before the body is read, so an upload from
   * anyone else is refused (403) whatever its size or shape, and never read.
   */
  beforeBody: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;
  /** A guarded POST (session, CSRF token, origin) by an admin, once the body is read. */
  post: AdminGate;
}

export function adminGates({ signedIn, guardedPost, admin }: StaffGuards): AdminGates {
  const forbidden = (reply: FastifyReply) => reply.code(403).type('text/plain; charset=utf-8').send(ADMIN_ONLY);
  const page: AdminGate = (request, reply) => {
    const session = signedIn(request);
    if (!session) void reply.redirect('/staff/sign-in', 303);
    else if (!admin.isAdmin(session.member.id)) void forbidden(reply);
    else return session;
    return undefined;
  };
  return {
    page,
    async beforeBody(request, reply) {
      return page(request, reply) ? undefined : reply;
    },
    post(request, reply) {
      const session = guardedPost(request, reply);
      if (session && !admin.isAdmin(session.member.id)) {
        void forbidden(reply);
        return undefined;
      }
      return session;
    },
  };
}
