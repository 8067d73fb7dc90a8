/**
 * Features of candidate sentences and of a whole question, for the answerer's fitted models
 * (model.json, fitted by scripts/answers/fit-answerer.ts). They are chosen to survive
 * paraphrase: embedding similarity, rarity-weighted term coverage over the sentence, its
 * neighbours and its whole chunk with the document's title and headings, the retriever's
 * fused score and rank, and whether the sentence holds the kind of value the question asks for.
 */
import type { FeatureRow } from './logistic.ts';
import { valuePattern } from './value-patterns.ts';
import { holdsOtherForm } from './name-forms.ts';
import type { Candidate } from './candidates.ts';
import {
  answerType,
  holdsAnswerType,
  idfCoverage,
  termsOf,
  withoutComplexPrepositions,
  withoutQuestionIdentifiers,
} from '../llm/sentence-scoring.ts';

/** What a source contributes besides its text. */
export interface SourceInfo {
  text: string;
  documentName: string;
  headingPath: string[];
  score: number;
  /** The chunk's id, where the source is a stored chunk: its sentences' vectors are remembered. */
  chunkId?: string;
  /** Set on a web search result (chat/web-sources.ts): its `web_<n>` id names no stored chunk. */
  web?: unknown;
}

/** Candidates kept for embedding, best lexical ones first: embedding costs ~2 ms a sentence. */
export const SHORTLIST = 10;

/** A figure: "2012", "1,250", "3.5". */
const VALUE = /\d[\d,.]*\d|\d/g;

/**
 * `sentence` without the figures the question itself gives, so that "How many people downloaded
 * Thunderbird in 2012?" is not answered in type by a sentence whose only figure is 2012.
 */
export function withoutValues(sentence: string, values: readonly string[]): string {
  if (values.length === 0) return sentence;
  const given = new Set(values);
  return sentence.replace(VALUE, (v) => (given.has(v) ? ' ' : v));
}

const bigramsOf = (terms: string[]) => new Set(terms.slice(1).map((t, i) => `${terms[i]} ${t}`));

/** A candidate with its lexical features, before embedding. */
export interface LexicalCandidate extends Candidate {
  features: FeatureRow;
  /** Cheap pre-score that picks the SHORTLIST. */
  prescore: number;
}

/** Question-level facts shared by every candidate's features. */
export interface QuestionFacts {
  terms: string[];
  wanted: ReturnType<typeof answerType>;
  /** Share of the question's distinct terms found nowhere in the sources, titles or headings, 0..1. */
  novel: number;
  /**
   * Names, dates and figures of the question (capitalised words after the first, numbers) found
   * nowhere in the sources: "Alabama in October 2015" against a November report. A near-miss
   * question names what the documents do not have.
   */
  novelNames: string[];
}

/** An identifier in code style: camelCase, snake_case or a dotted path ("externalFileAccess", "pdfplumber.open"). */
const IDENTIFIER = /^\p{Ll}[\p{L}\p{N}]*(\p{Lu}|[_.]\p{L})/u;

/**
 * Capitalised words after the question's first word, identifiers (`IDENTIFIER`) and numbers:
 * what a near miss alters.
 */
