import type { User } from '../webhook/types.ts';

/** The one sessionStorage key the signed-in parent lives under. */
export const SESSION_USER_KEY = 'thrive.sessionUser';

/**
 * A screen whose title names the parent (the menu's "Hello, {name}!") is
 * prerendered for no one: its h1 carries this attribute with the title in the
 * page's language, NAME_SLOT where the name goes. The page's head script
 * (src/page/locale-script.ts) writes the session parent's name into it before
 * the first paint, and hydration renders the same text.
 */
export const NAMED_TITLE_ATTRIBUTE = 'data-named-title';
export const NAME_SLOT = '{name}';

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
