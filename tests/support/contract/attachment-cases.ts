import { HOSTILE_HEADS } from '../media-samples.ts';
import { chat, file, refusal, type CaseContext, type ContractCase, type Refusal } from './case.ts';

const chatWith = (attachment: () => ReturnType<typeof file>) => (c: CaseContext) => chat('hi', [attachment()])(c);
const photos = (count: number) => Array.from({ length: count }, (_, i) => file('image/jpeg', `p${i}.jpg`, 64));

const ATTACHMENTS: Refusal[] = [
  [
    'a PDF attachment',
    chatWith(() => ({ ...file('image/png', 'report.pdf'), mimetype: 'application/pdf' })),
    'report.pdf is not a valid file type',
  ],
  [
    'an SVG image',
    chatWith(() => ({
      ...file('image/png', 'drawing.svg', 0, HOSTILE_HEADS['an SVG image with a script']),
      mimetype: 'image/svg+xml',
    })),
    'drawing.svg is not a valid file type',
  ],
  [
    'a broken type with HTML inside',
    chatWith(() => ({ ...file('image/png', 'x.png'), mimetype: 'image/;text/html' })),
    'x.png is not a valid file type',
  ],
  [
    'a type with a line break inside',
    chatWith(() => ({ ...file('image/png', 'x.png'), mimetype: 'image/png\r\nX-Evil: 1' })),
    'x.png is not a valid file type',
  ],
  [
    'a type with parameters',
    chatWith(() => ({ ...file('image/png', 'x.png'), mimetype: 'image/png; q=1' })),
    'x.png is not a valid file type',
  ],
  [
    'HTML declared as a PNG',
    chatWith(() => file('image/png', 'photo.png', 0, HOSTILE_HEADS['an HTML page'])),
    'photo.png is not a valid file type: its content is not image/png',
  ],
  [
    'a JPEG declared as a PNG',
    chatWith(() => ({ ...file('image/jpeg', 'photo.png'), mimetype: 'image/png' })),
    'photo.png is not a valid file type: its content is not image/png',
  ],
  [
    'a file name with a path and terminal escapes',
    chatWith(() => ({ ...file('image/png', '../../evil\u001b[2J\u202e.svg'), mimetype: 'image/svg+xml' })),
    'evil[2J.svg is not a valid file type',
  ],
  [
    'a file of 0 bytes',
    chatWith(() => ({ filename: 'empty.jpg', mimetype: 'image/jpeg', content: '' })),
    'empty.jpg is empty (0 bytes) and cannot be sent',
  ],
  ['11 attachments', chat('hi', photos(11)), 'A message can carry at most 10 attachments'],
  [
    'base64 that does not decode',
    chatWith(() => ({ ...file('image/png', 'a.png'), content: 'not base64!' })),
    'a.png could not be read: its content is not valid base64',
  ],
  [
    'base64 without its padding',
    chatWith(() => ({ ...file('image/png', 'a.png'), content: 'YWJjZA' })),
    'a.png could not be read: its content is not valid base64',
  ],
];

export const ATTACHMENT_CASES: ContractCase[] = ATTACHMENTS.map((r) => refusal(r));