export function namesOf(question: string): string[] {
  // A word that opens a sentence is capitalised by grammar, not because it names something.
  const words = [...question.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’._-]*/gu)].filter(
    (m) => m.index > 0 && !/[.?!]\s*$/.test(question.slice(0, m.index)),
  );
  return words
    .map((m) => m[0].replace(/['’]s$/, '').replace(/[.]$/, ''))
    .filter((w) => ((/^\p{Lu}/u.test(w) || IDENTIFIER.test(w)) && termsOf(w).length > 0) || /^\d/.test(w));
}

/**
 * Lexical features of every candidate, sorted by pre-score (best first).
 * @param sources the numbered sources, sources[c.citation - 1] is a candidate's own
 */
export function lexicalCandidates(
  question: string,
  sources: readonly SourceInfo[],
  candidates: readonly Candidate[],
): { facts: QuestionFacts; ranked: LexicalCandidate[] } {
  // "What is pdfplumber built on top of?" asks nothing about a "top-level" class.
  const terms = termsOf(withoutComplexPrepositions(question));
  const unique = [...new Set(terms)];
  const wanted = answerType(question);
  const sourceTerms = sources.map(
    (s) =>
      new Set(
        termsOf(
          `${s.documentName.replace(/\.\w+$/, '').replace(/[_-]/g, ' ')} ${s.headingPath.join(' ')} ${s.text}`,
        ),
      ),
  );
  const everywhere = new Set(sourceTerms.flatMap((s) => [...s]));
  const novel = unique.length === 0 ? 0 : unique.filter((t) => !everywhere.has(t)).length / unique.length;
  const allText = sources
    .map((s) => `${s.documentName} ${s.headingPath.join(' ')} ${s.text}`)
    .join('\n')
    .toLowerCase();
  const novelNames = namesOf(question).filter(
    (n) => !allText.includes(n.toLowerCase()) && !holdsOtherForm(allText, n),
  );
  const sentenceTerms = candidates.map((c) => new Set(termsOf(c.sentence)));
  const windowTerms = candidates.map((c) => new Set(termsOf(`${c.previous} ${c.sentence} ${c.next}`)));
  const coverage = idfCoverage(terms, sentenceTerms);
  const windowCoverage = idfCoverage(terms, windowTerms);
  const chunkCoverage = idfCoverage(terms, sourceTerms);
  const questionBigrams = bigramsOf(terms);
  const valueAt = valuePattern(question);
  const questionValues = question.match(VALUE) ?? [];
  const top = sources[0]?.score || 1;
  const ranked = candidates.map((c, i) => {
    const sentenceBigrams = bigramsOf(termsOf(c.sentence));
    const bigram =
      questionBigrams.size === 0
        ? 0
        : [...questionBigrams].filter((b) => sentenceBigrams.has(b)).length / questionBigrams.size;
    // A number asked for must be one the question does not give itself; a date keeps its year
    // ("September 21, 2020" answers "When in 2020 …?").
    const typeMatch =
      wanted !== null &&
      holdsAnswerType(
        wanted === 'number'
          ? withoutValues(c.sentence, questionValues)
          : wanted === 'code'
            ? withoutQuestionIdentifiers(c.sentence, question)
            : c.sentence,
        wanted,
      )
        ? 1
        : 0;
    const valueMatch = valueAt !== null && valueAt.test(c.sentence) ? 1 : 0;
    const features: FeatureRow = {
      coverage: coverage[i]!,
      windowCoverage: windowCoverage[i]!,
      chunkCoverage: chunkCoverage[c.citation - 1]!,
      bigram,
      typeMatch,
      valueMatch,
      rank: 1 / c.citation,
      scoreRatio: (sources[c.citation - 1]?.score ?? 0) / top,
      length: Math.log1p(sentenceTerms[i]!.size),
      first: c.index === 0 ? 1 : 0,
    };
    const prescore = coverage[i]! + 0.3 * windowCoverage[i]! + 0.05 / c.citation + 0.15 * typeMatch;
    return { ...c, features, prescore };
  });
  ranked.sort((a, b) => b.prescore - a.prescore);
  return { facts: { terms, wanted, novel, novelNames }, ranked };
}

const dot = (a: readonly number[], b: ArrayLike<number>) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);

/** Adds the embedding similarity (cosine of L2-normalised vectors) to shortlisted candidates. */
export function withSimilarity<T extends LexicalCandidate>(
  shortlist: readonly T[],
  questionVector: readonly number[],
  sentenceVectors: readonly ArrayLike<number>[],
): T[] {
  return shortlist.map((c, i) => ({
    ...c,
    features: { ...c.features, similarity: dot(questionVector, sentenceVectors[i]!) },
  }));
}

/**
 * Names of the sentence ranker's features, in model order. `chunkCoverage` is left out: every
 * sentence of a chunk shares it, and fitted on SQuAD it took a negative weight that sank the
 * right sentence of the best-matching chunk on real documents (the FAA comment deadline).
 */
export const SENTENCE_FEATURES = [
  'similarity',
  'coverage',
  'windowCoverage',
  'bigram',
  'typeMatch',
  'valueMatch',
  'rank',
  'scoreRatio',
  'length',
  'first',
];
