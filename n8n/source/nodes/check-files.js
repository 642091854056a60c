// Check files: each chat attachment decoded strictly, its first bytes held to its declared type and all of them
// together to ATTACHMENTS_MAX_TOTAL_BYTES (server/webhook/attachments.ts, src/shared/rules/attachment.ts).
// Then what the claim stores: the request's record, its number as the roster keys it, and its canonical text,
// which Postgres hashes into the fingerprint a repeat is recognised by (server/webhook/fingerprint.ts).
const { envelope } = $json;
const names = $('Name files').first().json.names;
const refuse = (status, key, values) => ({ json: { status, text: { key, values } } });

const text = (head, at, length) => String.fromCharCode(...head.subarray(at, at + length));
const startsWith =
  (...bytes) =>
  (head) =>
    bytes.every((byte, i) => head[i] === byte);
const isoMedia = (head) => text(head, 4, 4) === 'ftyp';
const heif = (head) => isoMedia(head) && HEIF_BRANDS.includes(text(head, 8, 4));
const quickTime = (head) => isoMedia(head) || QUICKTIME_ATOMS.includes(text(head, 4, 4));
const webm = (head) => startsWith(0x1a, 0x45, 0xdf, 0xa3)(head) && text(head, 4, SNIFF_BYTES - 4).includes('webm');
const riff = (form) => (head) => text(head, 0, 4) === 'RIFF' && text(head, 8, 4) === form;
const mpeg = (head) =>
  text(head, 0, 3) === 'ID3' || (head[0] === 0xff && (head[1] & 0xe0) === 0xe0 && (head[1] & 0x06) !== 0);
const SIGNATURES = {
  'image/jpeg': startsWith(0xff, 0xd8, 0xff),
  'image/png': startsWith(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
  'image/webp': riff('WEBP'),
  'image/gif': (head) => ['GIF87a', 'GIF89a'].includes(text(head, 0, 6)),
  'image/heic': heif,
  'image/heif': heif,
  'video/mp4': isoMedia,
  'video/webm': webm,
  'video/quicktime': quickTime,
  'video/3gpp': isoMedia,
  'audio/mpeg': mpeg,
  'audio/mp3': mpeg,
  'audio/mp4': isoMedia,
  'audio/x-m4a': isoMedia,
  'audio/aac': (head) => head[0] === 0xff && (head[1] & 0xf6) === 0xf0,
  'audio/ogg': (head) => text(head, 0, 4) === 'OggS',
  'audio/webm': webm,
  'audio/wav': riff('WAVE'),
  'audio/x-wav': riff('WAVE'),
  'audio/wave': riff('WAVE'),
};

const files = envelope.action === 'chat_facilitator' ? envelope.payload.attachments : [];
const stored = [];
let total = 0;
for (const [i, file] of files.entries()) {
  const bytes = Buffer.from(file.content, 'base64');
  if (bytes.toString('base64') !== file.content) return refuse(400, 'invalidBase64', { file: names[i] });
  if (!SIGNATURES[file.mimetype](bytes.subarray(0, SNIFF_BYTES))) {
    return refuse(400, 'contentNotOfType', { file: names[i], type: file.mimetype });
  }
  total += bytes.length;
  if (total > ATTACHMENTS_MAX_TOTAL_BYTES) {
    return refuse(413, 'attachmentsTooLarge', { megabytes: ATTACHMENTS_MAX_TOTAL_BYTES / 1024 / 1024 });
  }
  stored.push({ filename: names[i], mimetype: file.mimetype, size: bytes.length });
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

const compact = envelope.user.number.replace(/[\s().-]/g, '');
const phoneKey = INDIAN_MOBILE.test(compact) ? `+91${compact}` : E164.test(compact) ? compact : null;
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
return { json: { envelope: { ...envelope, payload }, record, phoneKey, canonical: canonical(envelope) } };
