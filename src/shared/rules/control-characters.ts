/**
 * Control characters (Unicode category Cc: C0, DEL and C1, e.g. ESC, BEL,
 * TAB, CR, LF) have no place in what a person types into the portal, and in
 * an operator's terminal they can clear the screen or forge other lines.
 * Names are one line; multi-line texts (messages, notes, preferred times)
 * may keep their line breaks and nothing else.
 *
 * Cc is written as its ranges (U+0000-U+001F, U+007F-U+009F) rather than
 * \p{Cc}: the contract's JSON Schema (server/contract/request-schema.ts)
 * is built from these patterns, for validators that may not know \p{…}.
 */
// oxlint-disable-next-line no-control-regex -- finding control characters is the point
export const ANY_CONTROL = /[\u0000-\u001F\u007F-\u009F]/u;
/** Cc without LF (U+000A) and CR (U+000D). */
// oxlint-disable-next-line no-control-regex -- as above
export const CONTROL_BESIDES_LINE_BREAKS = /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;

/** For one-line fields: a name. */
export function hasControlCharacter(text: string): boolean {
  return ANY_CONTROL.test(text);
}

/** For multi-line fields: line breaks (LF, CR) are allowed, every other control character is not. */
export function hasControlCharacterBesidesLineBreaks(text: string): boolean {
  return CONTROL_BESIDES_LINE_BREAKS.test(text);
}

/**
 * Characters that change the direction of the text after them: bidi
 * embeddings and overrides (U+202A-U+202E) and isolates (U+2066-U+2069). In
 * a name they can make it read as another (`Mal\u202EGNP.exe` shows as
 * `Malexe.PNG`); marks (U+200E, U+200F) only hint and are not among them.
 */
export const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/u;

export function hasDirectionControl(text: string): boolean {
  return DIRECTION_CONTROLS.test(text);
}
