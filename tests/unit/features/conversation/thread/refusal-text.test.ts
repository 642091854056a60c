import { describe, expect, it } from 'vitest';
import { refusalText } from '../../../../../src/features/conversation/thread/refusal-text.ts';
import { WebhookError } from '../../../../../src/shared/webhook/errors.ts';
import { en } from '../../../../../src/features/conversation/messages.ts';
import { hi } from '../../../../../src/features/conversation/messages-hi.ts';

const refused = (status: number, text: string) => new WebhookError('http', text, status);

describe('the words for a refused code or thread', () => {
  it('shows the server’s own words, which come in the language the request named', () => {
    const wrong = refused(401, 'This code is not right. 3 tries left.');
    expect(refusalText('verify_code', wrong, en.thread)).toBe('This code is not right. 3 tries left.');
    const wrongInHindi = refused(401, 'यह कोड सही नहीं है। 3 कोशिशें और बाकी हैं।');
    expect(refusalText('verify_code', wrongInHindi, hi.thread)).toBe('यह कोड सही नहीं है। 3 कोशिशें और बाकी हैं।');
  });

  it('says the screen’s own words when no answer came, or an empty one', () => {
    const offline = new WebhookError('network', 'Failed to fetch');
    expect(refusalText('request_code', offline, en.thread)).toBe(en.thread.codeFailed);
    expect(refusalText('verify_code', offline, hi.thread)).toBe(hi.thread.verifyFailed);
    expect(refusalText('chat_thread', refused(500, 'Failed to submit request'), hi.thread)).toBe(hi.thread.fetchFailed);
  });
});
