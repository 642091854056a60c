import type { Language } from '../../src/shared/webhook/types.ts';
import { answerText } from '../contract/texts.ts';
import type { Outcome } from '../http/outcome.ts';
import { bearerToken, isExpired, tokenHash } from './policy.ts';
import type { ConversationStore } from './store.ts';

export type ParentAuth = { ok: true; numberKey: string; hash: string } | { ok: false; refusal: Outcome };

const REALM = 'Bearer realm="thrive"';

const unauthorized = (text: string, error?: 'invalid_token'): Outcome => ({
  status: 401,
  text,
  headers: { 'www-authenticate': error ? `${REALM}, error="${error}"` : REALM },
});

/**
 * Who an `Authorization: Bearer` header speaks for: the number its token was
 * given to, while the token lives. The token itself is never stored, only
 * its hash; an expired one is removed as it is met. A refusal is in `language`.
 */
export function authenticateParent(
  store: ConversationStore,
  header: string | undefined,
  now: Date,
  language: Language,
): ParentAuth {
  const token = bearerToken(header);
  if (!token) return { ok: false, refusal: unauthorized(answerText(language, 'tokenMissing')) };
  const hash = tokenHash(token);
  const row = store.findToken(hash);
  if (!row) return { ok: false, refusal: unauthorized(answerText(language, 'tokenUnknown'), 'invalid_token') };
  if (isExpired(row.expires_at, now)) {
    store.revokeToken(hash);
    return { ok: false, refusal: unauthorized(answerText(language, 'tokenExpired'), 'invalid_token') };
  }
  return { ok: true, numberKey: row.number_key, hash };
}

/**
 * Whether a request comes from a device verified for this number: it
 * carries a live bearer token given to that number. A missing, unknown,
 * expired or another number's token only says no: sending never needs one.
 */
export function fromVerifiedDevice(
  store: ConversationStore,
  header: string | undefined,
  now: Date,
  numberKey: string,
): boolean {
  if (!header) return false;
  const auth = authenticateParent(store, header, now, 'en');
  return auth.ok && auth.numberKey === numberKey;
}
