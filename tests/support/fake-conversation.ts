import { answerText } from '../../server/contract/texts.ts';
import type { ThreadMessage } from '../../src/shared/webhook/conversation.ts';
import type { Language } from '../../src/shared/webhook/types.ts';
import type { RecordedRequest, RecordingWebhook, Reply } from './recording-webhook.ts';

export const CODE = '654321';
export const TOKEN = 'tok-asha-0123456789abcdefghijklmnopqrstu';

interface Body {
  action?: string;
  payload?: { code?: string; after?: string; message?: string };
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
  /** Whether the token still opens the thread (revoke_token ends it). */
  private tokenLive = true;

  /** `codeAtSignIn`: as REQUIRE_CODE_AT_SIGN_IN=1, know_schedule answers only with the token. */
  constructor(
    webhook: RecordingWebhook,
    private readonly options: { codeAtSignIn?: boolean } = {},
  ) {
    webhook.reply((request) => this.answer(request), Infinity);
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
        return { body: { messages, cursor: this.thread.at(-1)?.id ?? '0', more: false } };
      }
      case 'know_schedule':
        if (this.options.codeAtSignIn && (bearer !== `Bearer ${TOKEN}` || !this.tokenLive)) {
          return { status: 401, body: answerText(language, 'codeRequiredAtSignIn') };
        }
        return { body: { schedule: 'Monday: 5:00 PM with Ms. Rao' } };
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
      default:
        return { status: 500, body: `not scripted: ${String(body.action)}` };
    }
  }
}

/** The conversation requests the portal sent, in order. */
export function conversationRequests(webhook: RecordingWebhook, action: string): RecordedRequest[] {
  return webhook.requests.filter((request) => (request.body as Body | undefined)?.action === action);
}
