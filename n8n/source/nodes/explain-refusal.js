// Explain refusal: the schema problem "Check request" found, as the plain-text reason a person can act on
// (server/webhook/schema-reasons.ts): a text key and its values, written in the parent's language by "Write answer".
const body = $('Webhook').first().json.body;
const names = $('Name files').first().json.names;
const { instancePath: path, keyword, params, message } = $json.schemaError;

const refuse = (key, values = {}) => ({ json: { status: 400, text: { key, values } } });
const valueAt = (pointer) =>
  pointer
    .split('/')
    .slice(1)
    .reduce((node, key) => (typeof node === 'object' && node !== null ? node[key] : undefined), body);
/** "/payload/attachments/0" → "payload.attachments[0]". */
const where = (pointer) =>
  pointer === ''
    ? 'the request'
    : pointer
        .slice(1)
        .split('/')
        .map((key, i) => (/^\d+$/.test(key) ? `[${key}]` : i === 0 ? key : `.${key}`))
        .join('');
const TEXT_FIELDS = {
  '/payload/message': 'The message',
  '/note': 'The note',
  '/message': 'The message',
  '/preferred_times': 'The preferred times',
};
const ATTACHMENT_FIELD = /^\/payload\/attachments\/(\d+)\/(mimetype|content)$/;

function actionReason() {
  const action = valueAt('/action');
  return action === undefined ? refuse('missingAction') : refuse('unknownAction', { action: String(action) });
}

function userReason() {
  if (path === '/user' && keyword === 'type') return refuse('malformedUser');
  if (path === '/user/number') return refuse('invalidPhone');
  if (path !== '/user/name' || keyword === 'maxLength') return undefined;
  const name = valueAt(path);
  return typeof name === 'string' && ANY_CONTROL.test(name) ? refuse('controlInName') : refuse('nameAndNumberRequired');
}

function attachmentReason() {
  const [, index, field] = ATTACHMENT_FIELD.exec(path);
  const file = names[Number(index)];
  if (field === 'mimetype') return refuse('invalidFileType', { file });
  return keyword === 'minLength' ? refuse('emptyFile', { file }) : undefined;
}

function fieldReason() {
  if (path === '' && keyword === 'type') return refuse('notAnObject');
  if (path === '/action' || keyword === 'discriminator') return actionReason();
  if (path.startsWith('/user')) return userReason();
  if (TEXT_FIELDS[path] && keyword === 'not') return refuse('controlInText', { field: TEXT_FIELDS[path] });
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
