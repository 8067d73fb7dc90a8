/**
 * `node scripts/reader/calibrate.ts --records FILE [--records FILE …] [--model DIR] [--passages 4]
 * [--write]`: calibrates the extractive answerer's answerability gate (src/chat/reader/answerability.ts)
 * on questions neither the reader nor the rules were fitted on, asked end to end. Each FILE is the
 * per-question JSON of `npm run bench:answers -- --json FILE` (the SQuAD FIT split, the fixtures'
 * dev set): its records hold each question's retrieved chunks in rank order, exactly what the
 * answerer reads. For every question it computes the two signals the answerer has —
 * the sentence rules' calibrated answerability (answering/assess.ts) and the reader's best-span
 * margin over "no answer" on the first `--passages` chunks — and fits P(answerable) on
 * [logit(rules), margin] by logistic regression (Newton's method, a small ridge). It prints, for
 * the rules alone, the reader alone and both, the unanswerable questions refused at ≤ 10 % false
 * refusals (issue 35's ceiling) and the area under the ROC curve, each under 5-fold
 * cross-validation by question; then the combined model's threshold curve (docs/chat.md).
 * `--sweep` prints how often the answer holds a gold answer for each weight of the ranker's
 * log-probability beside the reader's margin (src/chat/reader/choose.ts RANKER_WEIGHT), and for each
 * probability a span outside the ranker's shortlist counts as (UNRANKED).
 * `--compare N` also reads the first N chunks and prints how often each answer holds a gold answer.
 * `--dump FILE` writes each question's signals as JSON (to try other gate inputs without reading again).
 * `--write` stores the fit and the default threshold (the most unanswerables refused at ≤ 10 %
 * false refusals on these questions) in src/chat/reader/calibration.json.
 * Never give it the TEST split or the fixtures' test set: those are for reporting.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readerFolder } from '../../src/chat/reader/shipped.ts';
import { loadReader } from '../../src/chat/reader/reader.ts';
import { readSources } from '../../src/chat/reader/read-sources.ts';
import { composeReaderAnswer } from '../../src/chat/reader/compose.ts';
import { chooseEvidence } from '../../src/chat/reader/choose.ts';
import { assess } from '../../src/chat/answering/assess.ts';
import { loadTransformersEmbedder } from '../../src/embeddings/transformers.embedder.ts';
import { fitGate, gateProbability, type GateFeatures } from './gate-fit.ts';

const { values } = parseArgs({
  options: {
    records: { type: 'string', multiple: true },
    model: { type: 'string', default: '' },
    passages: { type: 'string', default: '4' },
    compare: { type: 'string', default: '' },
    sweep: { type: 'boolean', default: false },
    write: { type: 'boolean', default: false },
    dump: { type: 'string', default: '' },
  },
});
if (!values.records?.length) throw new Error('--records FILE (bench:answers --json on FIT or dev questions)');
interface BenchRecord {
  question: { question: string; unanswerable?: boolean; history?: unknown[]; expected?: string[] };
  retrieved: { text: string; documentName: string; headingPath: string[]; score?: number }[];
}
const modelsDir = resolve(process.env.MODELS_DIR ?? './models');
const reader = await loadReader(readerFolder(modelsDir, values.model!), 2);
const embedder = await loadTransformersEmbedder(modelsDir, 'Xenova/all-MiniLM-L6-v2');
const k = Number(values.passages);
const rows: (GateFeatures & { answerable: boolean })[] = [];
const dumped: unknown[] = [];
/** `--compare 6`: also read that many chunks, to compare what the answer holds. */
const counts = [k, ...(values.compare ? [Number(values.compare)] : [])];
const holds = new Map(counts.map((n) => [n, 0]));
/** `--sweep`: how often the answer holds a gold answer for each weight of the ranker (choose.ts). */
const WEIGHTS = [0, 0.5, 1, 2, 3, 4, 6, 8];
/** … and for each probability a span outside the ranker's shortlist counts as (choose.ts UNRANKED). */
const UNRANKED_VALUES = [1e-3, 1e-2, 3e-2, 0.1];
const GRID = WEIGHTS.flatMap((w) => UNRANKED_VALUES.map((u) => [w, u] as const));
const gridKey = (w: number, u: number) => `${w} (unranked ${u})`;
const swept = new Map(GRID.map(([w, u]) => [gridKey(w, u), 0]));
/** The bench's normalisation, roughly: lower case, letters and digits. */
const norm = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
for (const file of values.records) {
  const records = JSON.parse(readFileSync(file, 'utf8')) as BenchRecord[];
  // A follow-up is asked completed from its conversation; the records hold the question alone.
  for (const r of records.filter((r) => !r.question.history?.length)) {
    // The fused scores as retrieval gave them: the rules read each source's score against the top
    // one's (answering/features.ts), so a constant here would fit the gate on other inputs than the
    // answerer's.
    const sources = r.retrieved.map((s) => ({ ...s, score: s.score ?? 1 }));
    const [{ answerable, ranked }, { best, candidates }] = await Promise.all([
      assess(embedder, r.question.question, sources),
      readSources(reader, r.question.question, sources, k),
    ]);
    rows.push({
      rules: answerable,
      margin: best ? best.span.margin : null,
      answerable: !r.question.unanswerable,
    });
    if (values.dump) {
      const chosen = chooseEvidence(candidates, ranked);
      dumped.push({
        question: r.question.question,
        answerable: !r.question.unanswerable,
        rules: answerable,
        margin: best ? best.span.margin : null,
        chosenMargin: chosen ? chosen.span.margin : null,
        chosenCitation: chosen?.citation ?? null,
        margins: candidates.map((c) => ({ citation: c.citation, row: c.row, margin: c.span.margin })),
        rankerTop: ranked[0]?.probability ?? null,
        scores: r.retrieved.map((s) => s.score ?? null),
      });
    }
    if (r.question.unanswerable) continue;
    if (values.sweep)
      for (const [w, u] of GRID) {
        const chosen = chooseEvidence(candidates, ranked, w, u);
        const text = chosen ? norm(composeReaderAnswer(chosen)) : '';
        const key = gridKey(w, u);
        if (r.question.expected?.some((e) => ` ${text} `.includes(` ${norm(e)} `)))
          swept.set(key, swept.get(key)! + 1);
      }
    for (const n of counts) {
      const found = n === k ? best : (await readSources(reader, r.question.question, sources, n)).best;
      const text = found ? norm(composeReaderAnswer(found)) : '';
      if (r.question.expected?.some((e) => ` ${text} `.includes(` ${norm(e)} `)))
        holds.set(n, holds.get(n)! + 1);
    }
  }
}

