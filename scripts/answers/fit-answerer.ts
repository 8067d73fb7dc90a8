/**
 * `node scripts/answers/fit-answerer.ts [--dump /tmp/squad-fit.jsonl]`: fits the extractive
 * answerer's models (src/chat/answering/model.json) on a retrieval dump of the SQuAD 2.0 FIT
 * articles (dump-candidates.ts), never on the TEST articles:
 * - the sentence ranker: P(sentence holds a gold answer), over the shortlisted candidates of
 *   answerable questions;
 * - answerability: P(the question is answerable), over question-level features of the ranked
 *   candidates; its threshold moves along the precision/recall curve printed here.
 * - the span scorer (spans.ts): P(span is the gold answer) over candidate spans of the sentence.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadTransformersEmbedder } from '../../src/embeddings/transformers.embedder.ts';
import { candidatesOf } from '../../src/chat/answering/candidates.ts';
import {
  lexicalCandidates,
  withSimilarity,
  SHORTLIST,
  SENTENCE_FEATURES,
} from '../../src/chat/answering/features.ts';
import {
  fitConditionalLogit,
  fitLogistic,
  predict,
  type FeatureRow,
} from '../../src/chat/answering/logistic.ts';
import { rankShortlist } from '../../src/chat/answering/assess.ts';
import { questionFeatures, ANSWERABILITY_FEATURES } from '../../src/chat/answering/answerability.ts';
import { spanCandidates } from '../../src/chat/answering/spans.ts';
import { fitSpanModel } from './span-fit.ts';
import { normalizeAnswer, tokenF1 } from '../../src/evaluations/metrics.ts';

const { values } = parseArgs({
  options: {
    dump: { type: 'string', default: '/tmp/squad-fit.jsonl' },
    out: { type: 'string' },
    extra: { type: 'string', multiple: true, default: [] },
    'extra-weight': { type: 'string', default: '10' },
    // Prints P(answerable) of every fixture question (dev and old, the fitting data) with its label.
    list: { type: 'boolean', default: false },
  },
});
interface Dumped {
  id: string;
  question: string;
  expected: string[];
  unanswerable: boolean;
  sources: { text: string; document: string; score: number; headingPath: string[] }[];
}
const rows = readFileSync(values.dump!, 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as Dumped);
/** A bench:answers --json file (the fixtures' dev set, the older questions.json) as dumped rows. */
interface BenchRow {
  set: string;
  question: { id: string; question: string; expected?: string[]; unanswerable?: boolean; history: string[] };
  /** Every retrieved chunk in rank order (older files: `sources`, with `documentScore`). */
  retrieved?: { documentName: string; score: number; text: string; headingPath: string[] }[];
  sources?: { documentName: string; documentScore: number; text: string }[];
}
const chunksOf = (r: BenchRow) =>
  r.retrieved ??
  (r.sources ?? []).map((s) => ({ ...s, score: s.documentScore, headingPath: [] as string[] }));
const extra: Dumped[] = values.extra!.flatMap((file) =>
  (JSON.parse(readFileSync(file, 'utf8')) as BenchRow[])
    .filter((r) => r.question.history.length === 0 && chunksOf(r).length > 0)
    .map((r) => ({
      id: r.question.id,
      question: r.question.question,
      expected: r.question.expected ?? [],
      unanswerable: r.question.unanswerable === true,
      sources: chunksOf(r).map((s) => ({
        text: s.text,
        document: s.documentName,
        score: s.score,
        headingPath: s.headingPath,
      })),
    })),
);
const extraIds = new Set(extra.map((r) => r.id));
const extraQuestions = new Set(extra.map((r) => r.question));
rows.push(...extra);
const contains = (text: string, golds: string[]) =>
  golds.some((g) => normalizeAnswer(text).includes(normalizeAnswer(g)));
