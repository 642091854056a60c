/**
 * The portal's chat attachments and the request the claim stores, bundled into the portal's "Check request" Code
 * node with the rules of src/shared they run (the attachment rule, the phone rule, the canonical text), as the reference server keeps
 * them (server/webhook/attachments.ts, server/webhook/fingerprint.ts).
 */
import {
  ATTACHMENTS_MAX_TOTAL_BYTES,
  SNIFF_BYTES,
  displayFileName,
  sniffMatches,
} from '../../../src/shared/rules/attachment.ts';
import { phoneKey } from '../../../src/shared/rules/phone.ts';
import { canonical } from '../../../src/shared/webhook/canonical.ts';

/** The content type the portal's POST must declare (415 otherwise). */
export const JSON_CONTENT_TYPE = /^application\/json\s*(;|$)/i;

/**
 * A chat attachment as read: its display name as sent (which a refusal quotes) and with its declared type's own
 * extension (`report.html` declared image/png is `report.png`, stored and given to Slack once the content is held to
 * that type), then, when it has content, its decoded size and its problem (null when none).
 */
export interface ReadFile {
  name: string;
  typedName: string;
  size?: number;
  problem?: 'invalidBase64' | 'contentNotOfType' | null;
}

interface Attachment {
  filename?: unknown;
  mimetype?: unknown;
  content?: unknown;
}

/**
 * Each attachment named (displayFileName, the rule the page and the reference server keep; a type not allowed
 * leaves the name as it is), its content decoded strictly and held to its declared type by its first bytes
 * (sniffMatches).
 */
export function readFiles(attachments: unknown): ReadFile[] {
  return (Array.isArray(attachments) ? (attachments as (Attachment | null)[]) : []).map((file) => {
    const raw = typeof file?.filename === 'string' ? file.filename : '';
    const type = typeof file?.mimetype === 'string' ? file.mimetype : undefined;
    const named = { name: displayFileName(raw), typedName: displayFileName(raw, type) };
    if (typeof file?.content !== 'string') return named;
    // Strict base64: it must decode, and encode back to exactly the same text.
    const bytes = Buffer.from(file.content, 'base64');
    if (bytes.toString('base64') !== file.content) return { ...named, problem: 'invalidBase64' };
    const fits = sniffMatches(file.mimetype as string, bytes.subarray(0, SNIFF_BYTES));
    return { ...named, size: bytes.length, problem: fits ? null : 'contentNotOfType' };
  });
}

/**
 * The first Slack post of each action that posts one ("Answer" writes it): the claim writes its intent, so a new
 * request posts without first asking "Slack so far". An action missing here still posts, one query later.
 */
export const FIRST_POST: Readonly<Record<string, 'message' | 'notice'>> = {
  chat_facilitator: 'message',
  reschedule_single: 'notice',
  reschedule_range: 'notice',
  book_consult: 'notice',
  schedule_call: 'notice',
};

/** A request the schema and the name rule have taken, as its fields are read here. */
interface Envelope {
  request_id?: string;
  action: string;
  user: { name: string; number: string };
  payload?: { message?: string; attachments?: { mimetype: string }[] } & Record<string, unknown>;
  note?: string;
  message?: string;
  preferred_times?: string;
  language?: string;
  timestamp_ist: string;
}

/** A refusal "Write answer" words: a status and the key of its text, with the values it quotes. */
export interface Refusal {
  status: number;
  text: { key: string; values: Record<string, unknown> };
}

/** What the claim stores and the later steps read: the request, its record, phoneKey and canonical text. */
export interface Stored {
  envelope: Envelope;
  record: Record<string, unknown>;
  phoneKey: string | null;
  canonical: string;
}

/**
 * A chat's attachments as readFiles found them, refused in the reference server's order: content that does not
 * decode or is not of its type (named as sent), then all of them together over ATTACHMENTS_MAX_TOTAL_BYTES; each
 * kept under its name with its type's extension. Then what the claim stores: the request's record, its number as
 * the roster keys it (phoneKey), and its canonical text, which Postgres hashes into the fingerprint a repeat is
 * recognised by. An action may leave an empty payload out (stored and compared as {}); request_id is one id in
 * any case.
 */
export function storedRequest(body: Envelope, read: ReadFile[]): Refusal | Stored {
  const envelope = { ...body, payload: body.payload ?? {} };
  // list_requests carries no request_id: it is asked, not stored.
  if (envelope.request_id) envelope.request_id = envelope.request_id.toLowerCase();
  const refuse = (status: number, key: string, values = {}): Refusal => ({ status, text: { key, values } });
  const files = envelope.action === 'chat_facilitator' ? (envelope.payload.attachments ?? []) : [];
  const stored = [];
  let total = 0;
  for (const [i, file] of files.entries()) {
    const { name: filename, typedName, size = 0, problem } = read[i] ?? { name: '', typedName: '' };
    if (problem) return refuse(400, problem, { filename, mimetype: file.mimetype });
    total += size;
    if (total > ATTACHMENTS_MAX_TOTAL_BYTES) return refuse(413, 'attachmentsTooLarge');
    // Its content is of its type now, so it keeps the name with that type's extension.
    stored.push({ filename: typedName, mimetype: file.mimetype, size });
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
  return { envelope: { ...envelope, payload }, record, phoneKey: key, canonical: canonical(envelope) };
}
