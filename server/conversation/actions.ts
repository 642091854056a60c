import { displayFileName } from '../../src/shared/rules/attachment.ts';
import { nameKey, phoneKey } from '../../src/shared/rules/phone.ts';
import type {
  ConversationAnswers,
  ConversationRequest,
  ConversationRequests,
  ThreadMessage,
} from '../../src/shared/webhook/conversation.ts';
import type { Roster } from '../roster/roster-store.ts';
import { answerText, type AnswerKey } from '../contract/texts.ts';
import type { ThreadFileRow, ThreadRow } from '../db/thread-table.ts';
import type { Outcome, RequestContext } from '../http/outcome.ts';
import { codeText } from './code-text.ts';
import type { SendCode } from './code-sender.ts';
import { authenticateParent } from './parent-auth.ts';
import {
  CODE_LIFETIME_MS,
  CODE_LIMITS,
  CODE_MAX_TRIES,
  CODE_MAX_TRIES_IN_ALL,
  CODE_TRIES_PER_ADDRESS,
  expiresAt,
  isExpired,
  makeCode,
  newToken,
  nextCursor,
  rateVerdict,
  readCursor,
  THREAD_PAGE_SIZE,
  TOKEN_LIFETIME_MS,
  tokenHash,
  triesLeft,
} from './policy.ts';
import { hashSecret, verifySecret, type ScryptCost } from './secrets.ts';
import type { Receipts } from './receipts.ts';
import type { ConversationStore } from './store.ts';

export interface ConversationDeps {
  store: ConversationStore;
  roster: Roster;
  clock: () => Date;
  sendCode: SendCode;
  /** The host for the code message's `@host #code` line (PORTAL_HOST); the line is left out without it. */
  portalHost: string | undefined;
  onSendFailed: (error: unknown) => void;
  /** Read receipts and the text queue, told as the phone reads the thread. */
  reads: ThreadReads;
  /** The scrypt cost each code is hashed at (CODE_COST in production). */
  codeCost: ScryptCost;
}

/** What reading the thread tells the server (server/conversation/receipts.ts, server/push/text-store.ts). */
export interface ThreadReads {
  receipts: Receipts;
  /** The device's read_receipts setting. */
  readReceipts(tokenHash: string): boolean;
  /** The phone holds the thread through this message: no text goes for what it holds. */
  delivered(numberKey: string, through: number, now: Date): void;
}

const json = <A extends keyof ConversationAnswers>(body: ConversationAnswers[A]): Outcome => ({
  status: 200,
  json: JSON.stringify(body),
  replayed: false,
});

const tooMany = (text: string, retryAfterSeconds: number): Outcome => ({
  status: 429,
  text,
  headers: { 'retry-after': String(retryAfterSeconds) },
});

/** Where the portal GETs a thread file, with its bearer token (server/conversation/thread-file-route.ts). */
export const threadFilePath = (messageId: number, position: number) => `/api/thread/${messageId}/files/${position}`;

export function threadMessages(rows: readonly ThreadRow[], files: readonly ThreadFileRow[]): ThreadMessage[] {
  const filesOf = new Map<number, ThreadFileRow[]>();
  for (const file of files) filesOf.set(file.id, [...(filesOf.get(file.id) ?? []), file]);
  return rows.map((row) => ({
    id: String(row.id),
    from: row.author,
    text: row.text,
    sent_at: row.sent_at,
    ...(row.request_id ? { request_id: row.request_id } : {}),
    ...(row.staff_name ? { author: row.staff_name } : {}),
    attachments: (filesOf.get(row.id) ?? []).map((file) => ({
      filename: displayFileName(file.filename, file.mimetype),
      mimetype: file.mimetype,
      size: file.size,
      url: threadFilePath(file.id, file.position),
    })),
  }));
}

/**
 * The conversation actions. None is stored as a request: they
 * read and change the codes, tokens and thread only, and a refusal changes
 * nothing (a wrong code counts one try, which is the point of it).
 */
