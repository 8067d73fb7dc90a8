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
    buildCitationMap(filter.used, [
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
