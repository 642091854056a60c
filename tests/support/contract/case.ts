import { randomInt } from 'node:crypto';
import { toIstIso } from '../../../src/shared/format/ist.ts';
import type { AnnouncementsAction } from '../../../src/shared/webhook/announcements.ts';
import { buildEnvelope } from '../../../src/shared/webhook/envelope.ts';
import type {
  Action,
  Attachment,
  Envelope,
  Language,
  PayloadByAction,
  User,
} from '../../../src/shared/webhook/types.ts';
import { sampleFile, type SampleType } from '../media-samples.ts';

/**
 * One case of the webhook contract: a few requests in order, each with the
 * answer any implementation (the reference server, an n8n workflow) must
 * give. Cases are functions of a context made per run, so request ids are
 * new and dates are relative to today in India: a case passes on any day.
 */
export interface ContractCase {
  name: string;
  steps(context: CaseContext): Step[];
}

export interface Step {
  /** Sent as JSON; or, with `raw`, this exact text. */
  body?: unknown;
  raw?: string;
  /** Defaults to application/json. */
  contentType?: string;
  expect: Expected;
}

export type Expected =
  /** `message`: the answer's exact message text, where a case holds the wording (the Hindi cases) and not only the shape. */
  | { status: 200; answers: Action | AnnouncementsAction; message?: string; sameAs?: undefined; replayed?: false }
  | { status: 200; sameAs: number; replayed: true; answers?: undefined }
  | { status: 400 | 401 | 404 | 409 | 413 | 415; text: string };

export interface CaseContext {
  now: Date;
  /** A day as YYYY-MM-DD, `offset` days from today in India. */
  day(offset: number): string;
  /** A parent on the webhook's roster. */
  parent: User;
  /** A visitor with a valid number of their own, on no roster. */
  visitor(): User;
  envelope<A extends Action>(
    action: A,
    payload: PayloadByAction[A],
    extra?: { user?: User; note?: string; message?: string; preferredTimes?: string; language?: Language },
  ): Envelope<A>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function makeContext(now: Date, parent: User): CaseContext {
  return {
    now,
    // India keeps no daylight saving, so whole days from now land on whole days in India.
    day: (offset) => toIstIso(new Date(now.getTime() + offset * DAY_MS)).slice(0, 10),
    parent,
    visitor: () => ({ name: 'Ravi Kumar', number: `7${String(randomInt(0, 1e9)).padStart(9, '0')}` }),
    envelope: (action, payload, extra = {}) =>
      buildEnvelope({ action, payload, user: extra.user ?? parent, at: now, ...extra }),
  };
}

/** An attachment of `size` bytes whose content is of its type, unless `content` says otherwise. */
export function file(type: SampleType, filename: string, size = 2048, content?: Buffer): Attachment {
  return { filename, mimetype: type, content: (content ?? sampleFile(type, size)).toString('base64') };
}

export const MB = 1024 * 1024;

/** A request refused with one plain-text reason: the body of one step, and that reason. */
export type Refusal = [name: string, body: (c: CaseContext) => unknown, text: string | ((c: CaseContext) => string)];

export function refusal([name, body, text]: Refusal, status: 400 | 404 | 413 = 400): ContractCase {
  return {
    name,
    steps: (c) => [{ body: body(c), expect: { status, text: typeof text === 'string' ? text : text(c) } }],
  };
}

/** A chat message with these attachments. */
export const chat =
  (message: string, attachments: ReturnType<typeof file>[] = []) =>
  (c: CaseContext) =>
    c.envelope('chat_facilitator', { message, attachments });
