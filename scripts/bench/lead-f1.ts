/**
 * `node scripts/bench/lead-f1.ts FILE…`: token F1 of each answer's lead sentence (its first
 * sentence, citation markers dropped) on the answerable questions of `bench:answers --json` files,
 * beside the whole answer's. The extractive answer leads with the span and follows with its
 * sentence (docs/chat.md "The reader and the rules"); SQuAD's F1 scores a span, so the lead is what
 * compares with the literature, the whole answer what a reader sees. A refusal scores 0.
 */
import { readFileSync } from 'node:fs';
import { bestTokenF1, leadSentence } from '../../src/evaluations/metrics.ts';

interface Record {
  answer: string;
  refused: boolean;
  question: { expected?: string[]; unanswerable?: boolean };
}
const withoutMarkers = (text: string) => text.replace(/\s*\[\d+\]/g, '');
for (const file of process.argv.slice(2)) {
  const records = (JSON.parse(readFileSync(file, 'utf8')) as Record[]).filter(
    (r) => !r.question.unanswerable,
  );
  const mean = (score: (r: Record) => number) =>
    records.reduce((sum, r) => sum + (r.refused ? 0 : score(r)), 0) / records.length;
  const lead = mean((r) => bestTokenF1(withoutMarkers(leadSentence(r.answer)), r.question.expected ?? []));
  const whole = mean((r) => bestTokenF1(withoutMarkers(r.answer), r.question.expected ?? []));
  console.log(
    `${file}: ${records.length} answerable, token F1 lead ${lead.toFixed(3)}, whole answer ${whole.toFixed(3)}`,
  );
}
