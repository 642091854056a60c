/**
 * The conversation's rules as pure functions and constants, so
 * each is unit-tested on its own and the n8n workflow can say the same in
 * SQL: a code's life and tries, the limits on asking for codes, a token's
 * life, the thread's cursor and page.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { CODE_LENGTH } from '../../src/shared/rules/code.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** A code works for 10 minutes after it is made. */
export const CODE_LIFETIME_MS = 10 * MINUTE_MS;
/**
 * The 5th wrong code from one address ends the code for that address: the
 * parent, trying from their own phone, is not held back by a stranger's
 * guesses from elsewhere.
 */
export const CODE_MAX_TRIES = 5;
/**
 * The 10th wrong code in all, from any addresses, ends it for everyone: a
 * guesser gets at most 10 tries in a million per code, and a stranger needs
 * two addresses to end a parent's code (who then asks for a new one).
 */
export const CODE_MAX_TRIES_IN_ALL = 10;
/** A verified device stays verified for 90 days, or until it signs out. */
export const TOKEN_LIFETIME_MS = 90 * DAY_MS;
/** 256 random bits: past guessing, and past the 128 the webhook contract asks of a token. */
export const TOKEN_BYTES = 32;
/** The most messages one chat_thread answer holds; `more` says when another page waits. */
export const THREAD_PAGE_SIZE = 200;

export interface RateLimit {
  max: number;
  windowMs: number;
}

/**
 * Each code costs the programme an SMS and is a chance to guess: 3 codes per
 * number in 15 minutes (a lost message and a retry, with room), 10 per
 * address in an hour (a family sharing a phone or a school's Wi-Fi).
 */
export const CODE_LIMITS: { perNumber: RateLimit; perAddress: RateLimit } = {
  perNumber: { max: 3, windowMs: 15 * MINUTE_MS },
  perAddress: { max: 10, windowMs: 60 * MINUTE_MS },
};

/** verify_code tries one address may make in an hour, whatever the numbers: a bound on guessing across parents. */
export const CODE_TRIES_PER_ADDRESS: RateLimit = { max: 30, windowMs: 60 * MINUTE_MS };

/** A code request, or a try, is kept for its rate limits only, and those look back at most this far. */
export const CODE_REQUEST_KEPT_MS = DAY_MS;

/** Six random digits, leading zeros kept, from the operating system's generator. */
export function makeCode(random: (max: number) => number = (max) => randomInt(max)): string {
  return String(random(10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
}

export const expiresAt = (now: Date, lifetimeMs: number) => new Date(now.getTime() + lifetimeMs);

export const isExpired = (expiresAtIso: string, now: Date) => Date.parse(expiresAtIso) <= now.getTime();

/**
 * Over a sliding window: `times` are the earlier requests inside it, oldest
 * first. Allowed while fewer than `max`; otherwise the seconds until the
 * oldest leaves the window.
 */
export function rateVerdict(
  times: readonly string[],
  limit: RateLimit,
  now: Date,
): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
  const inWindow = times.filter((time) => Date.parse(time) > now.getTime() - limit.windowMs);
  if (inWindow.length < limit.max) return { allowed: true };
  const oldest = Date.parse(inWindow[0] ?? now.toISOString());
  return {
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((oldest + limit.windowMs - now.getTime()) / 1000)),
  };
}

/**
 * What a wrong code leaves, counting this one: the fewer of the tries left
 * from this address and in all; none means the code is over for this
 * address (`here`) or for everyone (`inAll`).
 */
export function triesLeft(fromHere: number, inAll: number): { left: number; endsForAll: boolean } {
  const forAll = Math.max(0, CODE_MAX_TRIES_IN_ALL - inAll);
  return { left: Math.min(Math.max(0, CODE_MAX_TRIES - fromHere), forAll), endsForAll: forAll === 0 };
}

/** A new bearer token: base64url, 43 characters. */
export function newToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/**
 * What is stored of a token: its SHA-256, enough for 256 random bits (a
 * slow hash protects guessable secrets; a token is not one), and a look-up.
 */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** RFC 6750's token68, bounded. */
export const BEARER = /^Bearer +([A-Za-z0-9._~+/-]{1,200}=*) *$/i;

/** The token of an `Authorization: Bearer …` header, or undefined when there is none or it is not one. */
export function bearerToken(header: string | undefined): string | undefined {
  return header ? BEARER.exec(header)?.[1] : undefined;
}

/** The reference server's cursors are message ids: a decimal number, 0 for "from the start". */
export const CURSOR = /^(0|[1-9][0-9]{0,14})$/;

/** The message id after which to read, or undefined when the text is not a cursor this server gave. */
export function readCursor(after: string | undefined): number | undefined {
  if (after === undefined) return 0;
  return CURSOR.test(after) ? Number(after) : undefined;
}

/** The cursor of a page: its last message's id, or the one asked with when nothing is new. */
export function nextCursor(after: number, ids: readonly number[]): string {
  return String(ids.at(-1) ?? after);
}
