/**
 * Character error rate: Levenshtein distance between the recognised and the reference text,
 * divided by the reference length (the standard OCR metric, e.g. ISRI/ocreval's "character
 * accuracy" = 1 − CER). Both texts are normalised first: Unicode NFKC, whitespace runs collapsed
 * to one space, trimmed — so line breaks and column layout count, but not spacing.
 * @returns 0..∞ (above 1 when the output is much longer than the reference); 0 for two empty texts
 */
export function characterErrorRate(recognised: string, reference: string): number {
  const norm = (s: string) => s.normalize('NFKC').replace(/\s+/g, ' ').trim();
  const ref = norm(reference);
  const hyp = norm(recognised);
  if (ref.length === 0) return hyp.length === 0 ? 0 : 1;
  let previous = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i++) {
    const current = [i];
    for (let j = 1; j <= hyp.length; j++) {
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (ref[i - 1] === hyp[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[hyp.length]! / ref.length;
}
