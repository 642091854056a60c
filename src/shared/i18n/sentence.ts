/**
 * One of the page's sentences with someone else's words in it: a facilitator's
 * name, a reason staff wrote. The page draws those words isolated by direction
 * (src/ui/sentence.tsx), so a right-to-left name, or a direction character
 * stored before the checks refused it, cannot reorder the sentence around them.
 * The sentence still comes whole from its catalog, so each language keeps its
 * own word order: it is written with a marker in each place and split there.
 */

/** The page's own text, or someone else's words. */
export type SentencePart = string | { readonly words: string };

const marker = (index: number) => `\uE000${index}\uE001`;
const MARKERS = /\uE000(\d+)\uE001/;

/** `sentence` with `words` in their places, each apart: withWords(t.eventBy, 'Ms. Rao') is ['By ', { words: 'Ms. Rao' }]. */
export function withWords(sentence: (...words: string[]) => string, ...words: string[]): SentencePart[] {
  return sentence(...words.map((_, index) => marker(index)))
    .split(MARKERS)
    .map((part, index) => (index % 2 === 0 ? part : { words: words[Number(part)] ?? '' }))
    .filter((part) => part !== '');
}
