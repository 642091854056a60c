import { describe, expect, it } from 'vitest';
import { en } from '../../../../../src/features/registered-parent/messages.ts';
import { hi } from '../../../../../src/features/registered-parent/messages-hi.ts';
import { refusalText } from '../../../../../src/features/registered-parent/conversation/refusal-text.ts';
import { WebhookError } from '../../../../../src/shared/webhook/errors.ts';

const refused = (status: number, text: string) => new WebhookError('http', text, status);

describe('the words for a refused code or thread', () => {
  it('shows the server’s own words, which come in the language the request named', () => {
    const wrong = refused(401, 'This code is not right. 3 tries left.');
    expect(refusalText('verify_code', wrong, en.conversation)).toBe('This code is not right. 3 tries left.');
    const wrongInHindi = refused(401, 'यह कोड सही नहीं है। 3 बार और कोशिश कर सकते हैं।');
    expect(refusalText('verify_code', wrongInHindi, hi.conversation)).toBe(
      'यह कोड सही नहीं है। 3 बार और कोशिश कर सकते हैं।',
    );
  });

  it('says the screen’s own words when no answer came, or an empty one', () => {
    const offline = new WebhookError('network', 'Failed to fetch');
    expect(refusalText('request_code', offline, en.conversation)).toBe(en.conversation.codeFailed);
    expect(refusalText('verify_code', offline, hi.conversation)).toBe(hi.conversation.verifyFailed);
    expect(refusalText('chat_thread', refused(500, 'Failed to submit request'), hi.conversation)).toBe(
      hi.conversation.fetchFailed,
    );
  });
});
