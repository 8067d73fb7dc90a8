/**
 * `node scripts/answers/compose-curve.ts --shortlists FILE`: how the extractive answer's shape
 * trades "answer contains" against token F1 on a fitting dump's cached shortlists (written by
 * fit-answerer.ts beside its dump): for each least span probability t, the answer is the span
 * alone when the span model rates it ≥ t, else the span (if any) with its supporting sentence(s),
 * as composeAnswer() builds it. Fits SPAN_ALONE_PROBABILITY in compose.ts; run it on FIT dumps only.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ANSWERER_MODEL, rankShortlist } from '../../src/chat/answering/assess.ts';
import { composeAnswer, spanAnswer } from '../../src/chat/answering/compose.ts';
import type { RankedSentence } from '../../src/chat/answering/assess.ts';
import { containsAny, bestTokenF1, withoutCitations } from '../../src/evaluations/metrics.ts';

const { values } = parseArgs({ options: { shortlists: { type: 'string' } } });
interface Cached {
  row: { id: string; question: string; expected: string[]; unanswerable: boolean };
  shortlist: Omit<RankedSentence, 'probability'>[];
}
const cached = JSON.parse(readFileSync(values.shortlists!, 'utf8')) as Cached[];
const answerable = cached.filter((c) => !c.row.unanswerable && c.shortlist.length > 0);
const total = cached.filter((c) => !c.row.unanswerable).length;
const rows = answerable.map(({ row, shortlist }) => {
  const ranked = rankShortlist(ANSWERER_MODEL.ranker, shortlist);
  return { row, ranked };
});
const score = (texts: string[]) => {
  let contains = 0,
    f1 = 0;
  texts.forEach((t, i) => {
    const { expected } = rows[i]!.row;
    contains += containsAny(t, expected) ? 1 : 0;
    f1 += bestTokenF1(withoutCitations(t), expected);
  });
  return `contains ${(contains / total).toFixed(3)}  F1 ${(f1 / total).toFixed(3)}`;
};
console.log(`answerable with candidates: ${rows.length} of ${total}`);
for (const secondRatio of [0.3, 0.5, 0.7])
  for (const spanLead of [0.3])
    for (const spanAlone of [0.15, 0.25, 0.3, 0.4, 1.01]) {
      const texts = rows.map((r) =>
        composeAnswer(r.row.question, r.ranked, ANSWERER_MODEL.span, { spanAlone, spanLead, secondRatio }),
      );
      console.log(
        `second sentence at ≥ ${secondRatio.toFixed(2)} × the best, span leads at p ≥ ${spanLead.toFixed(2)}, alone at p ≥ ${spanAlone.toFixed(2)}: ${score(texts)}`,
      );
    }
// Diagnostics: the span where the best sentence holds the answer.
let right = 0,
  withSpan = 0,
  spanHolds = 0,
  spanF1 = 0;
for (const r of rows) {
  const best = r.ranked[0]!;
  if (!containsAny(best.sentence, r.row.expected)) continue;
  right++;
  const span = spanAnswer(r.row.question, best.sentence, ANSWERER_MODEL.span);
  if (!span) continue;
  withSpan++;
  spanHolds += containsAny(span.text, r.row.expected) ? 1 : 0;
  spanF1 += bestTokenF1(span.text, r.row.expected);
}
console.log(
  `best sentence holds the answer: ${right}; with a span ${withSpan}; span holds it ${spanHolds}; mean span F1 ${(spanF1 / withSpan).toFixed(3)}`,
);
