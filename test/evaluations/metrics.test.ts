import { test } from 'tap';
import {
  bestTokenF1,
  containsAny,
  leadSentence,
  normalizeAnswer,
  scoreQuestion,
  tokenF1,
  withoutCitations,
  type Observation,
} from '../../src/evaluations/metrics.ts';
import { computeTotals, type QuestionResult } from '../../src/evaluations/totals.ts';
import type { Question } from '../../src/evaluations/question-set.ts';

test('normalisation: SQuAD rules plus citation markers and Unicode dashes', async (t) => {
  t.equal(normalizeAnswer('The 2018–23–51 directive [2].'), '20182351 directive');
  t.equal(normalizeAnswer('2018-23-51'), '20182351');
  t.equal(normalizeAnswer('  An   apple,  a "pear" and THE plum! '), 'apple pear and plum');
  t.equal(normalizeAnswer('Théâtre — “quoted”'), 'théâtre quoted');
  t.equal(withoutCitations('Paris [1] is big [12].'), 'Paris is big .');
});

test('token F1 against hand-computed values', async (t) => {
  // pred "cat sat on mat" (4 tokens), gold "cat on mat" (3): P 3/4, R 1 → 6/7.
  t.ok(Math.abs(tokenF1('The cat sat on the mat', 'a cat on a mat') - 6 / 7) < 1e-12);
  // "paris france" vs "france": P 1/2, R 1 → 2/3.
  t.ok(Math.abs(tokenF1('Paris, France [1]', 'France') - 2 / 3) < 1e-12);
  t.equal(tokenF1('nothing in common', 'France'), 0);
  // Repeated tokens count once per occurrence in both bags: "a a b" vs "a b b" → common 2 of 3.
  t.ok(Math.abs(tokenF1('x x y', 'x y y') - 2 / 3) < 1e-12);
  // SQuAD: when either side has no token, 1 if both are empty, else 0.
  t.equal(tokenF1('the', 'a'), 1);
  t.equal(tokenF1('the', 'France'), 0);
  t.equal(bestTokenF1('France', ['Paris', 'France', 'French Republic']), 1);
  t.equal(bestTokenF1('France', []), 0);
});

test('contains: whole normalised tokens of any expected string', async (t) => {
  t.ok(containsAny('Comments by September 21, 2020 [1].', ['September 21, 2020']));
  t.ok(containsAny('AD 2018–23–51 is superseded', ['nothing', '2018-23-51']));
  t.notOk(containsAny('210x faster', ['10x']));
  t.notOk(containsAny('anything', ['!!!']), 'an expected string that normalises to nothing never matches');
});

const question = (over: Partial<Question>): Question => ({
  id: 'q',
  question: 'Q?',
  expected: [],
  documents: [],
  unanswerable: false,
  kind: 'fact',
  history: [],
  ...over,
});
const observed = (over: Partial<Observation>): Observation => ({
  answer: '',
  refused: false,
  citedDocuments: [],
  retrievedDocuments: [],
  latencyMs: 0,
  ttftMs: null,
  ...over,
});
const result = (q: Partial<Question>, o: Partial<Observation>): QuestionResult => {
  const qq = question(q);
  const oo = observed(o);
  return { ...oo, question: qq, scores: scoreQuestion(qq, oo) };
};

test('per-question scores and totals against hand-computed values', async (t) => {
  const results = [
    result(
      { id: 'a', expected: ['September 21, 2020'], documents: ['d1'] },
      {
        answer: 'It is September 21, 2020 [1].',
        citedDocuments: ['d1'],
        retrievedDocuments: ['d1', 'd2'],
        latencyMs: 100,
        ttftMs: 10,
      },
    ),
    result(
      { id: 'b', kind: 'table', expected: ['42'], documents: ['d2'] },
      { answer: 'I could not find it.', refused: true, retrievedDocuments: ['d1'], latencyMs: 200 },
    ),
    result(
      { id: 'c', kind: 'unanswerable', unanswerable: true },
      { refused: true, latencyMs: 300, ttftMs: 30 },
    ),
    result(
      { id: 'd', kind: 'unanswerable', unanswerable: true },
      { answer: 'Something [1]', citedDocuments: ['d1'], latencyMs: 400, ttftMs: 40 },
    ),
  ];
  // "it is september 21 2020" (5 tokens) vs "september 21 2020" (3): P 3/5, R 1 → 0.75.
  t.same(results[0]!.scores, {
    hit: true,
    rightCitation: true,
    contains: true,
    leadContains: true,
    tokenF1: 0.75,
    squadF1: 0.75,
  });
  t.same(results[1]!.scores, {
    hit: false,
    rightCitation: false,
    contains: false,
    leadContains: false,
    tokenF1: 0,
    squadF1: 0,
  });
  t.equal(results[2]!.scores.squadF1, 1);
  t.equal(results[3]!.scores.squadF1, 0);
  const totals = computeTotals(results);
  t.match(totals, {
    questions: 4,
    answerable: 2,
    unanswerable: 2,
    hitAtK: 0.5,
    rightCitation: 0.5,
    contains: 0.5,
    leadAnswer: 0.5,
    tokenF1: 0.375,
    squadF1: (0.75 + 0 + 1 + 0) / 4,
    falseRefusals: 0.5,
    refusalsOnUnanswerable: 0.5,
    errors: 0,
    latencyMs: { p50: 200, p95: 400 },
    ttftMs: { p50: 30, p95: 40 },
  });
  t.same(totals.containsByKind, { fact: 1, table: 0 });
});

test('a question without documents has no hit or citation score; an error leaves timings out', async (t) => {
  const r = result({ expected: ['x'] }, { answer: 'x [1]', citedDocuments: ['d'], latencyMs: 50 });
  t.equal(r.scores.hit, null);
  t.equal(r.scores.rightCitation, null);
  const failed = result({ id: 'e', expected: ['x'] }, { refused: true, error: 'model down', latencyMs: 0 });
  const totals = computeTotals([r, failed]);
  t.equal(totals.hitAtK, null);
  t.equal(totals.errors, 1);
  t.equal(totals.falseRefusals, 0.5);
  t.same(totals.latencyMs, { p50: 50, p95: 50 });
  t.equal(computeTotals([]).contains, null);
});

test('lead answer: the expected text in the first sentence, not after a wrong lead', async (t) => {
  const faa = 'When must comments reach the FAA?';
  const wrongLead = result(
    { question: faa, expected: ['September 21, 2020'] },
    { answer: '2018–23–51 [3]. Comments must be received on or before September 21, 2020 [3].' },
  );
  t.equal(wrongLead.scores.contains, true, 'contains counts the date anywhere');
  t.equal(wrongLead.scores.leadContains, false, 'the lead answer does not');
  const rightLead = result(
    { question: faa, expected: ['September 21, 2020'] },
    { answer: 'September 21, 2020 [3]. Comments must be received by then.' },
  );
  t.equal(rightLead.scores.leadContains, true);
  t.equal(leadSentence('Dr. Smith paid $3.50 in 2019. Then he left.'), 'Dr. Smith paid $3.50 in 2019.');
  t.equal(leadSentence('  '), '');
  const totals = computeTotals([wrongLead, rightLead]);
  t.equal(totals.contains, 1);
  t.equal(totals.leadAnswer, 0.5);
  const stored = { ...rightLead, scores: { ...rightLead.scores, leadContains: undefined } };
  t.equal(
    computeTotals([stored as unknown as QuestionResult]).leadAnswer,
    null,
    'runs stored before: no figure',
  );
});
