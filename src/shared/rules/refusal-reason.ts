/**
 * The reason a schema refusal gives: the first problem the contract's JSON Schema finds in a request (as Ajv
 * reports it: where, which keyword, its params) as the key of a plain-text reason a person can act on and the
 * values it quotes. Each backend words it in the parent's language: the reference server (server/webhook/
 * schema-reasons.ts) and the n8n workflow, whose "Explain refusal" bundles it (n8n/source/refusals). A reason
 * quotes little of the request (quotedOf), never its body, which may hold 10 MB of files.
 */
import { displayFileName } from './attachment.ts';
import { hasControlCharacter } from './control-characters.ts';

/** A schema problem as Ajv reports it. */
export interface SchemaProblem {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string | undefined;
}

/** What a reason may quote of the request: its action, its name, and its files' names made showable. */
export interface Quoted {
  action: unknown;
  name: unknown;
  fileNames: readonly string[];
}

export type ReasonKey =
  | 'notAnObject'
  | 'missingAction'
  | 'unknownAction'
  | 'malformedUser'
  | 'invalidPhone'
  | 'nameAndNumberRequired'
  | 'controlInName'
  | 'controlInMessage'
  | 'controlInNote'
  | 'controlInPreferredTimes'
  | 'messageTooLong'
  | 'emptyMessage'
  | 'tooManyAttachments'
  | 'invalidFileType'
  | 'emptyFile'
  | 'invalidDate'
  | 'invalidTimestamp'
  | 'nilRequestId'
  | 'invalidRequestId'
  | 'invalidLanguage'
  | 'invalidCode'
  | 'invalidCursor'
  | 'missingField'
  | 'unexpectedField'
  | 'invalid';

/** A value a reason quotes: text as it is, or the request itself, which is named in the parent's language. */
export type ReasonValue = string | { key: 'theRequest' };

export interface Reason {
  key: ReasonKey;
  values: Record<string, ReasonValue>;
}

/** What a reason quotes of a request's body. */
export function quotedOf(body: unknown): Quoted {
  const request = (typeof body === 'object' && body !== null ? body : {}) as {
    action?: unknown;
    user?: { name?: unknown } | null;
    payload?: { attachments?: unknown } | null;
  };
  const files: unknown[] = Array.isArray(request.payload?.attachments) ? request.payload.attachments : [];
  return {
    action: request.action,
    name: request.user?.name,
    fileNames: files.map((file) => {
      const name = (file as { filename?: unknown } | null)?.filename;
      return displayFileName(typeof name === 'string' ? name : '');
    }),
  };
}

const keyed = (key: ReasonKey, values: Reason['values'] = {}): Reason => ({ key, values });

/** "/payload/attachments/0" → "payload.attachments[0]", for people reading the reason. */
function located(pointer: string): ReasonValue {
  if (pointer === '') return { key: 'theRequest' };
  return pointer
    .slice(1)
    .split('/')
    .map((key, i) => (/^\d+$/.test(key) ? `[${key}]` : i === 0 ? key : `.${key}`))
    .join('');
}

/** The multi-line texts, by where they sit. */
const CONTROL_IN_TEXT: Readonly<Record<string, ReasonKey>> = {
  '/payload/message': 'controlInMessage',
  '/note': 'controlInNote',
  '/message': 'controlInMessage',
  '/preferred_times': 'controlInPreferredTimes',
};

const ATTACHMENT_FIELD = /^\/payload\/attachments\/(\d+)\/(mimetype|content)$/;

function userReason(path: string, keyword: string, { name }: Quoted): Reason | undefined {
  if (path === '/user' && keyword === 'type') return keyed('malformedUser');
  if (path === '/user/number') return keyed('invalidPhone');
  if (path !== '/user/name' || keyword === 'maxLength') return undefined;
  return typeof name === 'string' && hasControlCharacter(name)
    ? keyed('controlInName')
    : keyed('nameAndNumberRequired');
}

function attachmentReason(path: string, keyword: string, { fileNames }: Quoted): Reason | undefined {
  const [, index = '', field] = ATTACHMENT_FIELD.exec(path) ?? [];
  const filename = fileNames[Number(index)] ?? '';
  if (field === 'mimetype') return keyed('invalidFileType', { filename });
  return keyword === 'minLength' ? keyed('emptyFile', { filename }) : undefined;
}

function fieldReason(path: string, keyword: string, quoted: Quoted): Reason | undefined {
  if (path === '' && keyword === 'type') return keyed('notAnObject');
  if (path === '/action' || keyword === 'discriminator') {
    return quoted.action === undefined
      ? keyed('missingAction')
      : keyed('unknownAction', { action: String(quoted.action) });
  }
  if (path.startsWith('/user')) return userReason(path, keyword, quoted);
  const controlInText = CONTROL_IN_TEXT[path];
  if (controlInText && keyword === 'not') return keyed(controlInText);
  if (path === '/payload/message') return keyed(keyword === 'maxLength' ? 'messageTooLong' : 'emptyMessage');
  if (path === '/payload/attachments' && keyword === 'maxItems') return keyed('tooManyAttachments');
  if (ATTACHMENT_FIELD.test(path)) return attachmentReason(path, keyword, quoted);
  if (/^\/payload\/(date|start_date|end_date)$/.test(path)) return keyed('invalidDate');
  if (path === '/timestamp_ist') return keyed('invalidTimestamp');
  if (path === '/request_id') return keyed(keyword === 'not' ? 'nilRequestId' : 'invalidRequestId');
  if (path === '/language') return keyed('invalidLanguage');
  if (path === '/payload/code') return keyed('invalidCode');
  if (path === '/payload/after') return keyed('invalidCursor');
  return undefined;
}

/** The reason the first schema problem of a request gives. */
export function refusalReason({ instancePath: path, keyword, params, message }: SchemaProblem, quoted: Quoted): Reason {
  if (keyword === 'required') {
    const missing = String(params.missingProperty);
    if (`${path}/${missing}` === '/action') return keyed('missingAction');
    if (`${path}/${missing}` === '/user') return keyed('malformedUser');
    if (path === '/user') return keyed('nameAndNumberRequired');
    return keyed('missingField', { field: missing, where: located(path) });
  }
  if (keyword === 'additionalProperties') {
    return keyed('unexpectedField', { field: String(params.additionalProperty), where: located(path) });
  }
  return (
    fieldReason(path, keyword, quoted) ??
    keyed('invalid', { where: located(path), problem: message ?? 'is not allowed' })
  );
}
