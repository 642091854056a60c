import type { ErrorObject } from 'ajv/dist/2020.js';
import type { Language } from '../../src/shared/webhook/types.ts';
import { quotedOf, refusalReason } from '../../src/shared/rules/refusal-reason.ts';
import { answerLanguage, answerText } from '../contract/texts.ts';

/**
 * Turns the first schema violation into a plain-text reason a person can act
 * on (the shared rule, refusalReason), in the language the body names
 * (English when it names none it may).
 */
export function reasonFor(error: ErrorObject, body: unknown): string {
  const language: Language = answerLanguage(body);
  const { key, values } = refusalReason(error, quotedOf(body));
  const worded = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      typeof value === 'string' ? value : answerText(language, value.key),
    ]),
  );
  return answerText(language, key, worded);
}
