/**
 * `node scripts/answers/fit-spans.ts --shortlists FILE [--bench FILE]… [--weight 10]`: refits only
 * the span model of src/chat/answering/model.json (span-fit.ts), leaving the sentence ranker and
 * answerability as they are. FILE: a fitting dump's cached shortlists (fit-answerer.ts writes it
 * beside the dump; SQuAD FIT articles only) and `bench:answers --json` files of sets fitted on
 * (the dev fixtures), whose answerable questions count `--weight` times.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fitSpanModel, sentencesOf, type SpanQuestion } from './span-fit.ts';

const { values } = parseArgs({
  options: {
    shortlists: { type: 'string', multiple: true, default: [] },
    bench: { type: 'string', multiple: true, default: [] },
    weight: { type: 'string', default: '10' },
  },
});
interface Cached {
  row: { question: string; expected: string[]; unanswerable: boolean };
  shortlist: { sentence: string }[];
}
interface BenchRow {
  question: { question: string; expected?: string[]; unanswerable?: boolean; history: string[] };
  retrieved?: { text: string }[];
}
const squad: SpanQuestion[] = values.shortlists!.flatMap((file) =>
  (JSON.parse(readFileSync(file, 'utf8')) as Cached[])
    .filter((c) => !c.row.unanswerable)
    .map((c) => ({
      question: c.row.question,
      expected: c.row.expected,
      sentences: c.shortlist.map((s) => s.sentence),
    })),
);
const fixtures: SpanQuestion[] = values.bench!.flatMap((file) =>
  (JSON.parse(readFileSync(file, 'utf8')) as BenchRow[])
    .filter((r) => !r.question.unanswerable && r.question.history.length === 0 && r.retrieved)
    .map((r) => ({
      question: r.question.question,
      expected: r.question.expected ?? [],
      sentences: sentencesOf(r.retrieved!),
    })),
);
const fromFixtures = new Set(fixtures);
const weight = Number(values.weight);
const span = fitSpanModel([...squad, ...fixtures], (q) => (fromFixtures.has(q) ? weight : 1));
console.log(Object.fromEntries(span.features.map((f, j) => [f, span.weights[j]])));
const path = resolve(import.meta.dirname, '../../src/chat/answering/model.json');
const model = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
model.span = span;
model.spanFittedOn = `conditional logit on ${squad.length} SQuAD FIT and ${fixtures.length} fixture questions, ${new Date().toISOString().slice(0, 10)}`;
writeFileSync(path, JSON.stringify(model, null, 1) + '\n');
console.log(`wrote the span model into ${path}`);