type Scored = ReturnType<typeof withSimilarity>[number];
// Embedding every shortlist takes minutes: kept beside the dump, so refitting takes seconds.
const cachePath = `${values.dump}${values.extra!.map((f) => `+${f.replace(/\W/g, '_')}`).join('')}.shortlists.json`;
let perQuestion: { row: Dumped; shortlist: Scored[] }[];
if (existsSync(cachePath)) perQuestion = JSON.parse(readFileSync(cachePath, 'utf8')) as typeof perQuestion;
else {
  const embedder = await loadTransformersEmbedder(
    resolve(process.env.MODELS_DIR ?? 'models'),
    'Xenova/all-MiniLM-L6-v2',
  );
  perQuestion = [];
  for (const row of rows) {
    const sources = row.sources.map((s) => ({
      text: s.text,
      documentName: s.document,
      headingPath: s.headingPath,
      score: s.score,
    }));
    const { facts, ranked } = lexicalCandidates(row.question, sources, candidatesOf(sources));
    const shortlist = ranked.slice(0, SHORTLIST);
    if (shortlist.length === 0) {
      perQuestion.push({ row, shortlist: [] });
      continue;
    }
    const [q, ...vs] = await embedder.embedDocuments([row.question, ...shortlist.map((c) => c.sentence)]);
    const scored = withSimilarity(shortlist, q!, vs).map((c) => ({
      ...c,
      features: { ...c.features, novel: facts.novel, novelName: facts.novelNames.length > 0 ? 1 : 0 },
    }));
    perQuestion.push({ row, shortlist: scored });
  }
  writeFileSync(cachePath, JSON.stringify(perQuestion));
}
// Sentence ranker: a conditional logit over each answerable question's shortlist; the right
// choices are the sentences that hold a gold answer.
// The fixture questions are few beside SQuAD's: weighted up (repeated) as for answerability,
// so that real documents' cues ("by what date" → "… by September 21, 2020") keep their weight.
const weight = Number(values['extra-weight']);
const ranker = fitConditionalLogit(
  SENTENCE_FEATURES,
  perQuestion
    .filter(({ row }) => !row.unanswerable)
    .flatMap(({ row, shortlist }) =>
      new Array<{ rows: FeatureRow[]; labels: number[] }>(extraIds.has(row.id) ? weight : 1).fill({
        rows: shortlist.map((c) => c.features),
        labels: shortlist.map((c) => (contains(c.sentence, row.expected) ? 1 : 0)),
      }),
    ),
);
const rankedOf = (shortlist: Scored[]) => rankShortlist(ranker, shortlist);
let top1 = 0,
  top2 = 0,
  answerable = 0;
for (const { row, shortlist } of perQuestion) {
  if (row.unanswerable) continue;
  answerable++;
  const order = rankedOf(shortlist);
  if (order[0] && contains(order[0].sentence, row.expected)) top1++;
  if (order.slice(0, 2).some((c) => contains(c.sentence, row.expected))) top2++;
}
console.log(
  `sentence ranker (fit): gold in best sentence ${(top1 / answerable).toFixed(3)}, in best two ${(top2 / answerable).toFixed(3)}`,
);
console.log(Object.fromEntries(ranker.features.map((f, j) => [f, ranker.weights[j]])));

// Answerability.
const sourcesOf = (row: Dumped) =>
  row.sources.map((s) => ({
    text: s.text,
    documentName: s.document,
    headingPath: s.headingPath,
    score: s.score,
  }));
