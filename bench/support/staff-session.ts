/**
 * A staff member for the benches that drive /staff: written into the
 * database before the server starts (a cheap scrypt cost: the benches time
 * pushes, not sign-ins), then signed in over HTTP for the session cookie
 * and the CSRF token every staff POST needs.
 */
import { hashSecret } from '../../server/conversation/secrets.ts';
import type { Db } from '../../server/db/database.ts';
import { STAFF_COOKIE } from '../../server/staff/routes.ts';

const STAFF = { email: 'bench@thrive.example', name: 'Meera Nair', password: 'bench password, long enough' };

export async function addBenchStaff(db: Db, now: Date): Promise<void> {
  const hash = await hashSecret(STAFF.password, { N: 1024, r: 8, p: 1 });
  db.prepare('INSERT INTO staff (email, name, password_hash, created_at) VALUES (?, ?, ?, ?)').run(
    STAFF.email,
    STAFF.name,
    hash,
    now.toISOString(),
  );
}

export interface BenchStaff {
  /** POSTs a /staff form as the signed-in member, its CSRF token added; the answer (redirects not followed). */
  post(path: string, fields: Record<string, string>): Promise<Response>;
}

export async function signInBenchStaff(serverUrl: string): Promise<BenchStaff> {
  const signIn = await fetch(`${serverUrl}/staff/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: STAFF.email, password: STAFF.password }).toString(),
  });
  const cookie = new RegExp(`${STAFF_COOKIE}=[^;]*`).exec(signIn.headers.get('set-cookie') ?? '')?.[0] ?? '';
  const page = await (await fetch(`${serverUrl}/staff`, { headers: { cookie } })).text();
  const csrf = /name="csrf" value="([^"]+)"/.exec(page)?.[1];
  if (!csrf) throw new Error(`Staff sign-in failed: ${signIn.status}`);
  return {
    post: (path, fields) =>
      fetch(`${serverUrl}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ csrf, ...fields }).toString(),
      }),
  };
}
