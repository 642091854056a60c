import { describe, expect, it } from 'vitest';
import { en } from '../../../../src/features/conversation/messages.ts';
import { hi } from '../../../../src/features/conversation/messages-hi.ts';
import { withWords } from '../../../../src/shared/i18n/sentence.ts';

describe('a sentence with someone else’s words in it', () => {
  it('keeps the words apart, wherever each language puts them', () => {
    expect(withWords(en.thread.eventBy, 'Ms. Rao')).toEqual(['By ', { words: 'Ms. Rao' }]);
    expect(withWords(hi.thread.eventBy, 'Ms. Rao')).toEqual([{ words: 'Ms. Rao' }, ' ने दर्ज किया']);
  });

  it('places several words, and only those given', () => {
    const newReply = (text: string) => en.thread.newReply('Ms. Rao', text);
    expect(withWords(newReply, 'See you \u202Bsoon')).toEqual([
      'New reply from Ms. Rao: ',
      { words: 'See you \u202Bsoon' },
    ]);
    expect(withWords(en.thread.newReply, 'عائشة', 'Hi')).toEqual([
      'New reply from ',
      { words: 'عائشة' },
      ': ',
      { words: 'Hi' },
    ]);
  });
});
