import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createConversationStore } from '../../../../src/shared/conversation/store.ts';
import { READ_NOT_SENT, withConversationToken } from '../../../../src/shared/outbox/portal-outbox.ts';
import type { ConversationRequests } from '../../../../src/shared/webhook/conversation.ts';
import type { SendOptions, sendToWebhook } from '../../../../src/shared/webhook/client.ts';
import { buildEnvelope } from '../../../../src/shared/webhook/envelope.ts';
import { freshIdb, PARENT } from './support.ts';

const OTHER_PARENT = { name: 'Ravi', number: '9123456780' };

/** A send that answers 200 and keeps the options each envelope went with. */
function recordingSend() {
  const sent: { action: string; bearer: string | undefined }[] = [];
  const send: typeof sendToWebhook = async (envelope, options: SendOptions) => {
    sent.push({ action: envelope.action, bearer: options.bearer });
    return { status: 200, body: 'ok' };
  };
  return { send, sent };
}

const chatFrom = (user: typeof PARENT) =>
  buildEnvelope({ action: 'chat_facilitator', user, payload: { message: 'Running late today', attachments: [] } });

describe('a chat message sent from the outbox', () => {
  it("carries the token this phone holds for its parent, and no other parent's", async () => {
    const conversations = createConversationStore(freshIdb('conversation'));
    await conversations.update(PARENT, (saved) => ({ ...saved, token: 'token-of-asha' }));
    const { send, sent } = recordingSend();
    const withToken = withConversationToken(send, () => conversations);

    await withToken(chatFrom(PARENT), { url: 'https://hooks.example/webhook' });
    await withToken(chatFrom(OTHER_PARENT), { url: 'https://hooks.example/webhook' });

    expect(sent).toEqual([
      { action: 'chat_facilitator', bearer: 'token-of-asha' },
      { action: 'chat_facilitator', bearer: undefined },
    ]);
  });

  it('goes without one once the parent logged out, and every other action goes as it is', async () => {
    const conversations = createConversationStore(freshIdb('conversation'));
    await conversations.update(PARENT, (saved) => ({ ...saved, token: 'token-of-asha' }));
    await conversations.clear(PARENT);
    const { send, sent } = recordingSend();
    const withToken = withConversationToken(send, () => conversations);

    await withToken(chatFrom(PARENT), { url: 'https://hooks.example/webhook' });
    const reschedule = buildEnvelope({ action: 'reschedule_single', user: PARENT, payload: { date: '2026-11-30' } });
    await withToken(reschedule, { url: 'https://hooks.example/webhook' });

    expect(sent).toEqual([
      { action: 'chat_facilitator', bearer: undefined },
      { action: 'reschedule_single', bearer: undefined },
    ]);
  });
});

describe('a read mark sent from the outbox', () => {
  const readBy = (user: typeof PARENT): ConversationRequests['mark_read'] => ({
    action: 'mark_read',
    user,
    payload: { through: '12', read_at: '2026-11-25T06:40:00.000Z' },
    request_id: crypto.randomUUID(),
    timestamp_ist: '2026-11-25T12:10:00.000+05:30',
  });

  it("carries its parent's token, and is settled unsent once that parent logged out", async () => {
    const conversations = createConversationStore(freshIdb('conversation'));
    await conversations.update(PARENT, (saved) => ({ ...saved, token: 'token-of-asha' }));
    const { send, sent } = recordingSend();
    const withToken = withConversationToken(send, () => conversations);

    expect(await withToken(readBy(PARENT), { url: 'https://hooks.example/webhook' })).toEqual({
      status: 200,
      body: 'ok',
    });
    await conversations.clear(PARENT);
    expect(await withToken(readBy(PARENT), { url: 'https://hooks.example/webhook' })).toBe(READ_NOT_SENT);
    expect(await withToken(readBy(OTHER_PARENT), { url: 'https://hooks.example/webhook' })).toBe(READ_NOT_SENT);

    expect(sent).toEqual([{ action: 'mark_read', bearer: 'token-of-asha' }]);
  });
});
