/**
 * The screen tests' check of a Hindi screen's words, as tests/support/hindi.ts makes it in the browser: no English
 * text of the catalogs, no Latin-letter word outside the short list, digits in Latin (tests/support/hindi-texts.ts).
 * The test DOM lays nothing out and applies no style sheet, so every text in the document is read, hidden or not; what
 * needs a browser (the document's language and title at the page's start, nothing sideways at 360 px, axe) stays
 * with the browser's check.
 */
import { expect } from 'vitest';
import { devanagariDigits, ENGLISH_TEXTS, latinWords } from '../hindi-texts.ts';

const NAMING_ATTRIBUTES = ['aria-label', 'placeholder', 'title', 'alt', 'aria-description'];
const NOT_READ = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE']);

/** Every text of the document's body, one piece a text node, and every name and hint in its attributes. */
function readablePieces(): string[] {
  const pieces: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!NOT_READ.has(node.parentElement?.tagName ?? '')) pieces.push(node.nodeValue ?? '');
  }
  for (const element of document.body.querySelectorAll('*')) {
    for (const name of NAMING_ATTRIBUTES) pieces.push(element.getAttribute(name) ?? '');
  }
  return pieces;
}

/** The screen as it is now says everything in Hindi: `state` names what is on it. */
export function expectAllHindi(state: string): void {
  const pieces = readablePieces();
  // Whole, for a catalog text split over text nodes; apart, so that two pieces never make up a word.
  const whole = pieces.join('');
  const apart = pieces.join('\n');
  expect(
    ENGLISH_TEXTS.filter((english) => whole.includes(english)),
    `English on the Hindi screen: ${state}`,
  ).toEqual([]);
  expect(devanagariDigits(apart), `Devanagari digits: ${state}`).toEqual([]);
  expect(latinWords(apart), `Latin words on the Hindi screen: ${state}`).toEqual([]);
}
