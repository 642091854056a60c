import type { User } from '../webhook/types.ts';

/** The one sessionStorage key the signed-in parent lives under. */
export const SESSION_USER_KEY = 'thrive.sessionUser';

/** The part of the Web Storage API this module needs, so it can be tested without a DOM. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The saved parent, or null; a corrupt or partial value reads as no parent. */
export function readSessionUser(storage: KeyValueStorage): User | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage.getItem(SESSION_USER_KEY) ?? 'null');
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { name, number } = parsed as Record<string, unknown>;
  if (typeof name !== 'string' || typeof number !== 'string') return null;
  if (!name.trim() || !number.trim()) return null;
  return { name, number };
}

export function saveSessionUser(storage: KeyValueStorage, user: User): User {
  const trimmed = { name: user.name.trim(), number: user.number.trim() };
  storage.setItem(SESSION_USER_KEY, JSON.stringify(trimmed));
  return trimmed;
}

export function clearSessionUser(storage: KeyValueStorage): void {
  storage.removeItem(SESSION_USER_KEY);
}
