/**
 * `node scripts/answers/ranker-cv.ts --shortlists FILE [--with NAME,…]`: leave-one-article-out
 * cross-validation of the sentence ranker (assess.ts) on a SQuAD FIT dump's cached shortlists
 * (fit-answerer.ts writes them): for each FIT article, the ranker is fitted on the other three and
 * scored on the held-out article's answerable questions. Prints held-out top-1 and top-2 (a
 * sentence holding a gold answer ranked first, or among the first two), per article and pooled,
 * for the shipped features and with each experimental feature of `--with` added. For comparing
 * ranker features without reading the TEST articles.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { SENTENCE_FEATURES, type LexicalCandidate } from '../../src/chat/answering/features.ts';
import { fitConditionalLogit, softmaxScores, type FeatureRow } from '../../src/chat/answering/logistic.ts';
import { normalizeAnswer } from '../../src/evaluations/metrics.ts';
import { idfCoverage, termsOf } from '../../src/chat/llm/sentence-scoring.ts';

const { values } = parseArgs({
  options: { shortlists: { type: 'string' }, with: { type: 'string', default: '' } },
});
interface Cached {
  row: { id: string; question: string; expected: string[]; unanswerable: boolean; article?: string };
  shortlist: LexicalCandidate[];
}
const cached = (JSON.parse(readFileSync(values.shortlists!, 'utf8')) as Cached[]).filter(
  (c) => !c.row.unanswerable && c.row.article && c.shortlist.length > 0,
);
const holds = (text: string, gold: string[]) =>
  gold.some((g) => ` ${normalizeAnswer(text)} `.includes(` ${normalizeAnswer(g)} `));

/** The question before its first condition word after its third word ("… after the accident"). */
function mainClause(question: string): string {
  const words = question.split(/\s+/);
  const cut = words.findIndex(
    (w, i) => i >= 3 && /^(after|before|when|while|if|during|since|because|following)$/i.test(w),
  );
  return cut < 0 ? question : words.slice(0, cut).join(' ');
}

/** Experimental features, computed over the shortlist from the question and the sentences. */
const EXPERIMENTS: Record<string, (question: string, shortlist: LexicalCandidate[]) => number[]> = {
  mainCoverage: (question, shortlist) =>
    idfCoverage(
      termsOf(mainClause(question)),
      shortlist.map((c) => new Set(termsOf(c.sentence))),
    ),
  // Who/where/which-thing questions: the sentence names something the question does not.
  nameMatch: (question, shortlist) => {
    if (!/\b(who|whom|whose|where|which)\b/i.test(question)) return shortlist.map(() => 0);
    const asked = new Set(termsOf(question));
    return shortlist.map((c) =>
      (c.sentence.match(/(?<=\S\s+)\p{Lu}[\p{L}'’-]+/gu) ?? []).some((w) => !asked.has(termsOf(w)[0] ?? ''))
        ? 1
        : 0,
    );
  },
  // Share of the sentence's terms the question lacks: a sentence that only restates it answers nothing.
  newInfo: (question, shortlist) => {
    const asked = new Set(termsOf(question));
    return shortlist.map((c) => {
      const terms = [...new Set(termsOf(c.sentence))];
      return terms.length ? terms.filter((t) => !asked.has(t)).length / terms.length : 0;
    });
  },
};

const extra = values.with!.split(',').filter(Boolean);
for (const name of extra) if (!EXPERIMENTS[name]) throw new Error(`unknown feature ${name}`);
const rowsOf = (c: Cached, names: string[]): FeatureRow[] => {
  const added = names.map((n) => EXPERIMENTS[n]!(c.row.question, c.shortlist));
  return c.shortlist.map((s, i) => ({
    ...s.features,
    ...Object.fromEntries(names.map((n, j) => [n, added[j]![i]!])),
  }));
};

for (const names of [[], ...extra.map((n) => [n]), ...(extra.length > 1 ? [extra] : [])]) {
  const features = [...SENTENCE_FEATURES, ...names];
  const articles = [...new Set(cached.map((c) => c.row.article!))];
  const pooled = { n: 0, top1: 0, top2: 0 };
  const per: string[] = [];
  for (const held of articles) {
    const groups = (set: Cached[]) =>
      set.map((c) => ({
        rows: rowsOf(c, names),
        labels: c.shortlist.map((s) => (holds(s.sentence, c.row.expected) ? 1 : 0)),
      }));
    const model = fitConditionalLogit(features, groups(cached.filter((c) => c.row.article !== held)));
    const t = { n: 0, top1: 0, top2: 0 };
    for (const c of cached.filter((c) => c.row.article === held)) {
      const scores = softmaxScores(model, rowsOf(c, names));
      const order = scores.map((s, i) => [s, i] as const).sort((a, b) => b[0] - a[0]);
      const right = order.map(([, i]) => holds(c.shortlist[i]!.sentence, c.row.expected));
      t.n++;
      if (right[0]) t.top1++;
      if (right[0] || right[1]) t.top2++;
    }
    per.push(`${held} ${(t.top1 / t.n).toFixed(3)}`);
    pooled.n += t.n;
    pooled.top1 += t.top1;
    pooled.top2 += t.top2;
  }
  console.log(
    `${names.length ? `+${names.join('+')}` : 'shipped features'}: top-1 ${(pooled.top1 / pooled.n).toFixed(3)}, top-2 ${(pooled.top2 / pooled.n).toFixed(3)} (${pooled.n} questions; ${per.join(', ')})`,
  );
}