const qRows = perQuestion.map(({ row, shortlist }) =>
  questionFeatures(row.question, rankedOf(shortlist), sourcesOf(row)),
);
const qLabels = perQuestion.map(({ row }) => (row.unanswerable ? 0 : 1));
// The fixture questions are few beside SQuAD's: weighted up by repeating them, so the model
// learns the near misses of real documents too, not only SQuAD's altered questions.
const qRowsW = perQuestion.flatMap(({ row }, i) =>
  new Array<FeatureRow>(extraIds.has(row.id) ? weight : 1).fill(qRows[i]!),
);
const qLabelsW = perQuestion.flatMap(({ row }, i) =>
  new Array<number>(extraIds.has(row.id) ? weight : 1).fill(qLabels[i]!),
);
const answerability = fitLogistic(ANSWERABILITY_FEATURES, qRowsW, qLabelsW);
console.log(Object.fromEntries(answerability.features.map((f, j) => [f, answerability.weights[j]])));
const probs = qRows.map((r) => predict(answerability, r));
console.log('threshold  falseRefusal  unanswerableRefused');
for (const [name, keep] of [
  ['SQuAD FIT', (id: string) => !extraIds.has(id)],
  ['fixtures (dev + old)', (id: string) => extraIds.has(id)],
] as const) {
  console.log(name);
  for (const t of [0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6]) {
    const idx = perQuestion.map((q, i) => (keep(q.row.id) ? i : -1)).filter((i) => i >= 0);
    const pos = idx.filter((i) => qLabels[i] === 1);
    const neg = idx.filter((i) => qLabels[i] === 0);
    const fr = pos.filter((i) => probs[i]! < t).length / pos.length;
    const ur = neg.filter((i) => probs[i]! < t).length / neg.length;
    console.log(`${t.toFixed(2)}  ${fr.toFixed(3)}  ${ur.toFixed(3)}`);
  }
}
if (values.list)
  perQuestion.forEach(({ row }, i) => {
    if (extraIds.has(row.id))
      console.log(`${probs[i]!.toFixed(3)} ${row.unanswerable ? 'UN' : 'an'} ${row.id} ${row.question}`);
  });
for (const t of [] as number[]) {
  const fr = probs.filter((p, i) => qLabels[i] === 1 && p < t).length / qLabels.filter((y) => y === 1).length;
  const ur = probs.filter((p, i) => qLabels[i] === 0 && p < t).length / qLabels.filter((y) => y === 0).length;
  console.log(`${t.toFixed(2)}  ${fr.toFixed(3)}  ${ur.toFixed(3)}`);
}

// Span scorer: a conditional logit over the spans of the sentences that hold a gold answer.
const spanModel = fitSpanModel(
  perQuestion
    .filter(({ row }) => !row.unanswerable)
    .map(({ row, shortlist }) => ({
      question: row.question,
      expected: row.expected,
      sentences: shortlist.map((c) => c.sentence),
    })),
  (q) => (extraQuestions.has(q.question) ? weight : 1),
);
console.log(Object.fromEntries(spanModel.features.map((f, j) => [f, spanModel.weights[j]])));
// Composition variants, in sample (for choosing the answer's shape, not for reporting).
const variants: Record<string, { contains: number; f1: number }> = {
  span: { contains: 0, f1: 0 },
  spanSentence: { contains: 0, f1: 0 },
  sentence: { contains: 0, f1: 0 },
  twoSentences: { contains: 0, f1: 0 },
};
for (const { row, shortlist } of perQuestion) {
  if (row.unanswerable || shortlist.length === 0) continue;
  const order = rankedOf(shortlist);
  const best = order[0]!;
  const spans = spanCandidates(row.question, best.sentence);
  const span = spans.reduce(
    (a, b) => (predict(spanModel, b.features) > predict(spanModel, a.features) ? b : a),
    spans[0] ?? { text: best.sentence, start: 0, end: 0, features: {} },
  );
  const texts: Record<string, string> = {
    span: span.text,
    spanSentence: `${span.text}. ${best.sentence}`,
    sentence: best.sentence,
    twoSentences: `${best.sentence} ${order[1]?.sentence ?? ''}`,
  };
  for (const [k, t] of Object.entries(texts)) {
    variants[k]!.contains += contains(t, row.expected) ? 1 / answerable : 0;
    variants[k]!.f1 += Math.max(...row.expected.map((g) => tokenF1(t, g))) / answerable;
  }
}
console.log(variants);
const out = values.out ?? resolve(import.meta.dirname, '../../src/chat/answering/model.json');
writeFileSync(
  out,
  JSON.stringify(
    {
      fittedOn: `SQuAD 2.0 dev-half-a FIT articles (${rows.length} questions), ${new Date().toISOString().slice(0, 10)}`,
      ranker,
      answerability,
      span: spanModel,
    },
    null,
    1,
  ) + '\n',
);
console.log(`wrote ${out}`);
process.exit(0);
