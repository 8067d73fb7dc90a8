/**
 * Scores chat answers against the question set in test/fixtures/questions.json: whether an
 * answerable question got the expected fact with a citation of the right document, and whether
 * an unanswerable one was refused. Shared by `npm run bench:chat` and the answer-quality test.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface AnswerableQuestion {
  q: string;
  /** Any of these strings in the answer counts as the right fact. */
  expect: string[];
  /** File names (basenames) whose chunks are right citations. */
  documents: string[];
}

export interface QuestionSet {
  answerable: AnswerableQuestion[];
  unanswerable: { q: string }[];
}

/** The repository's question set about ../shared/datasets/documents. */
export function loadQuestionSet(): QuestionSet {
  const path = fileURLToPath(new URL('../../test/fixtures/questions.json', import.meta.url));
  return JSON.parse(readFileSync(path, 'utf8')) as QuestionSet;
}

/** One answer as the API returned it: the text and the names of the documents its [n] cite. */
export interface ObservedAnswer {
  text: string;
  citedDocuments: string[];
}

const REFUSAL = /could not find an answer|do(?:n't| not) know|not (?:mentioned|stated|covered) in/i;

/** A refusal: no citation and the wording of "the documents do not say". */
export function isRefusal(answer: ObservedAnswer): boolean {
  return answer.citedDocuments.length === 0 && (REFUSAL.test(answer.text) || answer.text.trim() === '');
}

const baseName = (name: string) => name.split('/').pop()!;

/** Rates over a run; each in 0..1, counts alongside. */
export interface QualityReport {
  answerable: number;
  /** Answerable questions whose answer holds the expected fact. */
  correct: number;
  /** Answerable questions whose citations include a chunk of an expected document. */
  rightDocument: number;
  /** Answerable questions that were refused (should be low). */
  falseRefusals: number;
  unanswerable: number;
  /** Unanswerable questions that were refused (should be high). */
  refused: number;
  /** Non-refused answers that carry at least one citation. */
  citedShare: number;
}

/**
 * Scores answers given in question-set order (answerable first, then unanswerable).
 * The fact check is a case-insensitive substring match on any `expect` string.
 */
export function scoreAnswers(
  set: QuestionSet,
  answerable: ObservedAnswer[],
  unanswerable: ObservedAnswer[],
): QualityReport {
  let correct = 0;
  let rightDocument = 0;
  let falseRefusals = 0;
  let answered = 0;
  let cited = 0;
  set.answerable.forEach((question, i) => {
    const answer = answerable[i]!;
    const text = answer.text.toLowerCase();
    if (question.expect.some((e) => text.includes(e.toLowerCase()))) correct++;
    if (answer.citedDocuments.some((d) => question.documents.includes(baseName(d)))) rightDocument++;
    if (isRefusal(answer)) falseRefusals++;
    else {
      answered++;
      if (answer.citedDocuments.length > 0) cited++;
    }
  });
  let refused = 0;
  for (const answer of unanswerable) {
    if (isRefusal(answer)) refused++;
    else {
      answered++;
      if (answer.citedDocuments.length > 0) cited++;
    }
  }
  return {
    answerable: set.answerable.length,
    correct: correct / set.answerable.length,
    rightDocument: rightDocument / set.answerable.length,
    falseRefusals: falseRefusals / set.answerable.length,
    unanswerable: set.unanswerable.length,
    refused: refused / Math.max(1, set.unanswerable.length),
    citedShare: answered ? cited / answered : 0,
  };
}
