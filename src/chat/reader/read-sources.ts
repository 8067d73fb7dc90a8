/**
 * The reader over a question's retrieved sources: each of the first `limit` chunks is read as a
 * passage (tables linearised, passages.ts), the best span across them wins (the highest margin
 * over "no answer"), and its margin gives the calibrated answerability (answerability.ts). The
 * same reading answers for the extractive provider and guards every generating provider.
 */
import type { Reader, ReadSpan } from './reader.ts';
import { passageOf, sentenceAround } from './passages.ts';
import { answerability } from './answerability.ts';

/** The reader's answer in the sources: the span, the chunk words that carry it, its [n]. */
export interface ReaderEvidence {
  /** 1-based source number: what `[n]` cites. */
  citation: number;
  span: ReadSpan;
  /** The sentence (or table row, as written in the chunk) around the span. */
  sentence: string;
}

export interface SourcesReading {
  /** The best span across the sources, or null when no source had a word to read. */
  best: ReaderEvidence | null;
  /** Calibrated P(answerable), 0..1. */
  answerable: number;
}

/** Letters and digits only, lower-cased, space-separated: how spans and answers are compared. */
const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * Reads the first `limit` sources for the question.
 * @param sources chunk texts in retrieval order ([1] = sources[0])
 * @param previousAnswer a completed follow-up's previous answer: a span it already gave is passed
 *   over for the next best, since the follow-up asks beyond it ("And the docket number?")
 */
export async function readSources(
  reader: Reader,
  question: string,
  sources: readonly { text: string }[],
  limit: number,
  previousAnswer = '',
): Promise<SourcesReading> {
  const given = ` ${wordsOf(previousAnswer)} `;
  const repeats = (span: ReadSpan) => previousAnswer !== '' && given.includes(` ${wordsOf(span.text)} `);
  const passages = sources.slice(0, limit).map((s) => passageOf(s.text));
  const spans = await reader.read(
    question,
    passages.map((p) => p.text),
  );
  let best: ReaderEvidence | null = null;
  spans.forEach((span, i) => {
    if (!span || repeats(span) || (best && span.margin <= best.span.margin)) return;
    best = { citation: i + 1, span, sentence: sentenceAround(passages[i]!, span.start, span.end) };
  });
  const found = best as ReaderEvidence | null;
  return { best: found, answerable: answerability(found ? found.span.margin : null) };
}
