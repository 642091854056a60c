import { SESSION_USER_KEY } from '../../../src/shared/session/session-user.ts';

/** The parent this tab keeps signed in, as sign-in wrote them to sessionStorage; null for nobody. */
export function savedParent(): unknown {
  const raw = sessionStorage.getItem(SESSION_USER_KEY);
  return raw === null ? null : (JSON.parse(raw) as unknown);
}
