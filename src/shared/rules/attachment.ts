/**
 * What a chat attachment may be: how many, how large in all, which types,
 * and that its first bytes are what its type says. One rule for the page
 * (before sending) and the webhook (on arrival); DOM-free, and small enough
 * for the page's bundle: the signatures are written by hand from the
 * formats' specifications rather than taken from a sniffing library.
 * tests/unit/shared/rules/attachment-sniff.test.ts holds them against
 * `file-type` on sample files.
 */

type Signature = (head: Uint8Array) => boolean;

/** How many leading bytes the signatures read. */
export const SNIFF_BYTES = 64;

/*
 * The signature helpers below make no side effects, and say so
 * (`@__NO_SIDE_EFFECTS__`), as does Object.keys (`@__PURE__`): so a bundler
 * drops the whole table from code that never reads it (an n8n Code node that
 * only names files, say).
 */
const bytesAt =
  /* @__NO_SIDE_EFFECTS__ */
  (offset: number, ...bytes: number[]): Signature =>
    (head) =>
      bytes.every((byte, i) => head[offset + i] === byte);

const textAt = /* @__NO_SIDE_EFFECTS__ */ (offset: number, text: string): Signature =>
  bytesAt(offset, ...Array.from(text, (char) => char.charCodeAt(0)));

const textIn = (head: Uint8Array, offset: number, length: number): string =>
  String.fromCharCode(...head.subarray(offset, offset + length));

const all =
  /* @__NO_SIDE_EFFECTS__ */
  (...checks: Signature[]): Signature =>
    (head) =>
      checks.every((check) => check(head));

const any =
  /* @__NO_SIDE_EFFECTS__ */
  (...checks: Signature[]): Signature =>
    (head) =>
      checks.some((check) => check(head));

/** ISO base media (MP4, QuickTime, 3GPP, M4A, HEIF): a first box of type `ftyp`. */
const ISO_MEDIA = textAt(4, 'ftyp');
/** HEIF's major brands: HEIC stills and sequences, and the generic image and sequence brands. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']);
const HEIF = all(ISO_MEDIA, (head) => HEIF_BRANDS.has(textIn(head, 8, 4)));
/** Older QuickTime files may open with another top-level atom. */
const QUICKTIME_ATOMS = ['moov', 'mdat', 'wide', 'free', 'skip', 'pnot'];
const QUICKTIME: Signature = (head) => ISO_MEDIA(head) || QUICKTIME_ATOMS.some((atom) => textAt(4, atom)(head));
/** EBML (Matroska) whose DocType, in the header's first few bytes, is "webm". */
const WEBM = all(bytesAt(0, 0x1a, 0x45, 0xdf, 0xa3), (head) => textIn(head, 4, SNIFF_BYTES - 4).includes('webm'));
const RIFF = /* @__NO_SIDE_EFFECTS__ */ (form: string) => all(textAt(0, 'RIFF'), textAt(8, form));
const ID3 = textAt(0, 'ID3');
/** An MPEG audio frame: 11 sync bits, and a layer other than the reserved 00 (which is ADTS). */
const MPEG_FRAME: Signature = (head) =>
  head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0 && ((head[1] ?? 0) & 0x06) !== 0;
/** An ADTS (raw AAC) frame: 12 sync bits, layer 00. */
const ADTS_FRAME: Signature = (head) => head[0] === 0xff && ((head[1] ?? 0) & 0xf6) === 0xf0;
const MP3 = any(ID3, MPEG_FRAME);

/**
 * Every attachment type the portal and the webhook accept, exactly as a
 * browser reports it in `File.type` (lower case, no parameters), with the
 * signature its content must start with. Aliases browsers really report
 * are listed beside the registered name: audio/mp3 (Chromium on some
 * systems), audio/x-m4a (Safari, Chromium on Windows and macOS), audio/x-wav
 * and audio/wave (Firefox, Windows).
 */
