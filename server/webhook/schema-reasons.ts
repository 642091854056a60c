import type { ErrorObject } from 'ajv/dist/2020.js';
import { displayFileName } from '../../src/shared/rules/attachment.ts';
import { hasControlCharacter } from '../../src/shared/rules/control-characters.ts';
import type { Language } from '../../src/shared/webhook/types.ts';
import { answerLanguage, answerText, type AnswerKey } from '../contract/texts.ts';

/** The value a JSON pointer such as /payload/attachments/0 points at. */
function valueAt(body: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .reduce<unknown>(
      (node, key) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined),
      body,
    );
}

/** "/payload/attachments/0" → "payload.attachments[0]", for people reading the reason. */
function where(pointer: string, language: Language): string {
  if (pointer === '') return answerText(language, 'theRequest');
  return pointer
    .slice(1)
    .split('/')
    .map((key, i) => (/^\d+$/.test(key) ? `[${key}]` : i === 0 ? key : `.${key}`))
    .join('');
}

/** One refusal being worded: the body it is about and the language it is answered in. */
interface Refusal {
  body: unknown;
  language: Language;
  text: (key: AnswerKey, values?: Record<string, string | number>) => string;
}

function actionReason({ body, text }: Refusal): string {
  const action = valueAt(body, '/action');
  return action === undefined ? text('missingAction') : text('unknownAction', { action: String(action) });
}

/** The multi-line texts, by where they sit. */
const CONTROL_IN_TEXT: Record<string, AnswerKey> = {
  '/payload/message': 'controlInMessage',
  '/note': 'controlInNote',
  '/message': 'controlInMessage',
  '/preferred_times': 'controlInPreferredTimes',
};

const ATTACHMENT_FIELD = /^\/payload\/attachments\/\d+\/(mimetype|content)$/;

function attachmentReason(path: string, error: ErrorObject, { body, text }: Refusal): string | undefined {
  const name = valueAt(body, path.replace(ATTACHMENT_FIELD.exec(path)?.[1] ?? '', 'filename'));
  const filename = displayFileName(typeof name === 'string' ? name : '');
  if (path.endsWith('/mimetype')) return text('invalidFileType', { filename });
  return error.keyword === 'minLength' ? text('emptyFile', { filename }) : undefined;
}

function userReason(path: string, error: ErrorObject, { body, text }: Refusal): string | undefined {
  if (path === '/user' && error.keyword === 'type') return text('malformedUser');
  if (path === '/user/number') return text('invalidPhone');
  if (path !== '/user/name' || error.keyword === 'maxLength') return undefined;
  const name = valueAt(body, path);
  return typeof name === 'string' && hasControlCharacter(name) ? text('controlInName') : text('nameAndNumberRequired');
}

function fieldReason(path: string, error: ErrorObject, refusal: Refusal): string | undefined {
  const { text } = refusal;
  if (path === '' && error.keyword === 'type') return text('notAnObject');
  if (path === '/action' || error.keyword === 'discriminator') return actionReason(refusal);
  if (path.startsWith('/user')) return userReason(path, error, refusal);
  const controlInText = CONTROL_IN_TEXT[path];
  if (controlInText && error.keyword === 'not') return text(controlInText);
  if (path === '/payload/message') return text(error.keyword === 'maxLength' ? 'messageTooLong' : 'emptyMessage');
  if (path === '/payload/attachments' && error.keyword === 'maxItems') return text('tooManyAttachments');
  if (ATTACHMENT_FIELD.test(path)) return attachmentReason(path, error, refusal);
  if (/^\/payload\/(date|start_date|end_date)$/.test(path)) return text('invalidDate');
  if (path === '/timestamp_ist') return text('invalidTimestamp');
  if (path === '/request_id') return text(error.keyword === 'not' ? 'nilRequestId' : 'invalidRequestId');
  if (path === '/language') return text('invalidLanguage');
  if (path === '/payload/code') return text('invalidCode');
  if (path === '/payload/after') return text('invalidCursor');
  return undefined;
}

/**
 * Turns the first schema violation into a plain-text reason a person can act
 * on, in the language the body names (English when it names none it may).
 */
export function reasonFor(error: ErrorObject, body: unknown): string {
  const language = answerLanguage(body);
  const refusal: Refusal = { body, language, text: (key, values) => answerText(language, key, values) };
  const { text } = refusal;
  const path = error.instancePath;
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') {
    const missing = String(params.missingProperty);
    const missingPath = `${path}/${missing}`;
    if (missingPath === '/action') return text('missingAction');
    if (missingPath === '/user') return text('malformedUser');
    if (path === '/user') return text('nameAndNumberRequired');
    return text('missingField', { field: missing, where: where(path, language) });
  }
  if (error.keyword === 'additionalProperties') {
    return text('unexpectedField', { field: String(params.additionalProperty), where: where(path, language) });
  }
  const problem = error.message ?? 'is not allowed';
  return fieldReason(path, error, refusal) ?? text('invalid', { where: where(path, language), problem });
}
