// Name files: each attachment's name as a person may read it, never as a path (src/shared/rules/attachment.ts):
// the last path part, without control or bidi-override characters, at most FILE_NAME_MAX_LENGTH characters.
// The refusals that name a file and the chat's record and Slack upload all use these names.
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

const files = $('Webhook').first().json.body?.payload?.attachments;
const names = Array.isArray(files)
  ? files.map((file) => displayFileName(typeof file?.filename === 'string' ? file.filename : ''))
  : [];
return { json: { names } };
