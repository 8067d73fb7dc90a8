/**
 * The question sets `npm run bench:answers` runs: the repository's fixtures about
 * ../shared/datasets/documents, and a fixed-seed sample of the SQuAD 2.0 half in
 * ../shared/datasets/squad2 with its articles as Markdown documents.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseQuestionSet, type Question } from '../../src/evaluations/question-set.ts';

const fixture = (name: string) => fileURLToPath(new URL(`../../test/fixtures/${name}`, import.meta.url));

/** A question set read from a .jsonl or .csv file. */
export function loadSetFile(path: string): Question[] {
  return parseQuestionSet(readFileSync(path, 'utf8'), path.endsWith('.csv') ? 'csv' : 'jsonl');
}

/**
 * test/fixtures/answers/<name>.jsonl; for `questions`, until that file exists, the older
 * test/fixtures/questions.json converted to the format. null when neither exists.
 */
export function loadFixtureSet(name: 'questions' | 'dev'): Question[] | null {
  const path = fixture(`answers/${name}.jsonl`);
  if (existsSync(path)) return loadSetFile(path);
  if (name === 'dev') return null;
  const old = JSON.parse(readFileSync(fixture('questions.json'), 'utf8')) as {
    answerable: { q: string; expect: string[]; documents: string[] }[];
    unanswerable: { q: string }[];
  };
  const lines = [
    ...old.answerable.map((a, i) => ({
      id: `a${i + 1}`,
      question: a.q,
      expected: a.expect,
      documents: a.documents,
    })),
    ...old.unanswerable.map((u, i) => ({ id: `u${i + 1}`, question: u.q, unanswerable: true })),
  ];
  return parseQuestionSet(lines.map((l) => JSON.stringify(l)).join('\n'), 'jsonl');
}

interface SquadQa {
  id: string;
  question: string;
  answers: { text: string }[];
  is_impossible?: boolean;
}
interface SquadArticle {
  title: string;
  paragraphs: { context: string; qas: SquadQa[] }[];
}

/** The fixed split by article (issue 20): fit the answerability model on FIT, report on TEST. */
export const SQUAD_SPLIT = {
  fit: ['Normans', '1973_oil_crisis', 'Yuan_dynasty', 'Imperialism'],
  test: ['Huguenot', 'Packet_switching', 'Scottish_Parliament', 'French_and_Indian_War'],
} as const;

/** Seed of the sample; changing it changes every published SQuAD figure. */
export const SQUAD_SEED = 20;

/** mulberry32 (Tommy Ettinger, public domain): a small seeded PRNG, uniform in [0, 1). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher–Yates with the seeded PRNG: the same order on every machine. */
function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export interface SquadBench {
  /** Every article as `{ name: "<Title>.md", markdown }`: all 8 are uploaded, whatever the split. */
  documents: { name: string; markdown: string }[];
  questions: Question[];
}

/**
 * The SQuAD 2.0 half: documents for all its articles, and `perClass` answerable plus `perClass`
 * unanswerable questions drawn with SQUAD_SEED from the articles of `split`. Gold answers are all
 * of a question's `answers[].text`, deduplicated.
 */
export function loadSquad(path: string, split: 'fit' | 'test', perClass: number): SquadBench {
  const data = (JSON.parse(readFileSync(path, 'utf8')) as { data: SquadArticle[] }).data;
  const documents = data.map((a) => ({
    name: `${a.title}.md`,
    markdown: `# ${a.title.replace(/_/g, ' ')}\n\n${a.paragraphs.map((p) => p.context.trim()).join('\n\n')}\n`,
  }));
  const chosen = data.filter((a) => (SQUAD_SPLIT[split] as readonly string[]).includes(a.title));
  const qas = chosen.flatMap((a) => a.paragraphs.flatMap((p) => p.qas.map((qa) => ({ qa, title: a.title }))));
  const random = mulberry32(SQUAD_SEED);
  const answerable = shuffled(
    qas.filter(({ qa }) => !qa.is_impossible && qa.answers.length),
    random,
  ).slice(0, perClass);
  const unanswerable = shuffled(
    qas.filter(({ qa }) => qa.is_impossible),
    random,
  ).slice(0, perClass);
  const questions: Question[] = [
    ...answerable.map(({ qa, title }) => ({
      id: qa.id,
      question: qa.question.trim(),
      expected: [...new Set(qa.answers.map((a) => a.text.trim()))],
      documents: [`${title}.md`],
      unanswerable: false,
      kind: 'fact' as const,
      history: [],
    })),
    ...unanswerable.map(({ qa }) => ({
      id: qa.id,
      question: qa.question.trim(),
      expected: [],
      documents: [],
      unanswerable: true,
      kind: 'unanswerable' as const,
      history: [],
    })),
  ];
  return { documents, questions };
}
