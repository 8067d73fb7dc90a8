import t from 'tap';
import {
  citingSentence,
  citingSentences,
  findCitedAll,
  normalisedText,
} from '../../console/src/chat/highlight.ts';

/**
 * Issue 40, verifiable citations: a source cited in two sentences marks both, whichever chip
 * opened it (citingSentence took only the first `[n]`).
 */
const ANSWER =
  'The desk opens at 8am [1]. Orders ship in two days [2]. On Saturdays the desk closes at noon [1][2].';
const PASSAGE = `Opening hours.   The desk opens at 8am on weekdays.
On Saturdays the desk closes at noon. Orders ship in two days.`;

t.test('every sentence citing [n], each once, in order', async (t) => {
  t.same(citingSentences(ANSWER, '1'), ['The desk opens at 8am', 'On Saturdays the desk closes at noon']);
  t.same(citingSentences(ANSWER, '2'), ['Orders ship in two days', 'On Saturdays the desk closes at noon']);
  t.same(citingSentences(ANSWER, '3'), []);
  t.equal(citingSentence(ANSWER, '1'), 'The desk opens at 8am', 'the first one, as before');
  t.same(citingSentences('Twice [1]. Twice [1].', '1'), ['Twice'], 'a repeated sentence once');
});

t.test('each cited sentence found in the passage, ranges sorted and merged', async (t) => {
  const text = normalisedText(PASSAGE);
  const ranges = findCitedAll(PASSAGE, citingSentences(ANSWER, '1'));
  t.same(
    ranges.map(([a, b]) => text.slice(a, b)),
    ['The desk opens at 8am', 'On Saturdays the desk closes at noon'],
  );
  t.same(
    findCitedAll(PASSAGE, ['On Saturdays the desk closes at noon', 'the desk closes at noon']).length,
    1,
  );
  t.same(findCitedAll(PASSAGE, ['nothing like it here at all']), []);
});
