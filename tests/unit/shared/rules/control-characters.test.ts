import { describe, expect, it } from 'vitest';
import {
  hasControlCharacter,
  hasControlCharacterBesidesLineBreaks,
} from '../../../../src/shared/rules/control-characters.ts';

const cases = [
  ['plain text', 'Asha Verma', false, false],
  ['Hindi with a zero-width joiner', 'आशा\u200d वर्मा', false, false],
  ['emoji', 'Thanks 🙏', false, false],
  ['a line feed', 'line one\nline two', true, false],
  ['a Windows line break', 'line one\r\nline two', true, false],
  ['a carriage return alone', 'overwrite\rme', true, false],
  ['a tab', 'Asha\tVerma', true, true],
  ['an escape sequence that clears a terminal', 'Asha\u001b[2J', true, true],
  ['a bell', 'Asha\u0007', true, true],
  ['a NUL', 'Asha\u0000', true, true],
  ['DEL', 'Asha\u007f', true, true],
  ['a C1 control (NEL)', 'Asha\u0085', true, true],
] as const;

describe('the control-character rule', () => {
  it.each(cases)('in a name, %s is refused: %s', (_case, text, refused) => {
    expect(hasControlCharacter(text)).toBe(refused);
  });

  it.each(cases)('in a message, %s is refused: %s', (_case, text, _inName, refused) => {
    expect(hasControlCharacterBesidesLineBreaks(text)).toBe(refused);
  });
});