if (values.dump) writeFileSync(values.dump, JSON.stringify(dumped));

/** The most answerable questions a default threshold may refuse (issue 35: false refusals ≤ 0.10). */
const MAX_FALSE_REFUSALS = 0.1;
type Score = (f: GateFeatures) => number;
const pick = (data: typeof rows, score: Score) => {
  const answerable = data.filter((r) => r.answerable).map(score);
  const unanswerable = data.filter((r) => !r.answerable).map(score);
  return { answerable, unanswerable };
};
/** Highest threshold refusing ≤ MAX_FALSE_REFUSALS of `answerable` scores. */
const thresholdOf = (answerable: number[]) => {
  const sorted = [...answerable].sort((a, b) => a - b);
  return sorted[Math.floor(MAX_FALSE_REFUSALS * sorted.length)] ?? 0;
};
const auc = (pos: number[], neg: number[]) => {
  let wins = 0;
  for (const p of pos) for (const n of neg) wins += p > n ? 1 : p === n ? 0.5 : 0;
  return wins / (pos.length * neg.length);
};
/** 5-fold cross-validation: fit on four folds, threshold and score on the fifth. */
function crossValidated(fit: (data: typeof rows) => Score) {
  let refused = 0;
  let falseRefused = 0;
  const pos: number[] = [];
  const neg: number[] = [];
  for (let fold = 0; fold < 5; fold++) {
    const train = rows.filter((_, i) => i % 5 !== fold);
    const test = rows.filter((_, i) => i % 5 === fold);
    const score = fit(train);
    const threshold = thresholdOf(pick(train, score).answerable);
    const held = pick(test, score);
    refused += held.unanswerable.filter((s) => s < threshold).length;
    falseRefused += held.answerable.filter((s) => s < threshold).length;
    pos.push(...held.answerable);
    neg.push(...held.unanswerable);
  }
  return {
    unanswerableRefused: refused / neg.length,
    falseRefusals: falseRefused / pos.length,
    auc: auc(pos, neg),
  };
}
const only = (weights: { rules: number; margin: number }) => (data: typeof rows) => {
  const fit = fitGate(data, weights);
  return (f: GateFeatures) => gateProbability(fit, f);
};
const answerableCount = rows.filter((r) => r.answerable).length;
console.log(`questions ${rows.length} (${answerableCount} answerable), passages ${k}`);
for (const [w, held] of values.sweep ? swept : [])
  console.log(`ranker weight ${w}: the answer holds a gold answer ${(held / answerableCount).toFixed(3)}`);
