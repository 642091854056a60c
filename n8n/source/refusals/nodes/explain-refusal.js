// Explain refusal: the schema problem the portal webhook's "Check request" found, as the plain-text reason a
// person can act on (server/webhook/schema-reasons.ts): a text key and its values, which the portal webhook's
// "Write answer" writes in the parent's language. The item holds the problem and the little of the request a
// reason quotes: the action, the name and the files as "Check request" read them (their names made showable).
import { hasControlCharacter } from '../../../../src/shared/rules/control-characters.ts';

const { schemaError, action, name: givenName, files } = $json;
const { instancePath: path, keyword, params, message } = schemaError;

const refuse = (key, values = {}) => ({ json: { status: 400, text: { key, values } } });
/** "/payload/attachments/0" → "payload.attachments[0]"; the request itself is named in the parent's language. */
const where = (pointer) =>
  pointer === ''
    ? { key: 'theRequest' }
    : pointer
        .slice(1)
        .split('/')
        .map((key, i) => (/^\d+$/.test(key) ? `[${key}]` : i === 0 ? key : `.${key}`))
        .join('');
const CONTROL_IN_TEXT = {
  '/payload/message': 'controlInMessage',
  '/note': 'controlInNote',
  '/message': 'controlInMessage',
  '/preferred_times': 'controlInPreferredTimes',
};
const ATTACHMENT_FIELD = /^\/payload\/attachments\/(\d+)\/(mimetype|content)$/;

function actionReason() {
  return action === undefined ? refuse('missingAction') : refuse('unknownAction', { action: String(action) });
}

function userReason() {
  if (path === '/user' && keyword === 'type') return refuse('malformedUser');
  if (path === '/user/number') return refuse('invalidPhone');
  if (path !== '/user/name' || keyword === 'maxLength') return undefined;
  return typeof givenName === 'string' && hasControlCharacter(givenName)
    ? refuse('controlInName')
    : refuse('nameAndNumberRequired');
}

function attachmentReason() {
  const [, index, field] = ATTACHMENT_FIELD.exec(path);
  const filename = files[Number(index)].name;
  if (field === 'mimetype') return refuse('invalidFileType', { filename });
  return keyword === 'minLength' ? refuse('emptyFile', { filename }) : undefined;
}

function fieldReason() {
  if (path === '' && keyword === 'type') return refuse('notAnObject');
  if (path === '/action' || keyword === 'discriminator') return actionReason();
  if (path.startsWith('/user')) return userReason();
  if (CONTROL_IN_TEXT[path] && keyword === 'not') return refuse(CONTROL_IN_TEXT[path]);
  if (path === '/payload/message') return refuse(keyword === 'maxLength' ? 'messageTooLong' : 'emptyMessage');
  if (path === '/payload/attachments' && keyword === 'maxItems') return refuse('tooManyAttachments');
  if (ATTACHMENT_FIELD.test(path)) return attachmentReason();
  if (/^\/payload\/(date|start_date|end_date)$/.test(path)) return refuse('invalidDate');
  if (path === '/timestamp_ist') return refuse('invalidTimestamp');
  if (path === '/request_id') return refuse(keyword === 'not' ? 'nilRequestId' : 'invalidRequestId');
  if (path === '/language') return refuse('invalidLanguage');
  if (path === '/payload/code') return refuse('invalidCode');
  if (path === '/payload/after') return refuse('invalidCursor');
  return undefined;
}

if (keyword === 'required') {
  const missing = `${path}/${params.missingProperty}`;
  if (missing === '/action') return refuse('missingAction');
  if (missing === '/user') return refuse('malformedUser');
  if (path === '/user') return refuse('nameAndNumberRequired');
  return refuse('missingField', { field: params.missingProperty, where: where(path) });
}
if (keyword === 'additionalProperties')
  return refuse('unexpectedField', { field: params.additionalProperty, where: where(path) });
return fieldReason() ?? refuse('invalid', { where: where(path), problem: message });
