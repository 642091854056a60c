import type { ErrorObject } from 'ajv/dist/2020.js';
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

function fieldReason(path: string, error: ErrorObject, body: unknown): string | undefined {
  if (path === '' && error.keyword === 'type') return reasons.notAnObject;
  if (path === '/action' || error.keyword === 'discriminator') return actionReason(body);
  if (path === '/user' && error.keyword === 'type') return reasons.malformedUser;
  if (path === '/user/name' && error.keyword !== 'maxLength') return reasons.nameAndNumberRequired;
  if (path === '/user/number') return reasons.invalidPhone;
  if (path === '/payload/message') return error.keyword === 'maxLength' ? reasons.messageTooLong : reasons.emptyMessage;
  if (/^\/payload\/attachments\/\d+\/mimetype$/.test(path)) {
    return reasons.invalidFileType(String(valueAt(body, path.replace(/mimetype$/, 'filename'))));
  }
  if (/^\/payload\/(date|start_date|end_date)$/.test(path)) return reasons.invalidDate;
  if (path === '/timestamp_ist') return reasons.invalidTimestamp;
  if (path === '/request_id') return reasons.invalidRequestId;
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
