import { describe, expect, it } from 'vitest';
import { appendToMessage } from '../../../../../src/features/conversation/compose/quick-messages.tsx';

describe('appendToMessage', () => {
  it.each([
    ['', 'Thank you!'],
    ['   ', 'Thank you!'],
    ['\n', 'Thank you!'],
    ['Good morning.', 'Good morning. Thank you!'],
    ['Good morning. ', 'Good morning. Thank you!'],
    ['Good morning.\n', 'Good morning.\nThank you!'],
  ])('%j with a chip becomes %j', (typed, result) => {
    expect(appendToMessage(typed, 'Thank you!')).toBe(result);
  });
});
