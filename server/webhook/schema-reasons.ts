import type { ErrorObject } from 'ajv/dist/2020.js';
import { displayFileName } from '../../src/shared/rules/attachment.ts';
import { hasControlCharacter } from '../../src/shared/rules/control-characters.ts';
import { reasons } from './messages.ts';

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
function where(pointer: string): string {
  if (pointer === '') return 'the request';
  return pointer
    .slice(1)
    .split('/')
    .map((key, i) => (/^\d+$/.test(key) ? `[${key}]` : i === 0 ? key : `.${key}`))
    .join('');
}

function actionReason(body: unknown): string {
  const action = valueAt(body, '/action');
  return action === undefined ? reasons.missingAction : reasons.unknownAction(String(action));
}

/** The multi-line texts, by where they sit, as the refusal names them. */
const TEXT_FIELDS: Record<string, string> = {
  '/payload/message': reasons.controlInMessage,
  '/note': reasons.controlInNote,
  '/message': reasons.controlInMessage,
  '/preferred_times': reasons.controlInPreferredTimes,
};

const ATTACHMENT_FIELD = /^\/payload\/attachments\/\d+\/(mimetype|content)$/;

function attachmentReason(path: string, error: ErrorObject, body: unknown): string | undefined {
  const name = valueAt(body, path.replace(ATTACHMENT_FIELD.exec(path)?.[1] ?? '', 'filename'));
  const shown = displayFileName(typeof name === 'string' ? name : '');
  if (path.endsWith('/mimetype')) return reasons.invalidFileType(shown);
  return error.keyword === 'minLength' ? reasons.emptyFile(shown) : undefined;
}

function userReason(path: string, error: ErrorObject, body: unknown): string | undefined {
  if (path === '/user' && error.keyword === 'type') return reasons.malformedUser;
  if (path === '/user/number') return reasons.invalidPhone;
  if (path !== '/user/name' || error.keyword === 'maxLength') return undefined;
  const name = valueAt(body, path);
  return typeof name === 'string' && hasControlCharacter(name) ? reasons.controlInName : reasons.nameAndNumberRequired;
}

function fieldReason(path: string, error: ErrorObject, body: unknown): string | undefined {
  if (path === '' && error.keyword === 'type') return reasons.notAnObject;
  if (path === '/action' || error.keyword === 'discriminator') return actionReason(body);
  if (path.startsWith('/user')) return userReason(path, error, body);
  const controlInText = TEXT_FIELDS[path];
  if (controlInText && error.keyword === 'not') return controlInText;
  if (path === '/payload/message') return error.keyword === 'maxLength' ? reasons.messageTooLong : reasons.emptyMessage;
  if (path === '/payload/attachments' && error.keyword === 'maxItems') return reasons.tooManyAttachments;
  if (ATTACHMENT_FIELD.test(path)) return attachmentReason(path, error, body);
  if (/^\/payload\/(date|start_date|end_date)$/.test(path)) return reasons.invalidDate;
  if (path === '/timestamp_ist') return reasons.invalidTimestamp;
  if (path === '/request_id') return error.keyword === 'not' ? reasons.nilRequestId : reasons.invalidRequestId;
  if (path === '/language') return reasons.invalidLanguage;
  if (path === '/payload/code') return reasons.invalidCode;
  if (path === '/payload/after') return reasons.invalidCursor;
  return undefined;
}

/** Turns the first schema violation into a plain-text reason a person can act on. */
export function reasonFor(error: ErrorObject, body: unknown): string {
  const path = error.instancePath;
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') {
    const missing = String(params.missingProperty);
    const missingPath = `${path}/${missing}`;
    if (missingPath === '/action') return reasons.missingAction;
    if (missingPath === '/user') return reasons.malformedUser;
    if (path === '/user') return reasons.nameAndNumberRequired;
    return reasons.missingField(missing, where(path));
  }
  if (error.keyword === 'additionalProperties') {
    return reasons.unexpectedField(String(params.additionalProperty), where(path));
  }
  return fieldReason(path, error, body) ?? reasons.invalid(where(path), error.message ?? 'is not allowed');
}
