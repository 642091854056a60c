import { answerText } from '../../server/contract/texts.ts';
import { formatIstDateTime } from '../../src/shared/format/ist.ts';
import type { ScheduleChange } from '../../src/shared/webhook/announcements.ts';
import type { SeenMark, ThreadMessage } from '../../src/shared/webhook/conversation.ts';
import type { ParentRequest } from '../../src/shared/webhook/requests.ts';
import type { Language } from '../../src/shared/webhook/types.ts';
import type { RecordedRequest, RecordingWebhook, Reply } from './recording-webhook.ts';

export const CODE = '654321';
export const TOKEN = 'tok-asha-0123456789abcdefghijklmnopqrstu';

interface Body {
  action?: string;
  payload?: { code?: string; after?: string; message?: string; request_id?: string; offer_id?: string };
  request_id?: string;
  timestamp_ist?: string;
  language?: Language;
}

/**
 * The conversation half of a webhook, scripted by action rather than by
 * order: the chat screen, the menu, the outbox and the poll may ask in any
 * order. It keeps a thread the test adds staff replies to, and answers as
 * docs/webhook-contract.md says, refusals in the request's language; every request is still in `webhook.requests`.
 */
export class FakeConversation {
  readonly thread: ThreadMessage[] = [];
  private nextId = 1;
  /** What know_schedule answers: a test changes it to move a session. */
  schedule = 'Monday: 5:00 PM with Ms. Rao';
  /** The programme's changes know_schedule answers beside it, when there are any. */
  changes: ScheduleChange[] = [];
  /** Whether the token still opens the thread (revoke_token ends it). */
  private tokenLive = true;
  /** Read receipts: off by default, as a backend without them, so chat_thread names neither and no mark_read comes. */
  readReceipts: boolean | undefined;
  /** The newest of the parent's messages the programme has opened (chat_thread's `seen`). */
  seen: SeenMark | undefined;

  /** `codeAtSignIn`: as REQUIRE_CODE_AT_SIGN_IN=1, know_schedule answers only with the token. */
  constructor(
    private readonly webhook: RecordingWebhook,
    private readonly options: { codeAtSignIn?: boolean } = {},
  ) {
    webhook.reply((request) => this.answer(request), Infinity);
  }

  /** One of the parent's messages, as staff would find it in the thread. */
  parentMessage(text: string): ThreadMessage {
    const message: ThreadMessage = {
      id: String(this.nextId++),
      from: 'parent',
      text,
      sent_at: '2026-11-23T09:30:00.000+05:30',
      attachments: [],
    };
    this.thread.push(message);
    return message;
  }

  reply(text: string, extra: Partial<ThreadMessage> = {}): ThreadMessage {
    const message: ThreadMessage = {
      id: String(this.nextId++),
      from: 'staff',
      text,
      sent_at: '2026-11-23T10:00:00.000+05:30',
      author: 'Ms. Rao',
      attachments: [],
      ...extra,
    };
    this.thread.push(message);
    return message;
  }

  /**
   * accept_offer as the reference server answers it: the offered time becomes
   * the confirmed one (the request in `webhook.outcomes` changes, so the next
   * list_requests says so), and the thread gets the event line, in the
   * reference server's words. An offer that is not open is refused with 409.
   */
  private acceptOffer(body: Body, language: Language): Reply {
    const index = this.webhook.outcomes.findIndex((request) => request.request_id === body.payload?.request_id);
    const request = this.webhook.outcomes[index];
    if (!request?.offer || request.status !== 'offered' || request.offer.offer_id !== body.payload?.offer_id) {
      return { status: 409, body: answerText(language, 'offerNotOpen') };
    }
    const confirmed: ParentRequest = {
      ...request,
      status: 'confirmed',
      confirmed: { starts_at: request.offer.starts_at, differs: false },
      ...(request.session && { calendar: { uid_of: request.session, sequence: 1 } }),
    };
    delete confirmed.offer;
    this.webhook.outcomes[index] = confirmed;
    this.thread.push({
      id: String(this.nextId++),
      from: 'event',
      text: answerText(language, 'eventAccepted', {
        when: formatIstDateTime(new Date(request.offer.starts_at), language),
      }),
      sent_at: body.timestamp_ist ?? '',
      attachments: [],
    });
    return {
      body: {
        message: answerText(language, 'offerAccepted', {
          when: formatIstDateTime(new Date(request.offer.starts_at), language),
        }),
        request: confirmed,
      },
    };
  }

  private answer(request: RecordedRequest): Reply {
    const body = request.body as Body;
    const bearer = request.headers.authorization;
    const language = body.language ?? 'en';
    switch (body.action) {
      case 'request_code':
        return { body: { expires_at: '2026-11-23T10:10:00.000+05:30' } };
      case 'verify_code':
        return body.payload?.code === CODE
          ? { body: { token: TOKEN, expires_at: '2027-02-21T10:00:00.000+05:30' } }
          : { status: 401, body: answerText(language, 'wrongCodeMany', { left: 4 }) };
      case 'chat_thread': {
        if (bearer !== `Bearer ${TOKEN}` || !this.tokenLive) {
          return { status: 401, body: answerText(language, 'tokenMissing') };
        }
        const after = Number(body.payload?.after ?? 0);
        const messages = this.thread.filter((message) => Number(message.id) > after);
        return {
          body: {
            messages,
            cursor: this.thread.at(-1)?.id ?? '0',
            more: false,
            ...(this.seen ? { seen: this.seen } : {}),
            ...(this.readReceipts === undefined ? {} : { read_receipts: this.readReceipts }),
          },
        };
      }
      case 'mark_read':
        if (bearer !== `Bearer ${TOKEN}` || !this.tokenLive) {
          return { status: 401, body: answerText(language, 'tokenMissing') };
        }
        return { body: { recorded: this.readReceipts === true } };
      case 'know_schedule':
        if (this.options.codeAtSignIn && (bearer !== `Bearer ${TOKEN}` || !this.tokenLive)) {
          return { status: 401, body: answerText(language, 'codeRequiredAtSignIn') };
        }
        return { body: { schedule: this.schedule, ...(this.changes.length > 0 && { changes: this.changes }) } };
      case 'revoke_token':
        this.tokenLive = false;
        return { body: { revoked: true } };
      case 'chat_facilitator':
        this.thread.push({
          id: String(this.nextId++),
          from: 'parent',
          text: body.payload?.message ?? '',
          sent_at: body.timestamp_ist ?? '',
          request_id: body.request_id ?? '',
          attachments: [],
        });
        return { body: { message: 'Message received' } };
      case 'accept_offer':
        return this.acceptOffer(body, language);
      default:
        return { status: 500, body: `not scripted: ${String(body.action)}` };
    }
  }
}

/** The conversation requests the portal sent, in order. */
export function conversationRequests(webhook: RecordingWebhook, action: string): RecordedRequest[] {
  return webhook.requests.filter((request) => (request.body as Body | undefined)?.action === action);
}
