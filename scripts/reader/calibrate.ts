/**
 * `node scripts/reader/calibrate.ts --records FILE [--model DIR] [--passages 4] [--write]`:
 * calibrates the reader's answerability (src/chat/reader/answerability.ts) on questions it was not
 * trained on, asked end to end: FILE is the per-question JSON of
 * `npm run bench:answers -- --set squad --split fit --per-class 400 --json FILE`, whose records hold
 * each question's retrieved chunks in rank order — exactly what the answerer reads. The reader
 * reads the first `--passages` of them; Platt scaling (a one-feature logistic regression, fitted by
 * Newton's method) maps the best span's margin to P(answerable); the default threshold is the one
 * that refuses the most unanswerable questions while refusing at most MAX_FALSE_REFUSALS of the
 * answerable ones (issue 35's ceiling for false refusals) on these questions.
 * Prints the threshold curve (docs/chat.md); `--write` stores the fit in
 * src/chat/reader/calibration.json. Never run it on the TEST split: TEST is for reporting.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { readerFolder } from '../../src/chat/reader/shipped.ts';
import { loadReader } from '../../src/chat/reader/reader.ts';
import { readSources } from '../../src/chat/reader/read-sources.ts';
import { composeAnswer } from '../../src/chat/reader/compose.ts';

const { values } = parseArgs({
  options: {
    records: { type: 'string' },
    model: { type: 'string', default: '' },
    passages: { type: 'string', default: '4' },
    write: { type: 'boolean', default: false },
  },
});
if (!values.records) throw new Error('--records FILE (bench:answers --json on the FIT split)');
interface BenchRecord {
  question: { question: string; unanswerable?: boolean; id: string; expected?: string[] };
  retrieved: { text: string }[];
}
const records = JSON.parse(readFileSync(values.records, 'utf8')) as BenchRecord[];
const reader = await loadReader(readerFolder(process.env.MODELS_DIR ?? './models', values.model!), 2);
const k = Number(values.passages);
const rows: { margin: number; answerable: boolean }[] = [];
/** The bench's normalisation, roughly: lower case, letters and digits. */
const norm = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
let holds = 0;
for (const r of records) {
  const { best } = await readSources(reader, r.question.question, r.retrieved, k);
  rows.push({ margin: best ? best.span.margin : -50, answerable: !r.question.unanswerable });
  if (best && r.question.expected?.some((e) => ` ${norm(composeAnswer(best))} `.includes(` ${norm(e)} `)))
    holds++;
}

/** Newton's method for P = sigmoid(bias + weight · margin), with a tiny ridge for stability. */
function fitPlatt(data: typeof rows): { bias: number; weight: number } {
  let bias = 0;
  let weight = 0;
  for (let iteration = 0; iteration < 50; iteration++) {
    let g0 = 0,
      g1 = 0,
      h00 = 1e-6,
      h01 = 0,
      h11 = 1e-6;
    for (const { margin, answerable } of data) {
      const p = 1 / (1 + Math.exp(-(bias + weight * margin)));
      const e = p - (answerable ? 1 : 0);
      const w = p * (1 - p);
      g0 += e;
      g1 += e * margin;
      h00 += w;
      h01 += w * margin;
      h11 += w * margin * margin;
    }
    const det = h00 * h11 - h01 * h01;
    bias -= (h11 * g0 - h01 * g1) / det;
    weight -= (h00 * g1 - h01 * g0) / det;
  }
  return { bias, weight };
}

const fit = fitPlatt(rows);
const probability = (m: number) => 1 / (1 + Math.exp(-(fit.bias + fit.weight * m)));
const curveAt = (threshold: number) => {
  const answerable = rows.filter((r) => r.answerable);
  const unanswerable = rows.filter((r) => !r.answerable);
  const falseRefusals =
    answerable.filter((r) => probability(r.margin) < threshold).length / answerable.length;
  const refused = unanswerable.filter((r) => probability(r.margin) < threshold).length / unanswerable.length;
  return {
    threshold,
    falseRefusals,
    unanswerableRefused: refused,
    balanced: (1 - falseRefusals + refused) / 2,
  };
};
const grid = Array.from({ length: 99 }, (_, i) => (i + 1) / 100);
/** The most answerable questions the default threshold may refuse (issue 35: false refusals ≤ 0.10). */
const MAX_FALSE_REFUSALS = 0.1;
const best =
  grid
    .map(curveAt)
    .filter((c) => c.falseRefusals <= MAX_FALSE_REFUSALS)
    .at(-1) ?? curveAt(grid[0]!);
const answerableCount = rows.filter((r) => r.answerable).length;
console.log(`questions ${rows.length} (${answerableCount} answerable), passages ${k}`);
console.log(
  `answer holds a gold answer (answerable, never refusing): ${(holds / answerableCount).toFixed(3)}`,
);
console.log(
  `Platt fit: bias ${fit.bias.toFixed(4)}, weight ${fit.weight.toFixed(4)}; chosen threshold ${best.threshold}`,
);
console.log('threshold  false refusals  unanswerable refused');
for (const t of [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, best.threshold].sort((a, b) => a - b)) {
  const c = curveAt(t);
  console.log(
    `${t.toFixed(2).padStart(9)}  ${c.falseRefusals.toFixed(3).padStart(14)}  ${c.unanswerableRefused.toFixed(3).padStart(20)}`,
  );
}
if (values.write) {
  const calibration = {
    bias: Number(fit.bias.toFixed(5)),
    weight: Number(fit.weight.toFixed(5)),
    threshold: best.threshold,
    fittedOn: `scripts/reader/calibrate.ts: SQuAD 2.0 FIT articles end to end (${rows.length} questions, first ${k} retrieved chunks), ${new Date().toISOString().slice(0, 10)}`,
  };
  writeFileSync(
    new URL('../../src/chat/reader/calibration.json', import.meta.url),
    `${JSON.stringify(calibration, null, 2)}\n`,
  );
  console.log('written src/chat/reader/calibration.json');
}
