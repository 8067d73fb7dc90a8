/**
 * The extractive answer's text: the reader's span first, cited, then the sentence (or table row)
 * that carries it, cited — "September 21, 2020 [3].\n\nSend comments on or before September 21,
 * 2020 [3]." A span that is most of its sentence is answered by the sentence alone.
 */
import type { ReaderEvidence } from './read-sources.ts';

/** A span at least this share of its sentence's length is the sentence: quoting both repeats it. */
const SPAN_IS_SENTENCE = 0.8;

/** "… 2020." → "… 2020 [1]." — the marker goes before the closing punctuation. */
export function cite(sentence: string, citation: number): string {
  return /[.!?]["”’)]?$/.test(sentence)
    ? sentence.replace(/([.!?]["”’)]?)$/, ` [${citation}]$1`)
    : `${sentence} [${citation}]`;
}

/** Punctuation that ends a span only because the tokeniser split it off the next word. */
const TRAILING = /[\s,;:([–—-]+$/;
const LEADING = /^[\s,;:)\]–—-]+/;

/** The answer for the reader's evidence. */
export function composeReaderAnswer(evidence: ReaderEvidence): string {
  const span = evidence.span.text.replace(TRAILING, '').replace(LEADING, '');
  const sentence = evidence.sentence.replace(/\s+/g, ' ');
  if (!span || span.length >= SPAN_IS_SENTENCE * sentence.length) return cite(sentence, evidence.citation);
  return `${span} [${evidence.citation}].\n\n${cite(sentence, evidence.citation)}`;
}
