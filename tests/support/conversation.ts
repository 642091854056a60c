import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { User } from '../../src/shared/webhook/types.ts';
import type { CodeRecorder } from './code-recorder.ts';
import type { TestPortal } from './test-portal.ts';

/** The test roster's second parent (server/roster.test.json). */
export const QUIET_PARENT: User = { name: 'Quiet Parent', number: '9000000002' };

export const asBearer = (token: string): Partial<InjectOptions> => ({
  headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
});

export const requestCode = (p: TestPortal, user: User, extra: Record<string, unknown> = {}) =>
  p.post({ action: 'request_code', user, ...extra });

export const verifyCode = (p: TestPortal, user: User, code: string) =>
  p.post({ action: 'verify_code', user, payload: { code } });

export const chatThread = (p: TestPortal, token: string | undefined, after?: string): Promise<LightMyRequestResponse> =>
  p.post(
    { action: 'chat_thread', ...(after === undefined ? {} : { payload: { after } }) },
    token === undefined ? {} : asBearer(token),
  );

/** The whole code flow, the code read from the gateway recorder: the parent's bearer token. */
export async function verifiedToken(p: TestPortal, codes: CodeRecorder, user: User): Promise<string> {
  const asked = await requestCode(p, user);
  if (asked.statusCode !== 200) throw new Error(`request_code: ${asked.statusCode} ${asked.body}`);
  const { code } = await codes.nextCode(`+91${user.number.slice(-10)}`);
  const verified = await verifyCode(p, user, code);
  if (verified.statusCode !== 200) throw new Error(`verify_code: ${verified.statusCode} ${verified.body}`);
  return (verified.json() as { token: string }).token;
}
