import { describe, expect, it } from 'vitest';
import { formatCount } from '../../../../../src/shared/format/number.ts';
import { MESSAGE_MAX_LENGTH } from '../../../../../src/shared/rules/message.ts';
import { en } from '../../../../../src/features/conversation/messages.ts';
import { hi } from '../../../../../src/features/conversation/messages-hi.ts';

describe('the too-long message text', () => {
  it('names the limit the message rule holds, in the words of the spec in English', () => {
    expect(en.chat.tooLong(formatCount(MESSAGE_MAX_LENGTH, 'en'))).toBe('Message must be 500 characters or less');
  });

  it('names it with Latin digits in Hindi, as the counter does', () => {
    expect(hi.chat.tooLong(formatCount(MESSAGE_MAX_LENGTH, 'hi'))).toBe('संदेश में 500 से ज़्यादा अक्षर नहीं हो सकते');
  });
});
