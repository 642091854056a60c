// Check files: a chat's attachments as "Read files" found them, refused in the reference server's order
// (server/webhook/attachments.ts): content that does not decode or is not of its type (named as sent), then all
// of them together over ATTACHMENTS_MAX_TOTAL_BYTES; each kept under its name with its type's extension. Then
// what the claim stores: the request's record, its number as the roster keys it (phoneKey), and its canonical
// text, which Postgres hashes into the fingerprint a repeat is recognised by (server/webhook/fingerprint.ts). An
// action may leave an empty payload out (stored and compared as {}); request_id is one id in any case.
import { ATTACHMENTS_MAX_TOTAL_BYTES } from '../../../../src/shared/rules/attachment.ts';
import { phoneKey } from '../../../../src/shared/rules/phone.ts';

const envelope = { ...$json.envelope, payload: $json.envelope.payload ?? {} };
// list_requests carries no request_id: it is asked, not stored.
if (envelope.request_id) envelope.request_id = envelope.request_id.toLowerCase();
const read = $('Read files').first().json.files;
const refuse = (status, key, values = {}) => ({ json: { status, text: { key, values } } });

const files = envelope.action === 'chat_facilitator' ? envelope.payload.attachments : [];
const stored = [];
let total = 0;
for (const [i, file] of files.entries()) {
  const { name: filename, typedName, size, problem } = read[i];
  if (problem) return refuse(400, problem, { filename, mimetype: file.mimetype });
  total += size;
  if (total > ATTACHMENTS_MAX_TOTAL_BYTES) return refuse(413, 'attachmentsTooLarge');
  // Its content is of its type now, so it keeps the name with that type's extension.
  stored.push({ filename: typedName, mimetype: file.mimetype, size });
}

/** JSON with keys in sorted order, so the same request always reads the same (file contents included). */
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const keys = Object.keys(value)
    .filter((key) => value[key] !== undefined)
    .sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(',')}}`;
}

const payload =
  envelope.action === 'chat_facilitator'
    ? { message: envelope.payload.message, attachments: stored }
    : envelope.payload;
const record = {
  request_id: envelope.request_id,
  action: envelope.action,
  user_name: envelope.user.name,
  user_number: envelope.user.number,
  payload,
  note: envelope.note ?? null,
  message: envelope.message ?? null,
  preferred_times: envelope.preferred_times ?? null,
  language: envelope.language ?? null,
  timestamp_ist: envelope.timestamp_ist,
};
const key = phoneKey(envelope.user.number) ?? null;
return { json: { envelope: { ...envelope, payload }, record, phoneKey: key, canonical: canonical(envelope) } };
