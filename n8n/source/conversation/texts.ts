/**
 * The texts the conversation sub-workflow answers with, in both languages:
 * the few keys it needs, taken from the shared answer texts, embedded once
 * in its Answer node. Templates hold `{name}` placeholders.
 */
import { codeText } from '../../../server/conversation/code-text.ts';
import { reasons } from '../../../server/webhook/messages.ts';
import type { Language } from '../../../src/shared/webhook/types.ts';

export const CONVERSATION_TEXT_KEYS = [
  'notOnRosterForCode',
  'tooManyCodesForNumber',
  'tooManyCodesFromAddress',
  'codeNotSent',
  'wrongCodeOne',
  'wrongCodeMany',
  'codeEnded',
  'noCode',
  'tokenMissing',
  'tokenUnknown',
  'tokenExpired',
  'invalidCursor',
] as const;

export type ConversationTextKey = (typeof CONVERSATION_TEXT_KEYS)[number];

const english: Record<ConversationTextKey, string> = {
  notOnRosterForCode: reasons.notOnRosterForCode,
  tooManyCodesForNumber: reasons.tooManyCodesForNumber,
  tooManyCodesFromAddress: reasons.tooManyCodesFromAddress,
  codeNotSent: reasons.codeNotSent,
  wrongCodeOne: reasons.wrongCode(1),
  wrongCodeMany: reasons.wrongCode(9).replace('9', '{left}'),
  codeEnded: reasons.codeEnded,
  noCode: reasons.noCode,
  tokenMissing: reasons.tokenMissing,
  tokenUnknown: reasons.tokenUnknown,
  tokenExpired: reasons.tokenExpired,
  invalidCursor: reasons.invalidCursor,
};

/** The answer texts by language. */
export function conversationTexts(): Record<Language, Record<ConversationTextKey, string>> {
  return { en: english, hi: english };
}

/** The code message (server/conversation/code-text.ts) as a template with {code} and {host}, by language. */
export function codeMessageTemplates(): Record<Language, string> {
  const template = (language: Language) => codeText('{code}', language, '{host}');
  return { en: template('en'), hi: template('hi') };
}
