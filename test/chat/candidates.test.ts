import t from 'tap';
import { candidatesOf, sentencesOf } from '../../src/chat/answering/candidates.ts';

t.test('a heading line of the chunk is no part of the sentence after it', async (t) => {
  // The chunk text as the Markdown parser and the chunker write it: the heading on a line of its own.
  const text = 'Ferry fares\nA single ferry ticket costs 4 euros for adults.';
  t.same(sentencesOf(text, ['Ferry fares']), ['A single ferry ticket costs 4 euros for adults.']);
  t.same(
    candidatesOf([{ text, headingPath: ['Timetable', 'Ferry fares'] }]).map((c) => c.sentence),
    ['A single ferry ticket costs 4 euros for adults.'],
  );
  t.same(
    sentencesOf(text),
    ['Ferry fares A single ferry ticket costs 4 euros for adults.'],
    'without the heading path the line is prose: a value on its own line stays with its label',
  );
  t.same(
    sentencesOf('Total due\n$70,923,698 for the year, as the table shows.', ['Ferry fares']),
    ['Total due $70,923,698 for the year, as the table shows.'],
    'a line that is not one of the headings still joins the next',
  );
});
