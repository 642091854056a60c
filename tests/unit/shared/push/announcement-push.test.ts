import { describe, expect, it } from 'vitest';
import { announcementPush, type AnnouncementTextsRow } from '../../../../src/shared/push/announcement-push.ts';

const ROW: AnnouncementTextsRow = {
  id: 'a1',
  title_en: 'Diwali party',
  body_en: 'Sweets on Friday at 5.',
  title_hi: null,
  body_hi: null,
  urgent: false,
};
const HINDI = { title_hi: 'दिवाली', body_hi: 'शुक्रवार को मिठाई।' };

describe('an announcement’s push', () => {
  it.each([
    [
      'in the device’s language',
      { ...ROW, ...HINDI },
      'hi',
      true,
      { title: 'दिवाली', text: 'शुक्रवार को मिठाई।', language: 'hi' },
    ],
    ['in the other language when the device’s is missing', ROW, 'hi', true, { title: 'Diwali party', language: 'en' }],
    ['without its text when show_text is off', ROW, 'en', false, { title: 'Diwali party', language: 'en' }],
  ] as const)('is written %s', (_, row, language, showText, expected) => {
    const push = announcementPush(row, language, showText);
    expect(push).toMatchObject({ kind: 'announcement', announcement_id: 'a1', urgent: false, ...expected });
    if (!showText) expect(push).not.toHaveProperty('text');
  });

  it('keeps urgent as staff sent it', () => {
    expect(announcementPush({ ...ROW, urgent: true }, 'en', true)).toMatchObject({ urgent: true });
  });

  it('is not written when neither language has a title', () => {
    expect(announcementPush({ ...ROW, title_en: null, body_en: null }, 'en', true)).toBeUndefined();
  });
});
