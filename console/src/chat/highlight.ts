/**
 * The sentence of an answer that carries citation `[n]` (its first occurrence): the text before
 * the marker back to the previous sentence end or marker, without other markers. Empty when the
 * answer has no such marker.
 */
export function citingSentence(answer: string, n: string): string {
  return sentenceBefore(answer, answer.indexOf(`[${n}]`));
}

/**
 * Every sentence of an answer that carries citation `[n]`, in order, each once (a source cited
 * twice marks both places). Empty when the answer has no such marker.
 */
export function citingSentences(answer: string, n: string): string[] {
  const marker = `[${n}]`;
  const found: string[] = [];
  for (let at = answer.indexOf(marker); at >= 0; at = answer.indexOf(marker, at + marker.length)) {
    const sentence = sentenceBefore(answer, at);
    if (sentence && !found.includes(sentence)) found.push(sentence);
  }
  return found;
}

function sentenceBefore(answer: string, at: number): string {
  if (at < 0) return '';
  const before = answer.slice(0, at).replace(/\s*(\[\d+\]\s*)+$/, '');
  const start = Math.max(
    before.lastIndexOf(']') + 1,
    ...['. ', '! ', '? ', '\n'].map((s) => before.lastIndexOf(s) + 1),
  );
  return before
    .slice(start)
    .replace(/\[\d+\]/g, '')
    .trim();
}

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ');

/**
 * Where the cited sentence sits in the passage, as [start, end) offsets, or null. Tries the whole
 * sentence, then its longest run of words found verbatim (an extractive answer quotes the passage;
 * a model's paraphrase usually keeps a run of it). Runs shorter than four words are not trusted.
 */
export function findCited(passage: string, sentence: string): [number, number] | null {
  const words = sentence
    .replace(/[.!?;:]+$/, '')
    .split(/\s+/)
    .filter(Boolean);
  const hay = norm(passage);
  // Offsets in the normalised text map back to the passage when whitespace runs are one space;
  // the passage is normalised the same way for display when a highlight is found.
  for (let len = words.length; len >= 4; len--) {
    for (let i = 0; i + len <= words.length; i++) {
      const needle = norm(words.slice(i, i + len).join(' '));
      const at = hay.indexOf(needle);
      if (at >= 0) return [at, at + needle.length];
    }
  }
  return null;
}

/**
 * Where each cited sentence sits in the passage: sorted, overlapping ranges merged, sentences
 * not found left out (offsets into normalisedText, as findCited's).
 */
export function findCitedAll(passage: string, sentences: readonly string[]): [number, number][] {
  const ranges = sentences
    .map((s) => findCited(passage, s))
    .filter((r): r is [number, number] => r !== null)
    .sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}

/** The passage with whitespace runs as one space (what findCited's offsets refer to). */
export const normalisedText = (passage: string) => passage.replace(/\s+/g, ' ');
