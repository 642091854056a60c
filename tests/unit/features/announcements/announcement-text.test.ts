import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AnnouncementText } from '../../../../src/features/announcements/announcement-text.tsx';

const html = (text: string) => renderToStaticMarkup(createElement(AnnouncementText, { text, className: 'body' }));

describe('an announcement’s text on screen', () => {
  it('is text isolated by direction, its markup shown as the characters it is', () => {
    expect(html('<img src=x onerror=alert(1)> <b>Holiday</b>')).toBe(
      '<p class="body" dir="auto">&lt;img src=x onerror=alert(1)&gt; &lt;b&gt;Holiday&lt;/b&gt;</p>',
    );
  });

  it('opens an https: address in a new tab and dials a phone number', () => {
    expect(html('See https://thrive.example/a or call 98765 43210.')).toBe(
      '<p class="body" dir="auto">See <a href="https://thrive.example/a" target="_blank" rel="noopener noreferrer">https://thrive.example/a</a> or call <a href="tel:+919876543210">98765 43210</a>.</p>',
    );
  });
});
