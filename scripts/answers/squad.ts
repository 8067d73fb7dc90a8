/**
 * SQuAD 2.0 (Rajpurkar, Jia & Liang, ACL 2018), the half of its dev set in
 * ../shared/datasets/squad2/dev-half-a.json, as documents and questions for answer quality.
 * The split is by article and fixed before anything was measured: FIT (the 1st, 3rd, 5th, 7th
 * article) for fitting the answerer's models, TEST (the others) for reporting.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const SQUAD_PATH = resolve(import.meta.dirname, '../../../shared/datasets/squad2/dev-half-a.json');
export const FIT_ARTICLES = ['Normans', '1973_oil_crisis', 'Yuan_dynasty', 'Imperialism'];
export const TEST_ARTICLES = ['Huguenot', 'Packet_switching', 'Scottish_Parliament', 'French_and_Indian_War'];

interface SquadFile {
  data: {
    title: string;
    paragraphs: {
      context: string;
      qas: {
        id: string;
        question: string;
        is_impossible: boolean;
        answers: { text: string }[];
        plausible_answers?: { text: string }[];
      }[];
    }[];
  }[];
}

let cached: SquadFile | null = null;
const load = (path = SQUAD_PATH): SquadFile =>
  (cached ??= JSON.parse(readFileSync(path, 'utf8')) as SquadFile);

/** One Markdown document per article: its title as heading, its paragraphs as paragraphs. */
export function squadDocuments(path?: string): { name: string; markdown: string }[] {
  return load(path).data.map((a) => ({
    name: `${a.title}.md`,
    markdown: `# ${a.title.replace(/_/g, ' ')}\n\n${a.paragraphs.map((p) => p.context.trim()).join('\n\n')}\n`,
  }));
}

export interface SquadQuestion {
  id: string;
  question: string;
  article: string;
  /** Gold answer strings; empty for an unanswerable question. */
  expected: string[];
  unanswerable: boolean;
  /** The paragraph the question was written on. */
  context: string;
}

/** Every question of the split's articles, in file order. */
export function squadQuestions(split: 'fit' | 'test', path?: string): SquadQuestion[] {
  const articles = split === 'fit' ? FIT_ARTICLES : TEST_ARTICLES;
  return load(path)
    .data.filter((a) => articles.includes(a.title))
    .flatMap((a) =>
      a.paragraphs.flatMap((p) =>
        p.qas.map((q) => ({
          id: q.id,
          question: q.question,
          article: a.title,
          expected: [...new Set(q.answers.map((x) => x.text))],
          unanswerable: q.is_impossible,
          context: p.context,
        })),
      ),
    );
}
