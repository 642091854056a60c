import { describe, expect, it } from 'vitest';
import { textLinks, type TextPart } from '../../../../src/shared/rules/text-links.ts';

const text = (value: string): TextPart => ({ kind: 'text', text: value });
const link = (value: string, href = value): TextPart => ({ kind: 'link', text: value, href });

describe('textLinks', () => {
  it.each<[string, string, TextPart[]]>([
    ['plain text stays one part', 'No session on Friday.', [text('No session on Friday.')]],
    ['an empty text has no parts', '', []],
    [
      'an https address becomes a link',
      'Details: https://thrive.example/diwali today',
      [text('Details: '), link('https://thrive.example/diwali'), text(' today')],
    ],
    [
      'the full stop after an address ends the sentence, not the address',
      'See https://thrive.example/a?b=1.',
      [text('See '), link('https://thrive.example/a?b=1'), text('.')],
    ],
    [
      'a bracket opened inside an address is kept, one around it is not',
      '(https://en.example/wiki/Diwali_(festival))',
      [text('('), link('https://en.example/wiki/Diwali_(festival)'), text(')')],
    ],
    ['http: stays text', 'http://thrive.example', [text('http://thrive.example')]],
    ['javascript: stays text', 'javascript:alert(1)', [text('javascript:alert(1)')]],
    ['an address with no host stays text', 'https:// and https://.', [text('https:// and https://.')]],
    [
      'markup stays the characters it is',
      '<b>Holiday</b> [x](https://a.example)',
      [text('<b>Holiday</b> [x]('), link('https://a.example'), text(')')],
    ],
    [
      'a direction control ends an address',
      'https://a.example/\u202Eevil',
      [link('https://a.example/'), text('\u202Eevil')],
    ],
    [
      'an Indian mobile becomes a tel: link with its one spelling',
      'Call 98765 43210 today',
      [text('Call '), link('98765 43210', 'tel:+919876543210'), text(' today')],
    ],
    ['with +91', 'Call +91-98765-43210.', [text('Call '), link('+91-98765-43210', 'tel:+919876543210'), text('.')]],
    [
      'a number with a country code',
      'UK: +44 20 7946 0958',
      [text('UK: '), link('+44 20 7946 0958', 'tel:+442079460958')],
    ],
    [
      'in a Hindi sentence',
      'कॉल करें 9876543210।',
      [text('कॉल करें '), link('9876543210', 'tel:+919876543210'), text('।')],
    ],
    ['a date is no phone number', 'On 2026-11-25 at 4:00 PM', [text('On 2026-11-25 at 4:00 PM')]],
    ['a number inside a longer one is not a phone', 'Ref 1239876543210', [text('Ref 1239876543210')]],
    ['a 10-digit number not starting 6-9 is not a mobile', '1234567890', [text('1234567890')]],
  ])('%s', (_name, input, parts) => {
    expect(textLinks(input)).toEqual(parts);
  });

  it('keeps every character: the parts put together are the text', () => {
    const input = 'A https://x.example/(a)), 98765 43210; +91 91234 56789 and http://no.';
    expect(
      textLinks(input)
        .map((part) => part.text)
        .join(''),
    ).toBe(input);
  });
});
