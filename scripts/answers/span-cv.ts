/**
 * `node scripts/answers/span-cv.ts --shortlists FILE`: leave-one-article-out cross-validation of
 * the span model (spans.ts) on a SQuAD FIT dump's cached shortlists (fit-answerer.ts writes them):
 * for each FIT article, the span model is fitted on the other three and the composed answers of
 * the held-out article's answerable questions are scored (the shipped sentence ranker picks the
 * sentence). Prints, per article and pooled: answer contains and token F1 at the shipped shape,
 * and, where the best sentence holds the answer, the best span's token F1 with no threshold.
 * For comparing span features without reading the TEST articles.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ANSWERER_MODEL, rankShortlist, type RankedSentence } from '../../src/chat/answering/assess.ts';
import { composeAnswer, spanAnswer } from '../../src/chat/answering/compose.ts';
import { containsAny, bestTokenF1, withoutCitations } from '../../src/evaluations/metrics.ts';
import { fitSpanModel } from './span-fit.ts';

const { values } = parseArgs({ options: { shortlists: { type: 'string' } } });
interface Cached {
  row: { id: string; question: string; expected: string[]; unanswerable: boolean; article?: string };
  shortlist: Omit<RankedSentence, 'probability'>[];
}
const cached = (JSON.parse(readFileSync(values.shortlists!, 'utf8')) as Cached[]).filter(
  (c) => !c.row.unanswerable && c.row.article,
);
const articles = [...new Set(cached.map((c) => c.row.article!))];
const pooled = { n: 0, contains: 0, f1: 0, right: 0, spanF1: 0, offered: 0, offeredF1: 0 };
for (const held of articles) {
  const train = cached.filter((c) => c.row.article !== held);
  const test = cached.filter((c) => c.row.article === held);
  const span = fitSpanModel(
    train.map((c) => ({
      question: c.row.question,
      expected: c.row.expected,
      sentences: c.shortlist.map((s) => s.sentence),
    })),
  );
  const t = { n: 0, contains: 0, f1: 0, right: 0, spanF1: 0, offered: 0, offeredF1: 0 };
  for (const c of test) {
    t.n++;
    if (c.shortlist.length === 0) continue;
    const ranked = rankShortlist(ANSWERER_MODEL.ranker, c.shortlist);
    const answer = composeAnswer(c.row.question, ranked, span);
    t.contains += containsAny(answer, c.row.expected) ? 1 : 0;
    t.f1 += bestTokenF1(withoutCitations(answer), c.row.expected);
    const best = ranked[0]!.sentence;
    if (!containsAny(best, c.row.expected)) continue;
    t.right++;
    t.spanF1 += bestTokenF1(spanAnswer(c.row.question, best, span, 0)?.text ?? '', c.row.expected);
    const offered = spanAnswer(c.row.question, best, span);
    if (offered) {
      t.offered++;
      t.offeredF1 += bestTokenF1(offered.text, c.row.expected);
    }
  }
  for (const k of Object.keys(t) as (keyof typeof t)[]) pooled[k] += t[k];
  print(held, t);
}
print('pooled', pooled);

function print(name: string, t: typeof pooled) {
  console.log(
    `${name.padEnd(16)} n ${String(t.n).padStart(4)}  contains ${(t.contains / t.n).toFixed(3)}  F1 ${(t.f1 / t.n).toFixed(3)}` +
      `  | best sentence right ${t.right}: argmax span F1 ${(t.spanF1 / t.right).toFixed(3)}` +
      `, offered ${(t.offered / t.right).toFixed(3)} at F1 ${(t.offeredF1 / Math.max(1, t.offered)).toFixed(3)}`,
  );
}
