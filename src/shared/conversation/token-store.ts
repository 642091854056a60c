/**
 * The device's verified phone (issue 24): the bearer token from verify_code,
 * kept in IndexedDB (not sessionStorage) so an installed app stays verified
 * between launches, for the number it was given to, until it expires or the
 * parent logs out. Storage that cannot be read reads as no token: the parent
 * is asked for a code again, nothing breaks.
 */
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { phoneKey } from '../rules/phone.ts';
import { CONVERSATION_TOKEN_DB, CONVERSATION_TOKEN_STORE } from '../storage-names.ts';

export interface SavedToken {
  token: string;
  /** The number it was given to (phone key). */
  numberKey: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

const KEY = 'token';

function isSavedToken(value: unknown): value is SavedToken {
  if (typeof value !== 'object' || value === null) return false;
  const saved = value as Record<string, unknown>;
  return typeof saved.token === 'string' && typeof saved.numberKey === 'string' && Number.isFinite(saved.expiresAt);
}

export interface TokenStore {
  /** The token for this number, if one is kept and has not expired. */
  read(number: string): Promise<string | undefined>;
  /** Keeps the token of a verify_code answer (`expires_at` as the answer gives it). */
  save(number: string, token: string, expiresAtIso: string): Promise<void>;
  clear(): Promise<void>;
}

export function createTokenStore(
  useStore: UseStore = createStore(CONVERSATION_TOKEN_DB, CONVERSATION_TOKEN_STORE),
  now: () => number = Date.now,
): TokenStore {
  return {
    async read(number) {
      const saved: unknown = await get(KEY, useStore).catch(() => undefined);
      if (!isSavedToken(saved) || saved.expiresAt <= now()) return undefined;
      return saved.numberKey === phoneKey(number) ? saved.token : undefined;
    },
    async save(number, token, expiresAtIso) {
      const numberKey = phoneKey(number);
      if (!numberKey) throw new Error('A token is kept only for a valid phone number');
      await set(KEY, { token, numberKey, expiresAt: Date.parse(expiresAtIso) } satisfies SavedToken, useStore);
    },
    clear: () => del(KEY, useStore),
  };
}
