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

t.test('a list is split into its items, flattened or one item a line', async (t) => {
  // The IETF draft's response codes as its HTML parses: the whole list on one line.
  t.same(
    sentencesOf(
      '* 500 if an internal server error occurs, * 429 if the client makes too frequent requests, * 414 if the request URI is too long,',
    ),
    [
      '500 if an internal server error occurs',
      '429 if the client makes too frequent requests',
      '414 if the request URI is too long',
    ],
    'each item without the comma that separates it from the next',
  );
  t.same(
    sentencesOf(
      'Options you can pass:\n- the resolution of the page image\n  in pixels per inch\n- the crop box of the page',
    ),
    [
      'Options you can pass:',
      'the resolution of the page image in pixels per inch',
      'the crop box of the page',
    ],
    'a wrapped item keeps its second line; the line before the list stays apart',
  );
  t.same(
    sentencesOf('pdfplumber requires the following:\n- Python 3.8+\n- pdfminer.six'),
    ['pdfplumber requires the following: - Python 3.8+ - pdfminer.six'],
    'short items stay with the line that says what they are',
  );
  t.same(
    sentencesOf('Requires: * Python 3.8 or newer * pdfminer.six'),
    ['Requires: Python 3.8 or newer pdfminer.six'],
    'so do short items of a flattened list',
  );
  t.same(
    sentencesOf('The grid has 2 * 3 cells, so six in all, as the figure shows.'),
    ['The grid has 2 * 3 cells, so six in all, as the figure shows.'],
    'an asterisk between figures is a product',
  );
});

t.test("an RFC's reference entry, keyed in capitals, is no candidate", async (t) => {
  t.same(
    sentencesOf(
      '[AUTHORING] "Using remoteStorage for web authoring", reSite wiki, retrieved September 2014.\nServers MAY support Content-Range headers [RANGE] on GET requests.',
    ),
    ['Servers MAY support Content-Range headers [RANGE] on GET requests.'],
  );
});