export const SIGNATURES = {
  'image/jpeg': bytesAt(0, 0xff, 0xd8, 0xff),
  'image/png': bytesAt(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
  'image/webp': RIFF('WEBP'),
  'image/gif': any(textAt(0, 'GIF87a'), textAt(0, 'GIF89a')),
  'image/heic': HEIF,
  'image/heif': HEIF,
  'video/mp4': ISO_MEDIA,
  'video/webm': WEBM,
  'video/quicktime': QUICKTIME,
  'video/3gpp': ISO_MEDIA,
  'audio/mpeg': MP3,
  'audio/mp3': MP3,
  'audio/mp4': ISO_MEDIA,
  'audio/x-m4a': ISO_MEDIA,
  'audio/aac': ADTS_FRAME,
  'audio/ogg': textAt(0, 'OggS'),
  'audio/webm': WEBM,
  'audio/wav': RIFF('WAVE'),
  'audio/x-wav': RIFF('WAVE'),
  'audio/wave': RIFF('WAVE'),
} as const satisfies Record<string, Signature>;

export type AttachmentType = keyof typeof SIGNATURES;

/** The allowed types, in the order the contract lists them. */
export const ATTACHMENT_TYPES = /* @__PURE__ */ Object.keys(SIGNATURES) as AttachmentType[];

/**
 * Raw bytes all attachments of one message may add up to. Base64 grows them
 * by a third, so the JSON body stays under the 16 MB common webhooks accept.
 */
export const ATTACHMENTS_MAX_TOTAL_BYTES = 10 * 1024 * 1024;

/** Files one message may carry: enough for a day's photos, and a bound on the work one request causes. */
export const ATTACHMENTS_MAX_COUNT = 10;

/** Characters a file name keeps as a display name. */
export const FILE_NAME_MAX_LENGTH = 100;

/**
 * True only for a type on the list, spelled exactly: no parameters, no
 * spaces, no upper case (browsers lower-case `File.type`), so
 * `image/;text/html` or a type with a line break in it is refused.
 */
export function isAllowedAttachmentType(mime: string): mime is AttachmentType {
  return Object.hasOwn(SIGNATURES, mime);
}

/** Whether a file's first bytes (at least SNIFF_BYTES of them, or the whole file) fit the type it declares. */
export function sniffMatches(mime: string, head: Uint8Array): boolean {
  return isAllowedAttachmentType(mime) && SIGNATURES[mime](head);
}

/**
 * Each allowed type's own file extensions, the usual one first: the one a
 * name gets when it has none of them.
 */
export const TYPE_EXTENSIONS: Record<AttachmentType, readonly [string, ...string[]]> = {
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'image/gif': ['gif'],
  'image/heic': ['heic', 'heif'],
  'image/heif': ['heif', 'heic'],
  'video/mp4': ['mp4', 'm4v'],
  'video/webm': ['webm'],
  'video/quicktime': ['mov', 'qt'],
  'video/3gpp': ['3gp', '3gpp'],
  'audio/mpeg': ['mp3', 'mpga'],
  'audio/mp3': ['mp3'],
  'audio/mp4': ['m4a', 'mp4'],
  'audio/x-m4a': ['m4a'],
  'audio/aac': ['aac'],
  'audio/ogg': ['ogg', 'oga', 'opus'],
  'audio/webm': ['webm', 'weba'],
  'audio/wav': ['wav'],
  'audio/x-wav': ['wav'],
  'audio/wave': ['wav'],
};

/** isAllowedAttachmentType, by TYPE_EXTENSIONS (the same types): naming a file needs no signature. */
const hasTypeExtensions = (type: string): type is AttachmentType => Object.hasOwn(TYPE_EXTENSIONS, type);

/** Controls, bidi embeddings, overrides and isolates, and line and paragraph separators. */
const UNSHOWABLE = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/gu;
const EXTENSION = /\.[^.\s]{1,10}$/u;
/** What reads as a file type after the last dot (html, exe, svg, 7z, docx), rather than part of a name ("2026.11.25"). */
const TYPE_LIKE_EXTENSION = /\.(?=[0-9]*[a-z])[a-z0-9]{1,5}$/iu;
const FALLBACK_NAME = 'attachment';

/**
 * The name with an extension of `type`'s own: kept when it has one (any
 * letter case), else the usual one replaces an extension that reads as a
 * file type, or is added to a name that has none. A file's type is what its
 * bytes were checked to be; its name is the sender's to choose, so a PNG
 * named `report.html` is offered as `report.png`, never as a page.
 */
function withTypeExtension(name: string, type: AttachmentType): string {
  const own = TYPE_EXTENSIONS[type];
  const current = /\.([^.]+)$/u.exec(name)?.[1]?.toLowerCase();
  if (current !== undefined && own.includes(current)) return name;
  const stem = name.replace(TYPE_LIKE_EXTENSION, '').replace(/[.\s]+$/u, '');
  return `${stem === '' ? FALLBACK_NAME : stem}.${own[0]}`;
}

/**
 * A file name as a person may read it, never as a path: the last path part
 * only, without control or bidi-override characters (which could hide the
 * real extension or rewrite a terminal), at most FILE_NAME_MAX_LENGTH
 * characters with the extension kept when it is cut. Given the file's
 * checked type, its extension is that type's own (withTypeExtension): the
 * name every backend stores and every screen shows or downloads a file as.
 */
export function displayFileName(raw: string, type?: string): string {
  const base = raw.slice(Math.max(raw.lastIndexOf('/'), raw.lastIndexOf('\\')) + 1);
  const cleaned = base.replace(UNSHOWABLE, '').trim();
  const bare = cleaned === '' || cleaned === '.' || cleaned === '..' ? FALLBACK_NAME : cleaned;
  const name = type !== undefined && hasTypeExtensions(type) ? withTypeExtension(bare, type) : bare;
  const chars = Array.from(name);
  if (chars.length <= FILE_NAME_MAX_LENGTH) return name;
  const extension = EXTENSION.exec(name)?.[0] ?? '';
  const kept = chars.slice(0, FILE_NAME_MAX_LENGTH - Array.from(extension).length - 1).join('');
  return `${kept.trimEnd()}…${extension}`;
}
