import t from 'tap';
import { evaluateRun, mrrAt, ndcgAt, recallAt, type Qrels } from '../../src/retrieval/metrics.ts';

// One query judged a = 2, b = 1, c = 0 (judged not relevant); the system ranks c, a, x, b
// (x unjudged → gain 0).
const judged = new Map([
  ['a', 2],
  ['b', 1],
  ['c', 0],
]);
const ranked = ['c', 'a', 'x', 'b'];

t.test('nDCG@k uses the grade as gain and the judged grades as the ideal', async (t) => {
  // DCG@10  = 0/log2(2) + 2/log2(3) + 0/log2(4) + 1/log2(5)
  //         = 0 + 2/1.5849625 + 0 + 1/2.3219281 = 1.2618595 + 0.4306766 = 1.6925361
  // IDCG@10 = 2/log2(2) + 1/log2(3) + 0/log2(4) = 2 + 0.6309298 = 2.6309298
  // nDCG@10 = 1.6925361 / 2.6309298 = 0.6433224
  t.ok(Math.abs(ndcgAt(ranked, judged, 10) - 0.6433224) < 1e-6);
  // nDCG@2 = (0 + 1.2618595) / (2 + 0.6309298) = 0.4796249
  t.ok(Math.abs(ndcgAt(ranked, judged, 2) - 0.4796249) < 1e-6);
  // Perfect order: a, b → DCG = IDCG → 1.
  t.equal(ndcgAt(['a', 'b', 'c'], judged, 10), 1);
  // Only non-relevant documents retrieved → 0; a query with no positive grade → 0, not NaN.
  t.equal(ndcgAt(['c', 'x'], judged, 10), 0);
  t.equal(ndcgAt(['a'], new Map([['a', 0]]), 10), 0);
});

t.test('Recall@k counts grades > 0 in the first k over all relevant', async (t) => {
  // Relevant: {a, b} (c has grade 0). Top 2 = c, a → 1 of 2 = 0.5; top 4 → a, b → 2 of 2 = 1.
  t.equal(recallAt(ranked, judged, 2), 0.5);
  t.equal(recallAt(ranked, judged, 4), 1);
  t.equal(recallAt(ranked, judged, 1), 0);
  t.equal(recallAt([], judged, 100), 0);
});

t.test('MRR@k is 1/rank of the first relevant document within k', async (t) => {
  // First relevant is a at rank 2 → 1/2; with k = 1 only c is seen → 0.
  t.equal(mrrAt(ranked, judged, 10), 0.5);
  t.equal(mrrAt(ranked, judged, 1), 0);
  t.equal(mrrAt(['b'], judged, 10), 1);
});

t.test('evaluateRun skips queries without relevant documents and scores unanswered ones 0', async (t) => {
  const qrels: Qrels = new Map([
    ['q1', judged],
    ['q2', new Map([['d', 0]])], // no relevant document → skipped, as BEIR does
    ['q3', new Map([['e', 1]])], // relevant document, but the run has no ranking → zeros
  ]);
  const run = new Map([
    ['q1', ranked],
    ['q2', ['d']],
  ]);
  const result = evaluateRun(run, qrels);
  t.equal(result.queries, 2);
  t.same([...result.perQuery.keys()].sort(), ['q1', 'q3']);
  t.same(result.perQuery.get('q3'), { ndcg: 0, recall: 0, mrr: 0 });
  // Means over q1 and q3: nDCG@10 = (0.6433224 + 0) / 2 = 0.3216612;
  // Recall@100 = (1 + 0) / 2 = 0.5; MRR@10 = (0.5 + 0) / 2 = 0.25.
  t.ok(Math.abs(result.mean.ndcg - 0.3216612) < 1e-6);
  t.equal(result.mean.recall, 0.5);
  t.equal(result.mean.mrr, 0.25);
  t.same(result.cutoffs, { ndcgAt: 10, recallAt: 100, mrrAt: 10 });
});

t.test('evaluateRun over empty qrels gives zero means, not NaN', async (t) => {
  const result = evaluateRun(new Map(), new Map());
  t.equal(result.queries, 0);
  t.same(result.mean, { ndcg: 0, recall: 0, mrr: 0 });
});
