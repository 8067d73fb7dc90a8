import t from 'tap';
import { candidatesOf, joinInitials, sentencesOf } from '../../src/chat/answering/candidates.ts';

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

t.test(
  'a title-cased line before a paragraph is a section title, not the start of its sentence',
  async (t) => {
    // The Federal Register's run-in headings are bold text in the body's size: the PDF parser keeps
    // them as paragraphs, so they reach the chunk as lines of their own.
    const paragraph =
      'On October 29, 2018, a Boeing Model 737–8 airplane operated by Lion Air was involved in an accident.';
    t.same(sentencesOf(`Background\n${paragraph}`), [paragraph]);
    t.same(sentencesOf(`Costs of Compliance\n${paragraph}`), [paragraph], 'small words in lower case');
    t.same(
      sentencesOf('Jane Doe\nChief Executive Officer of the company'),
      ['Jane Doe Chief Executive Officer of the company'],
      'a name over a short line stays with it',
    );
    t.same(
      sentencesOf(`The fee was\n${paragraph}`),
      [`The fee was ${paragraph}`],
      'a line that is no title still joins the next',
    );
  },
);

t.test('a table row is one candidate, whatever full stops its cells hold', async (t) => {
  t.same(
    sentencesOf(
      'Company | City | Employees\n02/17/2016 | 04/18/2016 | Yahoo! Inc. | San Jose | 127 | Layoff Permanent',
    ),
    [
      'Company | City | Employees',
      '02/17/2016 | 04/18/2016 | Yahoo! Inc. | San Jose | 127 | Layoff Permanent',
    ],
  );
});

t.test('leader dots of a table set as text are no sentence ends', async (t) => {
  t.same(
    sentencesOf(
      'AOA sensor system test ....................... 40 work-hours × $85 per hour = $0 .......................... $3,400 ................... $248,200.',
    ),
    ['AOA sensor system test … 40 work-hours × $85 per hour = $0 … $3,400 … $248,200.'],
  );
  t.same(
    sentencesOf('The meeting ran very late... Then it rained on the town.'),
    ['The meeting ran very late...', 'Then it rained on the town.'],
    'an ellipsis of three dots still ends a sentence',
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

t.test("a name's initial ends no sentence", async (t) => {
  t.same(
    sentencesOf(
      'INTERNET DRAFT Michiel B. de Jong, IndieHosters F. Kooman Intended Status: Proposed Standard.',
    ),
    ['INTERNET DRAFT Michiel B. de Jong, IndieHosters F. Kooman Intended Status: Proposed Standard.'],
  );
  t.same(
    sentencesOf('The plan that won was called Plan B. The board voted for it in March of that year.'),
    ['The plan that won was called Plan B.', 'The board voted for it in March of that year.'],
    'a sentence opener after the capital: two sentences',
  );
  t.same(joinInitials(['It was written by John F.', 'Kennedy in 1961.']), [
    'It was written by John F. Kennedy in 1961.',
  ]);
});

t.test('a table of contents gives no candidate sentences', async (t) => {
  const contents =
    'Table of Contents\nVersioning ..................... 7 7. CORS headers ..................... 8 8. ' +
    'Session description ..................... 8 9. Bearer tokens and access control ..................... 9 10.\n' +
    'The server MAY expire bearer tokens.';
  t.same(sentencesOf(contents), ['The server MAY expire bearer tokens.']);
  const costs = 'AOA sensor system test ........ 40 work-hours. Labor rate ........ 85.';
  t.same(
    sentencesOf(costs),
    ['AOA sensor system test … 40 work-hours. Labor rate … 85.'],
    'one leader line with a bare figure is a value, not contents',
  );
});
