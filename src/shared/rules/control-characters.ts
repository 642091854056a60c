/**
 * Control characters (Unicode category Cc: C0, DEL and C1, e.g. ESC, BEL,
 * TAB, CR, LF) have no place in what a person types into the portal, and in
 * an operator's terminal they can clear the screen or forge other lines.
 * Names are one line; multi-line texts (messages, notes, preferred times)
 * may keep their line breaks and nothing else.
 */
const ANY_CONTROL = /\p{Cc}/u;
const CONTROL_BESIDES_LINE_BREAKS = /[^\P{Cc}\n\r]/u;

/** For one-line fields: a name. */
export function hasControlCharacter(text: string): boolean {
  return ANY_CONTROL.test(text);
}

/** For multi-line fields: line breaks (LF, CR) are allowed, every other control character is not. */
export function hasControlCharacterBesidesLineBreaks(text: string): boolean {
  return CONTROL_BESIDES_LINE_BREAKS.test(text);
}
