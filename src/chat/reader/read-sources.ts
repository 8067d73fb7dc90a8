/**
 * The reader over a question's retrieved sources: each of the first `limit` chunks is read as a
 * passage (tables linearised, passages.ts), the best span across them wins (the highest margin
 * over "no answer"); its margin is one of the answerability gate's two inputs (answerability.ts).
 * The same reading answers for the extractive provider and grounds every generating provider's
 * answer that states its span.
 */
import type { Reader, ReadSpan } from './reader.ts';
import { passageOf, sentenceAround } from './passages.ts';

/** The reader's answer in the sources: the span, the chunk words that carry it, its [n]. */
export interface ReaderEvidence {
  /** 1-based source number: what `[n]` cites. */
  citation: number;
  span: ReadSpan;
  /** The sentence (or table row, as written in the chunk) around the span. */
  sentence: string;
  /** Whether the span was read in a linearised table row (else in the chunk's prose). */
  row: boolean;
}

export interface SourcesReading {
  /** The best span across the sources (highest margin), or null when no source had a word to read. */
  best: ReaderEvidence | null;
  /** Each reading unit's best span (a chunk's prose, each of its table rows), in source order. */
  candidates: ReaderEvidence[];
}

/** Letters and digits only, lower-cased, space-separated: how spans and answers are compared. */
const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** What the reader reads as one passage: a chunk's prose, or one of its linearised table rows. */
interface ReadingUnit {
  citation: number;
  text: string;
  row: boolean;
  sentenceOf(start: number, end: number): string;
}

/**
 * A chunk's reading units: its text with the linearised table rows blanked out, and every such row
 * on its own. A row read among its neighbours is read for the wrong month or state as often as not
 * ("18,450" of October for a question about November); read alone, each row's margin says how well
 * it fits the question, and the best row wins like the best passage does.
 */
function unitsOf(text: string, citation: number): ReadingUnit[] {
  const passage = passageOf(text);
  const rows = passage.lines.filter((l) => l.row && passage.text.slice(l.start, l.end) !== l.original);
  let prose = passage.text;
  for (const l of rows) prose = prose.slice(0, l.start) + ' '.repeat(l.end - l.start) + prose.slice(l.end);
  const units: ReadingUnit[] = [];
  if (prose.trim()) {
    const blanked = { ...passage, text: prose };
    units.push({ citation, text: prose, row: false, sentenceOf: (a, b) => sentenceAround(blanked, a, b) });
  }
  for (const l of rows)
    units.push({
      citation,
      text: passage.text.slice(l.start, l.end),
      row: true,
      sentenceOf: () => l.original.trim(),
    });
  return units;
}

/** A span of a linearised row cut at its first field boundary: "87,190; Handgun: 24,412" → "87,190". */
function withinField(span: ReadSpan): ReadSpan {
  const cut = span.text.indexOf('; ');
  return cut <= 0 ? span : { ...span, end: span.start + cut, text: span.text.slice(0, cut) };
}

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
  const units = sources.slice(0, limit).flatMap((s, i) => unitsOf(s.text, i + 1));
  const spans = await reader.read(
    question,
    units.map((u) => u.text),
  );
  const candidates: ReaderEvidence[] = [];
  spans.forEach((span, i) => {
    if (!span || repeats(span)) return;
    const unit = units[i]!;
    const trimmed = unit.row ? withinField(span) : span;
    candidates.push({
      citation: unit.citation,
      span: trimmed,
      sentence: unit.sentenceOf(trimmed.start, trimmed.end),
      row: unit.row,
    });
  });
  const best = candidates.reduce<ReaderEvidence | null>(
    (top, c) => (top === null || c.span.margin > top.span.margin ? c : top),
    null,
  );
  return { best, candidates };
}
