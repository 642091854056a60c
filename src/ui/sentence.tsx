import type { SentencePart } from '../shared/i18n/sentence.ts';

/** A sentence of the page's with someone else's words in it, each in a <bdi> (src/shared/i18n/sentence.ts). */
export function Sentence({ parts }: { parts: readonly SentencePart[] }) {
  return <>{parts.map((part, index) => (typeof part === 'string' ? part : <bdi key={index}>{part.words}</bdi>))}</>;
}