export function createConversation(deps: ConversationDeps) {
  const { store, roster, clock } = deps;

  async function requestCode(request: ConversationRequests['request_code'], context: RequestContext) {
    const language = request.language ?? 'en';
    if (!roster.find(request.user)) return { status: 404, text: answerText(language, 'notOnRosterForCode') };
    const numberKey = phoneKey(request.user.number) ?? request.user.number;
    const now = clock();
    const { perNumber, perAddress } = CODE_LIMITS;
    const earlier = store.codeRequests(
      numberKey,
      context.address,
      new Date(now.getTime() - perNumber.windowMs),
      new Date(now.getTime() - perAddress.windowMs),
    );
    const forNumber = rateVerdict(earlier.forNumber, perNumber, now);
    if (!forNumber.allowed) return tooMany(answerText(language, 'tooManyCodesForNumber'), forNumber.retryAfterSeconds);
    const forAddress = rateVerdict(earlier.forAddress, perAddress, now);
    if (!forAddress.allowed)
      return tooMany(answerText(language, 'tooManyCodesFromAddress'), forAddress.retryAfterSeconds);
    // Counted before the first await: requests arriving together are all counted.
    store.recordCodeRequest(numberKey, context.address, now);

    const code = makeCode();
    const codeHash = await hashSecret(code, deps.codeCost);
    const expires = expiresAt(now, CODE_LIFETIME_MS);
    store.saveCode(numberKey, nameKey(request.user.name), codeHash, now, expires);
    try {
      await deps.sendCode({
        phone: numberKey,
        code,
        language,
        text: codeText(code, language, deps.portalHost),
      });
    } catch (error) {
      deps.onSendFailed(error);
      store.useCode(numberKey, codeHash);
      return { status: 502, text: answerText(language, 'codeNotSent') };
    }
    return json<'request_code'>({ expires_at: expires.toISOString() });
  }

  /**
   * A try is counted before the code is checked (nothing is awaited before
   * then, so tries arriving together are all counted): against the address,
   * at most CODE_TRIES_PER_ADDRESS an hour whatever the number, and against
   * the code, from this address (CODE_MAX_TRIES) and in all
   * (CODE_MAX_TRIES_IN_ALL). A stranger's wrong codes so end the code for
   * the stranger's address, not for the parent's. A code works only for the
   * name it was sent for, by the sign-in's rule for names; another name is
   * answered as if no code waited, and leaves the code as it was.
   */
  async function verifyCode(request: ConversationRequests['verify_code'], context: RequestContext): Promise<Outcome> {
    const language = request.language ?? 'en';
    const refuse = (status: 401 | 410, key: AnswerKey, values?: { left: number }): Outcome => ({
      status,
      text: answerText(language, key, values),
    });
    const numberKey = phoneKey(request.user.number) ?? request.user.number;
    const now = clock();
    const fromAddress = rateVerdict(
      store.triesFrom(context.address, new Date(now.getTime() - CODE_TRIES_PER_ADDRESS.windowMs)),
      CODE_TRIES_PER_ADDRESS,
      now,
    );
    if (!fromAddress.allowed) {
      return tooMany(answerText(language, 'tooManyTriesFromAddress'), fromAddress.retryAfterSeconds);
    }
    store.recordTry(numberKey, context.address, now);
    const code = store.findCode(numberKey);
    if (!code || code.name_key !== nameKey(request.user.name)) return refuse(410, 'noCode');
    if (isExpired(code.expires_at, now)) {
      store.endCode(numberKey);
      return refuse(410, 'noCode');
    }
    const fromHere = store.triesAtCode(numberKey, context.address, code.created_at);
    if (fromHere > CODE_MAX_TRIES) return refuse(410, 'codeEnded');
    const inAll = store.takeTry(numberKey) ?? CODE_MAX_TRIES_IN_ALL + 1;
    if (inAll > CODE_MAX_TRIES_IN_ALL) return refuse(410, 'codeEnded');
    const right = await verifySecret(request.payload.code, code.code_hash);
    if (!right) {
      const { left, endsForAll } = triesLeft(fromHere, inAll);
      if (left > 0) return refuse(401, left === 1 ? 'wrongCodeOne' : 'wrongCodeMany', { left });
      if (endsForAll) store.useCode(numberKey, code.code_hash);
      return refuse(410, 'codeEnded');
    }
    // Another request may have used the same code while this one was checking it: only one gets a token.
    if (!store.useCode(numberKey, code.code_hash)) return refuse(410, 'noCode');
    const token = newToken();
    const expires = expiresAt(now, TOKEN_LIFETIME_MS);
    store.saveToken(tokenHash(token), numberKey, now, expires);
    return json<'verify_code'>({ token, expires_at: expires.toISOString() });
  }

  function chatThread(
    request: ConversationRequests['chat_thread'],
    auth: { numberKey: string; hash: string },
  ): Outcome {
    const { numberKey } = auth;
    const after = readCursor(request.payload?.after);
    if (after === undefined) return { status: 400, text: answerText(request.language ?? 'en', 'invalidCursor') };
    const { rows, files } = store.threadPage(numberKey, after, THREAD_PAGE_SIZE + 1);
    const page = rows.slice(0, THREAD_PAGE_SIZE);
    const through = page.at(-1)?.id ?? after;
    if (through > 0) deps.reads.delivered(numberKey, through, clock());
    const seen = deps.reads.receipts.seen(numberKey);
    return json<'chat_thread'>({
      messages: threadMessages(page, files),
      cursor: nextCursor(
        after,
        page.map((row) => row.id),
      ),
      more: rows.length > THREAD_PAGE_SIZE,
      ...(seen ? { seen } : {}),
      read_receipts: deps.reads.readReceipts(auth.hash),
    });
  }

  /**
   * The phone showed the thread through a message: kept as the parent's read
   * (with the time it says, never later than now) when this device sends
   * read receipts and the token is the named parent's; the notices it
   * covers are seen either way, so no text goes for them.
   */
  function markRead(request: ConversationRequests['mark_read'], auth: { numberKey: string; hash: string }): Outcome {
    const now = clock();
    const through = Number(request.payload.through);
    const sameParent = phoneKey(request.user.number) === auth.numberKey;
    if (sameParent) deps.reads.delivered(auth.numberKey, through, now);
    const readAt = new Date(Math.min(Date.parse(request.payload.read_at), now.getTime()));
    const recorded =
      sameParent &&
      deps.reads.readReceipts(auth.hash) &&
      deps.reads.receipts.parentRead(auth.numberKey, through, readAt);
    return json<'mark_read'>({ recorded });
  }

  return async (request: ConversationRequest, context: RequestContext): Promise<Outcome> => {
    switch (request.action) {
      case 'request_code':
        return requestCode(request, context);
      case 'verify_code':
        return verifyCode(request, context);
      case 'chat_thread':
      case 'mark_read':
      case 'revoke_token': {
        const auth = authenticateParent(store, context.authorization, clock(), request.language ?? 'en');
        if (!auth.ok) return auth.refusal;
        if (request.action === 'chat_thread') return chatThread(request, auth);
        if (request.action === 'mark_read') return markRead(request, auth);
        store.revokeToken(auth.hash);
        return json<'revoke_token'>({ revoked: true });
      }
    }
  };
}
