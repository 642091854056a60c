import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { requestSchema } from '../../../../server/contract/request-schema.ts';
import { answerValidator, checkAgainstSchema } from '../../../../server/webhook/contract.ts';
import { ATTACHMENT_TYPES } from '../../../../src/shared/rules/attachment.ts';
import { checkMessage } from '../../../../src/shared/rules/message.ts';
import { isValidPhone } from '../../../../src/shared/rules/phone.ts';
import { buildEnvelope } from '../../../../src/shared/webhook/envelope.ts';
import { REQUESTS_ACTIONS } from '../../../../src/shared/webhook/requests.ts';
import { ANNOUNCEMENTS_ACTIONS } from '../../../../src/shared/webhook/announcements.ts';
import { CONVERSATION_ACTIONS, type ConversationAction } from '../../../../src/shared/webhook/conversation.ts';
import { PUSH_ACTIONS, type PushAction } from '../../../../src/shared/webhook/push.ts';
import type { Action } from '../../../../src/shared/webhook/types.ts';

// `satisfies` makes this list fail to compile when an action is added to the portal and not here.
const ACTIONS = {
  know_schedule: true,
  reschedule_single: true,
  reschedule_range: true,
  chat_facilitator: true,
  book_consult: true,
  schedule_call: true,
} as const satisfies Record<Action, true>;

const user = { name: '  Asha Verma ', number: ' 9876543210 ' };
const photo = { filename: 'a.png', mimetype: 'image/png', content: Buffer.from('png bytes').toString('base64') };

const portalEnvelopes = [
  buildEnvelope({ action: 'know_schedule', user, payload: {} }),
  buildEnvelope({ action: 'reschedule_single', user, payload: { date: '2026-12-01' } }),
  buildEnvelope({ action: 'reschedule_single', user, payload: { date: '2026-12-01' }, note: ' Exams ' }),
  buildEnvelope({ action: 'reschedule_range', user, payload: { start_date: '2026-12-01', end_date: '2026-12-01' } }),
  buildEnvelope({ action: 'chat_facilitator', user, payload: { message: 'Hi', attachments: [] } }),
  buildEnvelope({ action: 'chat_facilitator', user, payload: { message: 'Hi', attachments: [photo, photo] } }),
  buildEnvelope({ action: 'book_consult', user, payload: {} }),
  buildEnvelope({ action: 'book_consult', user, payload: {}, message: 'Hello', preferredTimes: 'Mornings' }),
  buildEnvelope({ action: 'schedule_call', user, payload: {}, message: '   ', preferredTimes: 'Any time' }),
  buildEnvelope({ action: 'know_schedule', user, payload: {}, language: 'hi' }),
  buildEnvelope({ action: 'chat_facilitator', user, payload: { message: 'Hi', attachments: [] }, language: 'en' }),
];

describe('the JSON Schema in server/contract is the contract the portal speaks', () => {
  it('names exactly the portal’s actions: the six spec actions, the conversation’s, the push actions, the request outcomes’, the announcements’', () => {
    const actionProperty = (requestSchema.properties as { action: { enum: string[] } }).action;
    expect(actionProperty.enum).toEqual([
      ...Object.keys(ACTIONS),
      ...CONVERSATION_ACTIONS,
      ...PUSH_ACTIONS,
      ...REQUESTS_ACTIONS,
      ...ANNOUNCEMENTS_ACTIONS,
    ]);
  });

  it.each(portalEnvelopes.map((envelope) => [envelope.action, envelope] as const))(
    'accepts the %s envelope buildEnvelope makes',
    (_action, envelope) => {
      const check = checkAgainstSchema(JSON.parse(JSON.stringify(envelope)));
      expect(check.ok ? 'valid' : check.error).toBe('valid');
    },
  );

  it('is written out, as it stands, in server/contract/request.schema.json (`npm run n8n -- workflow` writes it)', () => {
    const committed: unknown = JSON.parse(readFileSync('server/contract/request.schema.json', 'utf8'));
    expect(committed).toEqual(requestSchema);
  });

  it.each([...(Object.keys(ACTIONS) as Action[]), ...CONVERSATION_ACTIONS, ...PUSH_ACTIONS] as (
    | Action
    | ConversationAction
    | PushAction
  )[])('describes the answer to %s', (action) => {
    expect(() => answerValidator(action)).not.toThrow();
  });
});

const defs = requestSchema.$defs as Record<
  string,
  { properties: Record<string, { pattern: string; maxLength?: number }> }
>;
const schemaRegExp = (pattern: string | undefined) => new RegExp(pattern ?? '(?!)', 'u');

describe('the schema’s patterns say what the portal’s rules (src/shared/rules) say', () => {
  const phonePattern = schemaRegExp(defs.user?.properties.number?.pattern);
  it.each([
    '9876543210',
    '6000000000',
    '5876543210',
    '987654321',
    '98765432101',
    '+919876543210',
    '+12',
    '+1',
    '+123456789012345',
    '+1234567890123456',
    '+0919876543210',
    '+91 98765 43210',
    '',
  ])('phone %j', (phone) => {
    expect(phonePattern.test(phone)).toBe(isValidPhone(phone));
  });

  it('lists exactly the attachment types the portal allows', () => {
    const mimetype = defs.attachment?.properties.mimetype as unknown as { enum: string[] };
    expect(mimetype.enum).toEqual(ATTACHMENT_TYPES);
  });

  const chatPayload = (defs.chat_facilitator?.properties.payload as unknown as typeof defs.user)?.properties.message;
  it.each(['hello', '', 'a'.repeat(500), 'a'.repeat(501), '  x  '])('chat message of %#', (message) => {
    const fitsSchema =
      schemaRegExp(chatPayload?.pattern).test(message) && message.length <= (chatPayload?.maxLength ?? 0);
    expect(fitsSchema).toBe(checkMessage(message) === null);
  });
});
