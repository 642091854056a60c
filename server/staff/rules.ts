/**
 * The staff inbox's rules as pure functions: who may sign in and how often,
 * how long a session lasts, what a password and a reply may be, how a
 * thread is addressed.
 */
import { rosterNumberKey } from '../../src/shared/roster/fields.ts';
import { staffTextProblem, type StaffTextProblem } from '../../src/shared/rules/staff-text.ts';
import { isCommonPassword } from './common-passwords.ts';

const MINUTE_MS = 60_000;

/** A staff session lasts a working day at most; signing in again is cheap, a stolen cookie's life is short. */
export const SESSION_LIFETIME_MS = 12 * 60 * MINUTE_MS;
/** ...and ends sooner when nothing is asked of it for 30 minutes: a laptop left open is not left signed in. */
export const SESSION_IDLE_MS = 30 * MINUTE_MS;

/**
 * Failed sign-ins are counted per address and per address and account,
 * never per account alone (ASVS 2.2.1): failures from elsewhere never stop
 * the right password. Within FAILURE_WINDOW_MS, 5 failures for one account
 * from one address hold that pair back, 20 from one address hold the
 * address back, until the oldest leaves the window. Before any of that, an
 * address may make 10 attempts a minute, right or wrong: each costs a slow
 * hash.
 */
export const FAILURE_WINDOW_MS = 15 * MINUTE_MS;
export const FAILURES_PER_ACCOUNT_AND_ADDRESS = 5;
export const FAILURES_PER_ADDRESS = 20;
export const SIGN_IN_ATTEMPTS_PER_MINUTE = 10;

export const REPLY_MAX_LENGTH = 2000;
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;

/** One spelling per email, or undefined when it is not one. */
export function normaliseEmail(raw: string): string | undefined {
  const email = raw.trim().toLowerCase();
  return email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : undefined;
}

/** Which hold, if any, a sign-in meets, from the failures counted inside FAILURE_WINDOW_MS. */
export function signInHold(failures: { fromAddress: number; forAccountFromAddress: number }) {
  if (failures.forAccountFromAddress >= FAILURES_PER_ACCOUNT_AND_ADDRESS) return 'account-and-address';
  if (failures.fromAddress >= FAILURES_PER_ADDRESS) return 'address';
  return undefined;
}

/** A new password's problem, or undefined: long enough, not too long, not a common or guessable one. */
export function passwordProblem(password: string, account: { email?: string; name?: string } = {}): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return `The password must have at least ${PASSWORD_MIN_LENGTH} characters`;
  if (password.length > PASSWORD_MAX_LENGTH) return `The password must have at most ${PASSWORD_MAX_LENGTH} characters`;
  if (isCommonPassword(password, account)) {
    return 'This password is too common or too easy to guess: choose another (a few unrelated words work well)';
  }
  return undefined;
}

const REPLY_PROBLEMS = {
  control: 'A reply cannot contain control characters other than line breaks',
  direction: 'A reply cannot contain characters that change the direction of text, such as U+202E',
} as const satisfies Record<StaffTextProblem, string>;

export type ReplyCheck = { ok: true; text: string } | { ok: false; problem: string };

/**
 * A reply as typed in the form: line breaks made LF, trimmed, not blank, not too long, no control characters and
 * nothing that turns the direction of text (staff-text.ts).
 */
export function checkReply(raw: string): ReplyCheck {
  const text = raw.replace(/\r\n?/g, '\n').trim();
  if (text === '') return { ok: false, problem: 'Please write a reply' };
  if (text.length > REPLY_MAX_LENGTH) {
    return {
      ok: false,
      problem: `A reply must be ${REPLY_MAX_LENGTH} characters or less (this one has ${text.length})`,
    };
  }
  const wrong = staffTextProblem(text);
  if (wrong) return { ok: false, problem: REPLY_PROBLEMS[wrong] };
  return { ok: true, text };
}

/** A thread's address part: the number's digits without its plus (+919876543210 is 919876543210). */
export const threadPathOf = (numberKey: string) => numberKey.replace(/^\+/, '');

export function numberKeyOfPath(part: string): string | undefined {
  return /^[1-9][0-9]{1,14}$/.test(part) ? `+${part}` : undefined;
}

/** Conversations or requests one page of the inbox lists. */
export const INBOX_PAGE_SIZE = 50;

/** A page number from the address (1 when absent or not one). */
export function pageNumber(raw: unknown): number {
  return typeof raw === 'string' && /^[1-9][0-9]{0,5}$/.test(raw) ? Number(raw) : 1;
}

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * What a staff search looks for, as LIKE patterns (backslash-escaped): the
 * text in a name (SQLite's LIKE ignores letter case in ASCII only), and,
 * when the text is written as a number, the number: a whole one in any form
 * the roster reads (`098765 43210` is +919876543210), or else its digits in
 * a number, so `43210` finds +919876543210 and `Flood 4` finds no number
 * with a 4. Undefined for a blank search.
 */
export function searchPatterns(raw: string): { name: string; number: string } | undefined {
  const text = raw.trim().replace(/\s+/g, ' ');
  if (text === '') return undefined;
  const asNumber = /[0-9]/.test(text) && /^[0-9+\s().-]+$/.test(text);
  const digits = (rosterNumberKey(text) ?? text).replace(/[^0-9]/g, '');
  return { name: `%${likeEscaped(text)}%`, number: asNumber ? `%${digits}%` : '' };
}

/** One form of a number for staff: "+91 98765 43210" for an Indian mobile, E.164 as it is otherwise. */
export function displayPhone(numberKey: string): string {
  const indian = /^\+91([6-9][0-9]{4})([0-9]{5})$/.exec(numberKey);
  return indian ? `+91 ${indian[1]} ${indian[2]}` : numberKey;
}

/** The language a parent uses the portal in, named for staff (English when a request named none). */
export const languageName = (language: string | null | undefined) => (language === 'hi' ? 'Hindi' : 'English');

/** A line of a message for a list: its first 80 characters on one line. */
export function preview(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}
