// Read files: each chat attachment's name as a person may read it, never as a path (the last path part, without
// control or bidi-override characters, at most FILE_NAME_MAX_LENGTH characters), and its content decoded strictly
// and held to its declared type by its first bytes (src/shared/rules/attachment.ts). Refusals that name a file,
// "Check files" and the Slack upload all read what this finds.
const UNSHOWABLE = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/gu;
const EXTENSION = /\.[^.\s]{1,10}$/u;

function displayFileName(raw) {
  const base = raw.slice(Math.max(raw.lastIndexOf('/'), raw.lastIndexOf('\\')) + 1);
  const name = base.replace(UNSHOWABLE, '').trim();
  if (name === '' || name === '.' || name === '..') return 'attachment';
  const chars = Array.from(name);
  if (chars.length <= FILE_NAME_MAX_LENGTH) return name;
  const extension = EXTENSION.exec(name)?.[0] ?? '';
  const kept = chars.slice(0, FILE_NAME_MAX_LENGTH - Array.from(extension).length - 1).join('');
  return `${kept.trimEnd()}…${extension}`;
}

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

const attachments = $('Webhook').first().json.body?.payload?.attachments;
const files = (Array.isArray(attachments) ? attachments : []).map((file) => {
  const name = displayFileName(typeof file?.filename === 'string' ? file.filename : '');
  if (typeof file?.content !== 'string') return { name };
  const bytes = Buffer.from(file.content, 'base64');
  if (bytes.toString('base64') !== file.content) return { name, problem: 'invalidBase64' };
  const fits = SIGNATURES[file.mimetype]?.(bytes.subarray(0, SNIFF_BYTES)) ?? false;
  return { name, size: bytes.length, problem: fits ? null : 'contentNotOfType' };
});
return { json: { files } };
