/**
 * The staff inbox's rules as pure functions: who may sign in and
 * when an account locks, what a reply may hold, how a thread is addressed.
 */
import { hasControlCharacterBesidesLineBreaks } from '../../src/shared/rules/control-characters.ts';

const MINUTE_MS = 60_000;

/** A staff session lasts a working day; signing in again is cheap, a stolen cookie's life is short. */
export const SESSION_LIFETIME_MS = 12 * 60 * MINUTE_MS;
/** 5 failed sign-ins for one email in 15 minutes lock it until the oldest is 15 minutes old. */
export const LOCK_AFTER_FAILURES = 5;
export const LOCK_WINDOW_MS = 15 * MINUTE_MS;
/** Sign-in attempts per address per minute, whatever the email. */
export const SIGN_IN_ATTEMPTS_PER_MINUTE = 10;

export const REPLY_MAX_LENGTH = 2000;
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;

/** One spelling per email, or undefined when it is not one. */
export function normaliseEmail(raw: string): string | undefined {
  const email = raw.trim().toLowerCase();
  return email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : undefined;
}

export function isLocked(recentFailures: number): boolean {
  return recentFailures >= LOCK_AFTER_FAILURES;
}

export function passwordProblem(password: string): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return `The password must have at least ${PASSWORD_MIN_LENGTH} characters`;
  if (password.length > PASSWORD_MAX_LENGTH) return `The password must have at most ${PASSWORD_MAX_LENGTH} characters`;
  return undefined;
}

export type ReplyCheck = { ok: true; text: string } | { ok: false; problem: string };

/** A reply as typed in the form: line breaks made LF, trimmed, not blank, not too long, no control characters. */
export function checkReply(raw: string): ReplyCheck {
  const text = raw.replace(/\r\n?/g, '\n').trim();
  if (text === '') return { ok: false, problem: 'Please write a reply' };
  if (text.length > REPLY_MAX_LENGTH) {
    return {
      ok: false,
      problem: `A reply must be ${REPLY_MAX_LENGTH} characters or less (this one has ${text.length})`,
    };
  }
  if (hasControlCharacterBesidesLineBreaks(text)) {
    return { ok: false, problem: 'A reply cannot contain control characters other than line breaks' };
  }
  return { ok: true, text };
}

/** A thread's address part: the number's digits without its plus (+919876543210 is 919876543210). */
export const threadPathOf = (numberKey: string) => numberKey.replace(/^\+/, '');

export function numberKeyOfPath(part: string): string | undefined {
  return /^[1-9][0-9]{1,14}$/.test(part) ? `+${part}` : undefined;
}
