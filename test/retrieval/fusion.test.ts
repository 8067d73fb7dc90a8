import t from 'tap';
import { minMaxNormalize, normalizedScoreFusion, reciprocalRankFusion } from '../../src/retrieval/fusion.ts';

const close = (a: number, b: number) => Math.abs(a - b) < 1e-9;

t.test('reciprocal rank fusion sums 1/(k + rank)', async (t) => {
  // k = 60. a: 1/61 = 0.0163934; b: 1/62 + 1/61 = 0.0161290 + 0.0163934 = 0.0325224;
  // c: 1/63 = 0.0158730; d: 1/62 = 0.0161290 → b, a, d, c.
  const fused = reciprocalRankFusion([
    ['a', 'b', 'c'],
    ['b', 'd'],
  ]);
  t.same(
    fused.map((f) => f.id),
    ['b', 'a', 'd', 'c'],
  );
  t.ok(close(fused[0]!.score, 1 / 62 + 1 / 61));
  t.ok(close(fused[3]!.score, 1 / 63));
  t.same(reciprocalRankFusion([]), []);
});

t.test('min-max normalisation maps each leg to [0, 1]', async (t) => {
  // min 4, max 12: (12−4)/8 = 1, (8−4)/8 = 0.5, (4−4)/8 = 0.
  t.same(
    minMaxNormalize([
      { id: 'b', score: 12 },
      { id: 'd', score: 8 },
      { id: 'a', score: 4 },
    ]),
    [
      { id: 'b', score: 1 },
      { id: 'd', score: 0.5 },
      { id: 'a', score: 0 },
    ],
  );
  // One candidate, or all tied: each is the leg's best → 1.
  t.same(minMaxNormalize([{ id: 'x', score: 0.3 }]), [{ id: 'x', score: 1 }]);
  t.same(
    minMaxNormalize([
      { id: 'x', score: 2 },
      { id: 'y', score: 2 },
    ]).map((h) => h.score),
    [1, 1],
  );
  t.same(minMaxNormalize([]), []);
});

t.test('normalised score fusion is a weighted sum of min-max scores, 0 when missing', async (t) => {
  // Dense cosines a .9, b .7, c .5 → a 1, b .5, c 0. BM25 b 12, d 8, a 4 → b 1, d .5, a 0.
  const dense = [
    { id: 'a', score: 0.9 },
    { id: 'b', score: 0.7 },
    { id: 'c', score: 0.5 },
  ];
  const lexical = [
    { id: 'b', score: 12 },
    { id: 'd', score: 8 },
    { id: 'a', score: 4 },
  ];
  // α = 0.7: a = .7×1 + .3×0 = .7; b = .7×.5 + .3×1 = .65; d = .7×0 + .3×.5 = .15; c = 0.
  const fused = normalizedScoreFusion([
    { hits: dense, weight: 0.7 },
    { hits: lexical, weight: 0.3 },
  ]);
  t.same(
    fused.map((f) => f.id),
    ['a', 'b', 'd', 'c'],
  );
  t.ok(close(fused[0]!.score, 0.7));
  t.ok(close(fused[1]!.score, 0.65));
  t.ok(close(fused[2]!.score, 0.15));
  t.equal(fused[3]!.score, 0);
  // α = 0.3: a = .3; b = .3×.5 + .7×1 = .85; d = .7×.5 = .35; c = 0 → b, d, a, c.
  t.same(
    normalizedScoreFusion([
      { hits: dense, weight: 0.3 },
      { hits: lexical, weight: 0.7 },
    ]).map((f) => f.id),
    ['b', 'd', 'a', 'c'],
  );
});

t.test('normalised score fusion with one empty leg keeps the other leg’s order', async (t) => {
  const fused = normalizedScoreFusion([
    { hits: [], weight: 0.5 },
    {
      hits: [
        { id: 'y', score: 3 },
        { id: 'x', score: 1 },
      ],
      weight: 0.5,
    },
  ]);
  t.same(fused, [
    { id: 'y', score: 0.5 },
    { id: 'x', score: 0 },
  ]);
  t.same(normalizedScoreFusion([]), []);
});
