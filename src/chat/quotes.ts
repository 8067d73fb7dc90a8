import { termsOf } from './llm/sentence-scoring.ts';
import { sentencesOf } from './answering/candidates.ts';

/** Longest quote, characters: one sentence, cut at a word with `…` when a "sentence" runs on. */
export const QUOTE_CHARS = 400;

/** The answer's sentences that carry marker `[n]`, markers removed. */
function citingSentences(answer: string, n: number): string {
  const marker = `[${n}]`;
  return answer
    .split(/(?<=[.!?…])\s+|\n+/)
    .filter((s) => s.includes(marker))
    .join(' ')
    .replace(/\[\d{1,4}\]/g, ' ');
}

const cut = (s: string) => {
  if (s.length <= QUOTE_CHARS) return s;
  const head = s.slice(0, QUOTE_CHARS);
  const space = head.lastIndexOf(' ');
  return `${space > QUOTE_CHARS * 0.6 ? head.slice(0, space) : head}…`;
};

/**
 * The sentence of a cited chunk the answer cites it for: the chunk sentence sharing the most
 * stemmed content terms with the answer's sentences that carry `[n]` (ties: the earlier one).
 * The widget and the console show it instead of the chunk's opening words, which often stop
 * before the cited passage. Untrusted plain text, like the chunk.
 * @returns the sentence (at most QUOTE_CHARS characters), or undefined when no sentence shares a term
 */
export function quoteFor(chunkText: string, answer: string, n: number): string | undefined {
  const wanted = new Set(termsOf(citingSentences(answer, n)));
  if (!wanted.size) return undefined;
  let best: string | undefined;
  let bestScore = 0;
  for (const sentence of sentencesOf(chunkText)) {
    const score = new Set(termsOf(sentence).filter((term) => wanted.has(term))).size;
    if (score > bestScore) {
      best = sentence;
      bestScore = score;
    }
  }
  return best === undefined ? undefined : cut(best.replace(/\s+/g, ' ').trim());
}
