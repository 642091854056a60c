import { describe, expect, it } from 'vitest';
import { en } from '../../../../../src/features/registered-parent/messages.ts';
import { hi } from '../../../../../src/features/registered-parent/messages-hi.ts';
import { refusalText } from '../../../../../src/features/registered-parent/conversation/refusal-text.ts';
import { WebhookError } from '../../../../../src/shared/webhook/errors.ts';

const refused = (status: number, text: string) => new WebhookError('http', text, status);

describe('the words for a refused code or thread', () => {
  it('shows the server’s own words on an English screen', () => {
    const wrong = refused(401, 'This code is not right. 3 tries left.');
    expect(refusalText('verify_code', wrong, en.conversation, 'en')).toBe('This code is not right. 3 tries left.');
    expect(refusalText('request_code', refused(429, 'Too many codes.'), en.conversation, 'en')).toBe('Too many codes.');
  });

  it.each([
    ['request_code', 404, 'We cannot send a code', hi.conversation.notOnRoster],
    ['request_code', 429, 'Too many codes were asked', hi.conversation.tooManyCodes],
    ['request_code', 502, 'The code could not be sent.', hi.conversation.codeFailed],
    ['verify_code', 400, 'Enter the 6-digit code', hi.conversation.codeFormat],
    ['verify_code', 401, 'This code is not right. 1 try left.', hi.conversation.triesLeft(1)],
    ['verify_code', 401, 'This code is not right. 4 tries left.', hi.conversation.triesLeft(4)],
    ['verify_code', 410, 'No code is waiting', hi.conversation.codeEnded],
    ['chat_thread', 401, 'Verify your phone first', hi.conversation.notVerified],
    ['chat_thread', 500, 'Something went wrong', hi.conversation.fetchFailed],
  ] as const)('on a Hindi screen, %s %i says it in Hindi', (step, status, text, expected) => {
    expect(refusalText(step, refused(status, text), hi.conversation, 'hi')).toBe(expected);
  });

  it('says the screen’s own words when no answer came', () => {
    const offline = new WebhookError('network', 'Failed to fetch');
    expect(refusalText('request_code', offline, en.conversation, 'en')).toBe(en.conversation.codeFailed);
    expect(refusalText('verify_code', offline, hi.conversation, 'hi')).toBe(hi.conversation.verifyFailed);
  });
});
