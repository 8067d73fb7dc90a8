import type { Source } from './llm/provider.ts';
import { idfCoverage, termsOf } from './llm/sentence-scoring.ts';

/**
 * Least share of an answer's IDF-weighted terms a source must hold to be cited for it. Half:
 * an answer that restates a source passes; one that only shares a topic word does not.
 */
const MIN_SUPPORT = 0.5;

/**
 * Post-hoc attribution for an answer the model left without any valid citation (small local
 * models often forget the markers): the source that holds the largest share of the answer's
 * IDF-weighted terms (IDF taken over the sources; sentence-scoring.ts `idfCoverage`), when that
 * share reaches MIN_SUPPORT. The idea is the attribution step of RARR (Gao et al., "RARR:
 * Researching and Revising What Language Models Say", ACL 2023), with lexical evidence instead
 * of a model. The sources' terms are taken once, so a streamed answer can be checked as it grows
 * (src/chat/grounding.ts).
 */
export class SourceSupport {
  private readonly sourceTerms: Set<string>[];

  constructor(sources: readonly Source[]) {
    this.sourceTerms = sources.map((s) => new Set(termsOf(s.contextText ?? s.text)));
  }

  /** @returns the 1-based number of the source that supports `answer`, or null when none does */
  attribute(answer: string): number | null {
    return this.attributeTerms(termsOf(answer));
  }

  /** `attribute` for an answer already split into stemmed terms (sentence-scoring.ts `termsOf`). */
  attributeTerms(answerTerms: readonly string[]): number | null {
    if (answerTerms.length === 0 || this.sourceTerms.length === 0) return null;
    const coverage = idfCoverage(answerTerms, this.sourceTerms);
    let best = 0;
    for (let i = 1; i < coverage.length; i++) if (coverage[i]! > coverage[best]!) best = i;
    return coverage[best]! >= MIN_SUPPORT ? best + 1 : null;
  }
}

/**
 * The source that supports `answer` (see SourceSupport).
 * @returns the 1-based source number to cite, or null when no source supports the answer
 */
export function attributeAnswer(answer: string, sources: readonly Source[]): number | null {
  return new SourceSupport(sources).attribute(answer);
}
