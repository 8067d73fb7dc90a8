import t from 'tap';
import { buildCitationMap, CitationFilter } from '../../src/chat/citations.ts';

t.test('drops markers that point at no source, keeps valid ones, across fragment boundaries', async (t) => {
  const filter = new CitationFilter(2);
  const out =
    ['The date is Sept', 'ember 10 [', '1]. Also [', '7] wrong', ' and [2][3]. Arrays [a] stay.']
      .map((f) => filter.push(f))
      .join('') + filter.flush();
  t.equal(out, 'The date is September 10 [1]. Also wrong and [2]. Arrays [a] stay.');
  t.same([...filter.used].sort(), [1, 2]);
  t.same(
    buildCitationMap(filter.numbering, [
      { documentId: 'doc_a', chunkId: 'chk_1' },
      { documentId: 'doc_b', chunkId: 'chk_2' },
    ]),
    {
      1: { documentId: 'doc_a', chunkId: 'chk_1' },
      2: { documentId: 'doc_b', chunkId: 'chk_2' },
    },
  );
});

t.test('a lone bracket at the end is released by flush', async (t) => {
  const filter = new CitationFilter(1);
  t.equal(filter.push('see ['), 'see');
  t.equal(filter.flush(), ' [');
  const zero = new CitationFilter(3);
  t.equal(zero.push('x [0] y') + zero.flush(), 'x y');
});

t.test('markers are renumbered in the order the answer first cites them', async (t) => {
  const filter = new CitationFilter(8);
  const out =
    ['Open at eight [6', ']. Closed on Sundays [3][6]', '. See [6].'].map((f) => filter.push(f)).join('') +
    filter.flush();
  t.equal(out, 'Open at eight [1]. Closed on Sundays [2][1]. See [1].', 'prompt source 6 is shown as [1]');
  t.same([...filter.used].sort(), [3, 6], 'used keeps the prompt numbers');
  t.same(
    [...filter.numbering],
    [
      [6, 1],
      [3, 2],
    ],
  );
  const sources = Array.from({ length: 8 }, (_, i) => ({
    documentId: `doc_${i + 1}`,
    chunkId: `chk_${i + 1}`,
  }));
  t.same(buildCitationMap(filter.numbering, sources), {
    1: { documentId: 'doc_6', chunkId: 'chk_6' },
    2: { documentId: 'doc_3', chunkId: 'chk_3' },
  });
});
