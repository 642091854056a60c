/**
 * The texts the conversation sub-workflow answers with, in both languages:
 * the few keys it needs, taken from the shared answer texts, written into
 * its Answer node; and the code message its Code message node sends.
 * Templates hold `{name}` placeholders.
 */
import { codeText } from '../../../server/conversation/code-text.ts';
import { ANSWER_TEXTS, type AnswerKey } from '../../../server/contract/texts.ts';
import type { Language } from '../../../src/shared/webhook/types.ts';

export const CONVERSATION_TEXT_KEYS = [
  'notOnRosterForCode',
  'tooManyCodesForNumber',
  'tooManyCodesFromAddress',
  'codeNotSent',
  'tooManyTriesFromAddress',
  'wrongCodeOne',
  'wrongCodeMany',
  'codeEnded',
  'noCode',
  'tokenMissing',
  'tokenUnknown',
  'tokenExpired',
  'invalidCursor',
  'pushEndpointInvalid',
  'pushKeyInvalid',
  'pushAuthInvalid',
] as const satisfies readonly AnswerKey[];

export type ConversationTextKey = (typeof CONVERSATION_TEXT_KEYS)[number];

const pick = (language: Language) =>
  Object.fromEntries(CONVERSATION_TEXT_KEYS.map((key) => [key, ANSWER_TEXTS[language][key]])) as Record<
    ConversationTextKey,
    string
  >;

/** The answer texts by language, from the shared table (server/contract/texts.ts). */
export const CONVERSATION_TEXTS: Record<Language, Record<ConversationTextKey, string>> = {
  en: pick('en'),
  hi: pick('hi'),
};

/**
 * The code message (server/conversation/code-text.ts) as a template with {code} and {host}, by language: with the
 * Web OTP line for THRIVE_PORTAL_HOST, and without it when that variable is unset.
 */
export const CODE_MESSAGE_TEMPLATES: Record<'withHost' | 'withoutHost', Record<Language, string>> = {
  withHost: { en: codeText('{code}', 'en', '{host}'), hi: codeText('{code}', 'hi', '{host}') },
  withoutHost: { en: codeText('{code}', 'en', undefined), hi: codeText('{code}', 'hi', undefined) },
};
