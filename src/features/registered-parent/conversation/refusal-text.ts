/**
 * What the verification and the thread say when the webhook refuses. In
 * English, the server's own words, as every screen of the portal shows them;
 * the reference server answers in English only, so a Hindi screen says the
 * same in its own words, chosen by the status (and the tries left, read
 * from the server's text).
 */
import type { Locale } from '../../../shared/i18n/locale.ts';
import { failureText, isWebhookError } from '../../../shared/webhook/errors.ts';
import type { RegisteredParentMessages } from '../messages.ts';

type Texts = RegisteredParentMessages['conversation'];

export type RefusedStep = 'request_code' | 'verify_code' | 'chat_thread';

const TRIES_LEFT = /\b(\d+) tr(?:y|ies) left\b/;

function ownWords(step: RefusedStep, status: number, serverText: string, t: Texts): string {
  if (step === 'request_code') {
    if (status === 404) return t.notOnRoster;
    if (status === 429) return t.tooManyCodes;
    return t.codeFailed;
  }
  if (step === 'verify_code') {
    if (status === 400) return t.codeFormat;
    const tries = TRIES_LEFT.exec(serverText)?.[1];
    if (status === 401 && tries !== undefined) return t.triesLeft(Number(tries));
    if (status === 410) return t.codeEnded;
    if (status === 429) return t.tooManyCodes;
    return t.verifyFailed;
  }
  return status === 401 ? t.notVerified : t.fetchFailed;
}

const FALLBACK: Record<RefusedStep, (t: Texts) => string> = {
  request_code: (t) => t.codeFailed,
  verify_code: (t) => t.verifyFailed,
  chat_thread: (t) => t.fetchFailed,
};

export function refusalText(step: RefusedStep, error: unknown, t: Texts, locale: Locale): string {
  if (!isWebhookError(error) || error.kind !== 'http' || error.status === undefined) return FALLBACK[step](t);
  if (locale === 'en') return failureText(error, FALLBACK[step](t));
  return ownWords(step, error.status, error.message, t);
}
