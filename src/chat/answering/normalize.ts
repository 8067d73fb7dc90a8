/**
 * Answer normalisation and token F1 as in the official SQuAD evaluation script (Rajpurkar et al.,
 * "SQuAD: 100,000+ Questions for Machine Comprehension of Text", EMNLP 2016; v2.0 script): lower
 * case, punctuation and the articles a/an/the removed, whitespace collapsed. Unicode dashes become
 * "-" first and citation markers `[n]` are dropped, so a cited answer compares as its text.
 */
export function normalizeAnswer(text: string): string {
  return text
    .replace(/\[\d+\]/g, ' ')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .toLowerCase()
    .replace(/[\p{P}\p{S}]/gu, '')
    .replace(/\b(a|an|the)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** SQuAD token F1 of a predicted answer against one gold answer, 0..1. */
export function tokenF1(prediction: string, gold: string): number {
  const p = normalizeAnswer(prediction).split(' ').filter(Boolean);
  const g = normalizeAnswer(gold).split(' ').filter(Boolean);
  if (p.length === 0 || g.length === 0) return p.length === g.length ? 1 : 0;
  const counts = new Map<string, number>();
  for (const t of g) counts.set(t, (counts.get(t) ?? 0) + 1);
  let common = 0;
  for (const t of p) {
    const c = counts.get(t) ?? 0;
    if (c > 0) {
      common++;
      counts.set(t, c - 1);
    }
  }
  if (common === 0) return 0;
  const precision = common / p.length;
  const recall = common / g.length;
  return (2 * precision * recall) / (precision + recall);
}
