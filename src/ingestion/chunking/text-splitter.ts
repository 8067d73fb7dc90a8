/**
 * Text splitting for blocks too large for a chunk. Segmentation falls back from coarse to fine
 * boundaries, like LangChain's RecursiveCharacterTextSplitter (paragraph → sentence → word →
 * character), but with real Unicode boundaries: sentences and words come from `Intl.Segmenter`,
 * which implements the Unicode text segmentation rules (UAX #29,
 * https://unicode.org/reports/tr29/) and ICU's dictionary word breaking for scripts written
 * without spaces (Chinese, Japanese, Thai). Separators are kept exactly, so rejoining the parts
 * restores the text. Sizes are in tokens, measured with the given `Count`.
 */
import type { BlockKind } from '../parsers/types.ts';
import type { Count, Piece } from './piece.ts';

/** Parts of a text and, for each, the exact separator that preceded it ('' for the first). */
export type Split = { parts: string[]; glues: string[] };

const SENTENCES = new Intl.Segmenter('und', { granularity: 'sentence' });
const WORDS = new Intl.Segmenter('und', { granularity: 'word' });
const GRAPHEMES = new Intl.Segmenter('und', { granularity: 'grapheme' });
/** UAX #29 breaks after any period followed by a capital; these endings are not sentence ends. */
const ABBREVIATION =
  /(?:^|[\s([])(?:Mr|Mrs|Ms|Dr|Prof|Sr|Jr|St|Mt|vs|etc|e\.g|i\.e|cf|al|approx|Fig|Figs|Eq|No|Nos|Vol|pp|Inc|Ltd|Co|Corp|Dept|Sec|Art|Ch|[A-Z])\.$/;

/** Sentences of prose, with abbreviations ("Dr. Smith") kept inside their sentence. */
function sentences(text: string): Split {
  const split: Split = { parts: [], glues: [] };
  let glue = '';
  for (const { segment } of SENTENCES.segment(text)) {
    const body = segment.trimEnd();
    const last = split.parts.length - 1;
    if (body === '') {
      glue += segment;
      continue;
    }
    if (last >= 0 && ABBREVIATION.test(split.parts[last]!)) split.parts[last] += glue + body;
    else {
      split.parts.push(body);
      split.glues.push(last < 0 ? '' : glue);
    }
    glue = segment.slice(body.length);
  }
  return split;
}

/** Splits at every match of `separator` (a global RegExp) that has text on both sides. */
function splitAround(text: string, separator: RegExp): Split {
  const split: Split = { parts: [], glues: [] };
  let [start, glue] = [0, ''];
  for (const m of text.matchAll(separator)) {
    if (m.index === 0 || m.index + m[0].length >= text.length) continue;
    split.parts.push(text.slice(start, m.index));
    split.glues.push(glue);
    [start, glue] = [m.index + m[0].length, m[0]];
  }
  split.parts.push(text.slice(start));
  split.glues.push(glue);
  return split;
}

/**
 * Boundaries from coarse to fine. Level 0 is the natural unit of the block kind: lines of
 * code, cells of a table row, sentences of prose. Then whitespace-separated words, then UAX #29
 * word boundaries (for text without spaces: CJK, long hyphenated or dotted identifiers).
 */
const LEVELS: ((text: string, kind: BlockKind) => Split)[] = [
  (text, kind) => {
    if (kind === 'code') return splitAround(text, /\n(?:[^\S\n]*\n)*/g);
    if (kind === 'table-row') return splitAround(text, /(?<= \|) /g); // "a | b" → "a |", "b"
    return sentences(text);
  },
  (text) => splitAround(text, /\s+/g),
  (text) => {
    const parts = Array.from(WORDS.segment(text), (s) => s.segment);
    return { parts, glues: parts.map(() => '') };
  },
];

/** Level-0 parts are whole units, except the cells of a table row. */
const isWhole = (level: number, kind: BlockKind) => level === 0 && kind !== 'table-row';

/**
 * The whole units of a block's text, the grain of overlap: sentences of prose, lines of code,
 * and a table row as one unit (its cells are not whole).
 */
export function wholeUnits(text: string, kind: BlockKind): Split {
  return kind === 'table-row' ? { parts: [text], glues: [''] } : LEVELS[0]!(text, kind);
}

/** The fragments of `p` for the parts of `split`, the first keeping the glue of `p` itself. */
function fragments(p: Piece, split: Split, whole: boolean, count: Count): Piece[] {
  return split.parts.map((text, i) => ({
    ...p,
    text,
    tokens: count(text),
    glue: i === 0 ? p.glue : split.glues[i]!,
    whole,
  }));
}

/**
 * Splits a piece into fragments of at most `target` tokens, descending through `LEVELS` only
 * where a part is still too long. A part with no boundary left (one "word" longer than
 * `target`) is returned as it is, for the packer to cut at grapheme boundaries.
 */
export function splitPiece(p: Piece, target: number, count: Count): Piece[] {
  const out: Piece[] = [];
  const refine = (part: Piece, level: number): void => {
    const split = level < LEVELS.length && part.tokens > target ? LEVELS[level]!(part.text, p.kind) : null;
    if (split === null) out.push(part);
    else if (split.parts.length <= 1) refine({ ...part, whole: false }, level + 1);
    else {
      const whole = part.whole && isWhole(level, p.kind);
      for (const f of fragments(part, split, whole, count)) refine(f, level + 1);
    }
  };
  refine(p, 0);
  return out;
}

/** Splits a piece at its coarsest available boundary only; [p] when it has none. */
export function splitOnce(p: Piece, count: Count): Piece[] {
  for (let level = 0; level < LEVELS.length; level++) {
    const split = LEVELS[level]!(p.text, p.kind);
    if (split.parts.length > 1) return fragments(p, split, p.whole && isWhole(level, p.kind), count);
  }
  return [p];
}

/** The grapheme clusters of `text`: the finest cut that never breaks a character. */
export function graphemes(text: string): string[] {
  return Array.from(GRAPHEMES.segment(text), (s) => s.segment);
}

/**
 * The longest run of graphemes `g` from `start` within `budget` tokens, found by galloping:
 * [end index (exclusive), its tokens]; [start, 0] when not even one grapheme fits.
 */
export function longestPrefix(g: string[], start: number, budget: number, count: Count): [number, number] {
  const measure = (end: number) => count(g.slice(start, end).join(''));
  let [good, goodTokens, bad, step] = [start, 0, g.length + 1, Math.max(1, budget)];
  while (good < g.length) {
    const probe = Math.min(g.length, good + step);
    const tokens = measure(probe);
    if (tokens > budget) {
      bad = probe;
      break;
    }
    [good, goodTokens, step] = [probe, tokens, step * 2];
  }
  while (bad - good > 1) {
    const mid = (good + bad) >> 1;
    const tokens = measure(mid);
    if (tokens <= budget) [good, goodTokens] = [mid, tokens];
    else bad = mid;
  }
  return [good, goodTokens];
}
