/** Prints bench:answers totals as one table per set: a row per figure, a column per answerer. */
import type { Totals } from '../../src/evaluations/totals.ts';

const rate = (x: number | null | undefined) => (x === null || x === undefined ? '-' : x.toFixed(3));
const ms = (x: number | null) => (x === null ? '-' : `${x.toFixed(0)} ms`);

const ROWS: [string, (t: Totals) => string][] = [
  ['retrieval hit@k', (t) => rate(t.hitAtK)],
  ['right-document citation', (t) => rate(t.rightCitation)],
  ['answer contains', (t) => rate(t.contains)],
  ['lead answer (first sentence)', (t) => rate(t.leadAnswer)],
  ['token F1 (answerable)', (t) => rate(t.tokenF1)],
  ['SQuAD 2.0 F1 (all)', (t) => rate(t.squadF1)],
  ['false refusals', (t) => rate(t.falseRefusals)],
  ['refusals on unanswerable', (t) => rate(t.refusalsOnUnanswerable)],
  ['contains: fact', (t) => rate(t.containsByKind.fact)],
  ['contains: table', (t) => rate(t.containsByKind.table)],
  ['contains: followup', (t) => rate(t.containsByKind.followup)],
  [
    'latency p50 / p95',
    (t) =>
      t.latencyMs.p50 === null || !t.latencyMs.p50 ? '-' : `${ms(t.latencyMs.p50)} / ${ms(t.latencyMs.p95)}`,
  ],
  [
    'first token p50 / p95',
    (t) => (t.ttftMs.p50 === null ? '-' : `${ms(t.ttftMs.p50)} / ${ms(t.ttftMs.p95)}`),
  ],
  ['errors', (t) => String(t.errors)],
];

/** One table: `columns` are [answerer name, its totals]. */
export function printTotals(set: string, columns: [string, Totals][]): void {
  const first = columns[0]![1];
  console.log(
    `\n${set}: ${first.questions} questions (${first.answerable} answerable, ${first.unanswerable} unanswerable)`,
  );
  const width = Math.max(...ROWS.map(([r]) => r.length)) + 2;
  const col = (s: string) => s.padStart(20);
  console.log(''.padEnd(width) + columns.map(([name]) => col(name)).join(''));
  for (const [label, cell] of ROWS)
    console.log(label.padEnd(width) + columns.map(([, t]) => col(cell(t))).join(''));
}
