import type { LightMyRequestResponse } from 'fastify';
import { hashSecret } from '../../server/conversation/secrets.ts';
import { STAFF_COOKIE } from '../../server/staff/routes.ts';
import { TEST_SECRET_COST, type TestPortal } from './test-portal.ts';

export const STAFF = { email: 'meera@thrive.example', name: 'Meera Nair', password: 'correct horse battery' };

/** A staff account, as `npm run staff -- add` makes one (with a light hash: tests need no slow one). */
export async function addStaff(p: Pick<TestPortal, 'db'>, member = STAFF): Promise<void> {
  const hash = await hashSecret(member.password, TEST_SECRET_COST);
  p.db
    .prepare('INSERT INTO staff (email, name, password_hash, created_at) VALUES (?, ?, ?, ?)')
    .run(member.email, member.name, hash, new Date().toISOString());
}

/** The admin role, as `npm run staff -- promote` gives it: the roster's changes are open to the account. */
export function makeAdmin(p: Pick<TestPortal, 'db'>, email = STAFF.email): void {
  p.db.prepare('UPDATE staff SET admin = 1 WHERE email = ?').run(email);
}

export const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

export function signIn(
  p: Pick<TestPortal, 'app'>,
  email: string,
  password: string,
  headers: Record<string, string> = {},
  remoteAddress = '127.0.0.1',
) {
  return p.app.inject({
    method: 'POST',
    remoteAddress,
    url: '/staff/sign-in',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: form({ email, password }),
  });
}

/** The session id a sign-in set. */
export function sessionOf(response: LightMyRequestResponse): string {
  const header = String(response.headers['set-cookie'] ?? '');
  const id = new RegExp(`${STAFF_COOKIE}=([^;]*)`).exec(header)?.[1];
  if (!id) throw new Error(`No session cookie in ${response.statusCode} ${header}`);
  return id;
}

export interface StaffSession {
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, fields: Record<string, string>, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** A form with a file input, as a browser posts it: multipart/form-data. */
  upload(
    url: string,
    fields: Record<string, string>,
    file: { field: string; name: string; content: string | Uint8Array },
  ): Promise<LightMyRequestResponse>;
  /** The CSRF token of the session's forms, read from a page. */
  csrf(): Promise<string>;
}

export async function staffSession(p: Pick<TestPortal, 'app'>, member = STAFF): Promise<StaffSession> {
  const id = sessionOf(await signIn(p, member.email, member.password));
  const cookie = `${STAFF_COOKIE}=${id}`;
  const session: StaffSession = {
    get: (url) => p.app.inject({ url, headers: { cookie } }),
    post: (url, fields, headers = {}) =>
      p.app.inject({
        method: 'POST',
        url,
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: form(fields),
      }),
    upload(url, fields, file) {
      const boundary = '----thrive-test-boundary';
      const part = (headers: string, body: string | Uint8Array) =>
        Buffer.concat([Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`), Buffer.from(body), Buffer.from('\r\n')]);
      const payload = Buffer.concat([
        ...Object.entries(fields).map(([name, value]) => part(`Content-Disposition: form-data; name="${name}"`, value)),
        part(
          `Content-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: text/csv`,
          file.content,
        ),
        Buffer.from(`--${boundary}--\r\n`),
      ]);
      return p.app.inject({
        method: 'POST',
        url,
        headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
    },
    async csrf() {
      const page = await session.get('/staff');
      const token = /name="csrf" value="([^"]+)"/.exec(page.body)?.[1];
      if (!token) throw new Error(`No CSRF token on /staff: ${page.statusCode}`);
      return token;
    },
  };
  return session;
}
