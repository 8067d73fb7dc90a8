/**
 * The words of a sentence and of a question that the span model (spans.ts) reads: tokens with
 * their offsets, the stop words a span may not start or end with, and the question's focus noun
 * and the terms next to its wh-word.
 */
import { termsOf } from '../llm/sentence-scoring.ts';

/** A word or a punctuation mark of the sentence, with its offsets. */
export interface Token {
  text: string;
  start: number;
  end: number;
  word: boolean;
}

const PEEL_LEFT = /^[("“‘'[]/;
const PEEL_RIGHT = /[.,;:!?)"”’'\]]$/;

export function tokenize(sentence: string): Token[] {
  const tokens: Token[] = [];
  for (const m of sentence.matchAll(/\S+/g)) {
    let start = m.index;
    let end = start + m[0].length;
    const tail: Token[] = [];
    while (end > start && PEEL_LEFT.test(sentence[start]!)) {
      tokens.push({ text: sentence[start]!, start, end: start + 1, word: false });
      start++;
    }
    while (end > start + 1 && PEEL_RIGHT.test(sentence[end - 1]!)) {
      tail.unshift({ text: sentence[end - 1]!, start: end - 1, end, word: false });
      end--;
    }
    if (end > start)
      tokens.push({
        text: sentence.slice(start, end),
        start,
        end,
        word: /[\p{L}\p{N}]/u.test(sentence.slice(start, end)),
      });
    tokens.push(...tail);
  }
  return tokens;
}

export const EDGE_STOP = new Set(
  'a an the of and or but if in on at by for to from with as is are was were be been that which who whom whose this these those its their his her it they he she we also than then there when where while during after before into over under about between'.split(
    ' ',
  ),
);
export const PREPOSITIONS = new Set(
  'in on at by from to of during since after before until for with as into near within'.split(' '),
);
export const MONTH = /^(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?$/i;

const WH = /^(what|which|who|whom|whose|when|where|why|how)$/i;

/**
 * The question's content terms just before and just after its wh-word ("… an international
 * what?" → left {international}; "Who suggested that …" → right {suggest}): a sentence that
 * answers it keeps them next to the answer ("the international disease", "Lenin suggested").
 */
export function anchorsOf(question: string): { left: Set<string>; right: Set<string> } {
  const words = question.match(/[\p{L}\p{N}'’-]+/gu) ?? [];
  const w = words.findIndex((x) => WH.test(x));
  if (w < 0) return { left: new Set(), right: new Set() };
  const after = words.slice(w + 1, w + 4).filter((x, n) => !(n === 0 && focusOf(question) === termsOf(x)[0]));
  return {
    left: new Set(termsOf(words.slice(Math.max(0, w - 2), w).join(' '))),
    right: new Set(termsOf(after.join(' ')).slice(0, 2)),
  };
}

/**
 * The noun a "which X" / "what X" question asks about ("Which river …" → river), as a term, or
 * null: the answer often sits next to it ("the Seine river", "river Seine").
 */
export function focusOf(question: string): string | null {
  const m =
    /\b(which|what)\s+(?!(is|are|was|were|does|do|did|has|have|had|can|could|would|will)\b)(\p{L}+)/iu.exec(
      question,
    );
  return m ? (termsOf(m[3]!)[0] ?? null) : null;
}
