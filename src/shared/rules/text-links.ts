/**
 * Words staff wrote, split into text and the two kinds of link a parent may
 * tap in them: an `https:` address and a phone number. Nothing else in the
 * text is markup: the page draws every part as text (a link's words too),
 * so `<b>`, `[x](y)` or `javascript:` stay the characters they are. A phone
 * number becomes a link only when the phone rule reads it (phone.ts), and
 * its `tel:` address is the number's one spelling.
 */
import { phoneKey } from './phone.ts';

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** Direction controls end an address: they are never part of one, and a page must not carry them into an href. */
const NOT_IN_ADDRESS = '\\s<>"\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069';
/** `https://` and a host at least; `http:` and every other scheme stay text. */
const ADDRESS = `https://[^/?#${NOT_IN_ADDRESS}][^${NOT_IN_ADDRESS}]*`;
/** An Indian mobile (with or without +91), or any number with a country code, digits apart by a space or a dash. */
const PHONE = '(?:\\+91[ -]?)?[6-9](?:[ -]?[0-9]){9}|\\+[1-9](?:[ -]?[0-9]){1,14}';
/** Not inside a longer word or number. */
const LINKS = new RegExp(`(?<![\\w+/])(?:(${ADDRESS})|(${PHONE}))(?![\\w])`, 'giu');

/** Punctuation that ends a sentence after an address is not part of it; a closing bracket is, when it opened inside. */
function trimAddress(address: string): string {
  let end = address.length;
  for (;;) {
    const last = address[end - 1] ?? '';
    if (/[.,;:!?'"]/.test(last)) end -= 1;
    else if (last === ')' && count(address.slice(0, end), '(') < count(address.slice(0, end), ')')) end -= 1;
    else return address.slice(0, end);
  }
}

const count = (text: string, character: string) => text.split(character).length - 1;

export function textLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  const push = (part: TextPart) => {
    const last = parts.at(-1);
    if (part.kind === 'text' && last?.kind === 'text') last.text += part.text;
    else if (part.text !== '') parts.push(part);
  };
  for (const match of text.matchAll(LINKS)) {
    const [found, address, phone] = match;
    const start = match.index;
    let link: TextPart | undefined;
    if (address !== undefined) {
      const trimmed = trimAddress(address);
      // 'https://.' and the like: nothing is left of the host once the punctuation goes.
      if (trimmed.length > 'https://'.length) link = { kind: 'link', text: trimmed, href: trimmed };
    } else if (phone !== undefined) {
      const key = phoneKey(phone);
      if (key) link = { kind: 'link', text: phone, href: `tel:${key}` };
    }
    if (!link) continue;
    push({ kind: 'text', text: text.slice(at, start) });
    push(link);
    at = start + link.text.length;
    if (link.text.length < found.length) push({ kind: 'text', text: text.slice(at, start + found.length) });
    at = Math.max(at, start + found.length);
  }
  push({ kind: 'text', text: text.slice(at) });
  return parts;
}