for (const [n, held] of holds)
  console.log(
    `reading ${n} chunks, the reader's answer holds a gold answer: ${(held / answerableCount).toFixed(3)} (answerable, never refusing)`,
  );
console.log('gate            unanswerable refused  false refusals  ROC AUC   (5-fold cross-validated)');
for (const [name, weights] of [
  ['rules alone', { rules: 1, margin: 0 }],
  ['reader alone', { rules: 0, margin: 1 }],
  ['both', { rules: 1, margin: 1 }],
] as const) {
  const cv = crossValidated(only(weights));
  console.log(
    `${name.padEnd(16)}${cv.unanswerableRefused.toFixed(3).padStart(20)}${cv.falseRefusals.toFixed(3).padStart(16)}${cv.auc.toFixed(3).padStart(9)}`,
  );
}
const fit = fitGate(rows, { rules: 1, margin: 1 });
const scores = pick(rows, (f) => gateProbability(fit, f));
// Rounded down: a threshold rounded up would refuse more than MAX_FALSE_REFUSALS.
const threshold = Math.floor(thresholdOf(scores.answerable) * 100) / 100;
console.log(
  `fit on all: bias ${fit.bias.toFixed(4)}, rules ${fit.rules.toFixed(4)}, margin ${fit.margin.toFixed(4)}; default threshold ${threshold}`,
);
console.log('threshold  false refusals  unanswerable refused');
for (const t of [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, threshold].sort((a, b) => a - b))
  console.log(
    `${t.toFixed(2).padStart(9)}  ${(scores.answerable.filter((s) => s < t).length / scores.answerable.length).toFixed(3).padStart(14)}  ${(scores.unanswerable.filter((s) => s < t).length / scores.unanswerable.length).toFixed(3).padStart(20)}`,
  );
if (values.write) {
  const calibration = {
    ...Object.fromEntries(Object.entries(fit).map(([key, value]) => [key, Number(value.toFixed(5))])),
    threshold,
    fittedOn: `scripts/reader/calibrate.ts on ${values.records.join(', ')} (${rows.length} questions without history, first ${k} retrieved chunks), ${new Date().toISOString().slice(0, 10)}`,
  };
  writeFileSync(
    new URL('../../src/chat/reader/calibration.json', import.meta.url),
    `${JSON.stringify(calibration, null, 2)}\n`,
  );
  console.log('written src/chat/reader/calibration.json');
}
