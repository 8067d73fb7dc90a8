import t from 'tap';
import { idfCoverage, termsOf } from '../../src/chat/terms.ts';

t.test('termsOf stems content words and drops stop words', async (t) => {
  t.same(termsOf('When must the FAA receive comments?'), ['faa', 'receiv', 'comment']);
  t.same(termsOf('a I of'), []);
});

t.test('idfCoverage weighs rare question terms by BM25 IDF over the candidates', async (t) => {
  const sentences = [new Set(['faa', 'comment']), new Set(['faa']), new Set(['other'])];
  // N = 3; faa: df 2 → ln(1 + 1.5/2.5) = ln 1.6; comment: df 1 → ln(1 + 2.5/1.5) = ln(8/3)
  const faa = Math.log(1.6);
  const comment = Math.log(8 / 3);
  const [a, b, c] = idfCoverage(['faa', 'comment'], sentences);
  t.ok(Math.abs(a! - 1) < 1e-12, 'a sentence with every term covers all');
  t.ok(Math.abs(b! - faa / (faa + comment)) < 1e-12);
  t.equal(c, 0);
});

t.test('a question term found in no sentence keeps the highest weight', async (t) => {
  const [covered] = idfCoverage(['capital', 'australia', 'faa'], [new Set(['faa']), new Set(['faa'])]);
  t.ok(covered! < 0.3, `coverage ${covered} stays low when the rare terms are missing`);
});
