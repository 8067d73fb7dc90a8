/**
 * Tables as data (issue 20, src/chat/answering/tables.ts): the cell of the row the question names
 * and the column it names, read from tables as the parsers extract them — merged header cells,
 * headers without separators, forms with captions under their values, notices named by company
 * and city, fields and values.
 */
import t from 'tap';
import { tableAnswer, tableAnswers } from '../../src/chat/answering/tables.ts';
import { rowIndexOf, splitMergedHeader } from '../../src/chat/answering/table-rows.ts';
import { lexicalCandidates } from '../../src/chat/answering/features.ts';
import { candidatesOf } from '../../src/chat/answering/candidates.ts';

/** The Wikipedia article's infobox as the HTML parser writes it: fields and their values. */
const MOZILLA_INFOBOX =
  'Industry | Open-source software\nFounded | February 28, 1998\nFounder | Netscape Communications Corporation\nDivisions | Mozilla Corporation Mozilla Foundation';

const nics = [
  {
    documentName: 'nics.pdf',
    text:
      'Pre-Pawn | Redemption | Rentals\n' +
      'State / Territory | Permit | Handgun Long Gun *Other **Multiple Admin | Handgun | Long Gun | *Other | Totals\n' +
      'Tennessee | 9,509 | 28,815 | 24,023 | 0 | 1,300 | 0 | 0 | 0 | 0 | 63,670\n' +
      'Utah | 10,429 | 4,314 | 5,857 | 195 | 262 | 0 | 0 | 1 | 0 | 21,772',
  },
];

t.test('a merged header cell made of the header’s own labels is split into its columns', async (t) => {
  t.same(
    splitMergedHeader(['State', 'Handgun Long Gun *Other **Multiple Admin', 'Handgun', 'Long Gun', '*Other']),
    ['State', 'Handgun', 'Long Gun', '*Other', '**Multiple', 'Admin', 'Handgun', 'Long Gun', '*Other'],
  );
  t.same(splitMergedHeader(['Dataset', 'Base Model Large Model Notes']), [
    'Dataset',
    'Base Model Large Model Notes',
  ]);
  t.equal(
    tableAnswer('How many long-gun checks were there in Tennessee?', nics)?.text,
    'Tennessee — Long Gun: 24,023',
  );
  t.equal(
    tableAnswer('How many multiple-firearm checks did Utah log?', nics)?.text,
    'Utah — **Multiple: 262',
  );
  t.equal(tableAnswer('What was the total for Utah?', nics)?.text, 'Utah — Totals: 21,772');
  // A group header narrower than half the row names no column ("Rentals" is not the third cell).
  t.equal(tableAnswer('How many rentals in Utah?', nics)?.text, nics[0]!.text.split('\n')[3]);
  t.equal(rowIndexOf(5, 7, 6), 4, 'the second half of a wider header is aligned from the right');
});

t.test('a header without separators above a table of figures, its rarer word winning', async (t) => {
  const figure = [
    {
      documentName: 'tracemonkey.pdf',
      text:
        'Loops Trees Traces Aborts Flushes Trees/Loop Traces/Tree Traces/Loop Speedup\n' +
        'access-fannkuch | 10 | 34 | 57 | 24 | 0 | 3.4 | 1.7 | 5.7 | 2.20x\n' +
        'regexp-dna | 2 | 2 | 2 | 0 | 0 | 1.0 | 1.0 | 1.0 | 4.21x',
    },
  ];
  t.equal(
    tableAnswer('How many aborts happened while tracing access-fannkuch?', figure)?.text,
    'access-fannkuch — Aborts: 24',
  );
  t.equal(tableAnswer('What speedup did regexp-dna get?', figure)?.text, 'regexp-dna — Speedup: 4.21x');
});

t.test('a form value is found by the caption under it', async (t) => {
  const cover = [
    {
      documentName: '10k.html',
      text:
        'Galaxy Gaming, Inc.\n(Exact name of registrant as specified in its charter)\n' +
        'Nevada | 20-8143439\n(State or other jurisdiction of incorporation or organization) | (IRS Employer Identification No.)',
    },
  ];
  t.same(tableAnswer("What is Galaxy Gaming's IRS employer identification number?", cover), {
    citation: 1,
    text: 'IRS Employer Identification No.: 20-8143439',
    guarded: true,
    caption: true,
  });
  t.equal(
    tableAnswer('In which state is Galaxy Gaming incorporated?', cover)?.text,
    'State or other jurisdiction of incorporation or organization: Nevada',
  );
  t.equal(tableAnswer('Who audits Galaxy Gaming?', cover), null, 'one caption word is not enough');
});

t.test(
  'notices named by company and city: the lone figure, every equal row, no contradicted row',
  async (t) => {
    const warn = [
      {
        documentName: 'warn.pdf',
        text:
          'Notice Date | Effective | Received | Company | City | No. Of | Layoff/Closure\n' +
          '02/10/2016 | 04/11/2016 02/10/2016 | Yahoo! Inc. | Sunnyvale | 107 | Layoff Permanent\n' +
          '02/17/2016 | 04/18/2016 02/17/2016 | Yahoo! Inc. | Burbank | 90 | Closure Permanent\n' +
          '09/24/2015 | 09/24/2015 09/29/2015 | Space Systems/Loral, LLC | Palo Alto | 90 | Layoff Permanent\n' +
          '01/28/2016 | 01/28/2016 02/09/2016 | Space Systems/Loral, LLC | Palo Alto | 122 | Layoff Permanent\n' +
          '06/22/2015 | 03/25/2016 07/01/2015 | Maxim Integrated Product | San Jose | 150 | Closure Permanent',
      },
    ];
    t.equal(
      tableAnswer("How many employees did Yahoo's Burbank closure affect?", warn)?.text,
      'Yahoo! Inc., Burbank — No. Of: 90',
      'the legal form may go unsaid; the figure under its header, the date columns merged',
    );
    t.same(
      tableAnswers('How many people did Space Systems/Loral lay off in Palo Alto?', warn).map((a) => a.text),
      [
        'Space Systems/Loral, LLC, Palo Alto — No. Of: 90',
        'Space Systems/Loral, LLC, Palo Alto — No. Of: 122',
      ],
      'two notices named equally well both answer',
    );
    t.equal(
      tableAnswer('How many workers did Yahoo lay off in San Jose?', warn),
      null,
      'San Jose is in the table but not in any Yahoo row',
    );
    t.equal(
      tableAnswer('When did Yahoo close in Burbank?', warn)?.text,
      'Yahoo! Inc., Burbank — Notice Date: 02/17/2016; Effective: 04/18/2016 02/17/2016',
      'a when-question naming no column reads the row’s dates, each under its header',
    );
    t.equal(
      tableAnswer('When did Yahoo announce the Burbank layoffs?', warn)?.text,
      'Yahoo! Inc., Burbank — Notice Date: 02/17/2016; Effective: 04/18/2016 02/17/2016',
      'a column named by a when-question holds a date: "layoffs" names no "Layoff/Closure" here',
    );
  },
);

t.test('a table of fields and values answers with the value of the field named', async (t) => {
  const infobox = [
    { documentName: 'mozilla.html', text: MOZILLA_INFOBOX },
    { documentName: 'mozilla.readability.html', text: 'Founded | February 28, 1998' },
  ];
  t.same(
    tableAnswers('On what date was Mozilla founded?', infobox).map((a) => a.text),
    ['Founded: February 28, 1998'],
    'said once for two copies of the document',
  );
});

t.test('of a header on two lines, the line as wide as the row places the columns', async (t) => {
  const summary = [
    {
      documentName: 'warn.pdf',
      text:
        'Summary by | Notices | Employees | Permanent | Temporary\n' +
        'Month | Affected | Layoff | Layoff\n' +
        'September 2015 | 76 | 4,864 | 47 | 2\n' +
        'October 2015 | 71 | 6,102 | 38 | 1',
    },
  ];
  // "Affected" sits over the notices' place on its own line; it heads the employees column.
  t.equal(
    tableAnswer('How many were affected in October 2015?', summary)?.text,
    'October 2015 | 71 | 6,102 | 38 | 1',
  );
  t.equal(
    tableAnswer('How many employees were affected in October 2015?', summary)?.text,
    'October 2015 — Employees: 6,102',
  );
});

t.test(
  'a table of text has one header, its first line; a reference mark is no part of the label',
  async (t) => {
    // The LayoutParser model-zoo table as the PDF parser writes it: the header's last three labels merged.
    const text = [
      'Table 1: Current layout detection models in the LayoutParser model zoo',
      'Dataset | Base Model1 Large Model Notes',
      'PubLayNet [38] | F / M | M | Layouts of modern scientific documents',
      'PRImA [3] | M | - | Layouts of scanned modern magazines and scientific reports',
      'Newspaper [17] | F | - | Layouts of scanned US newspapers from the 20th century',
    ].join('\n');
    const [answer] = tableAnswers('What are the notes for the Newspaper dataset?', [
      { text, documentName: 'layout-parser-paper-with-table.pdf' },
    ]);
    t.ok(answer, 'the row answers');
    t.equal(answer!.text, 'Newspaper — Notes: Layouts of scanned US newspapers from the 20th century');
    t.notMatch(answer!.text, /Layouts of modern scientific documents:/, 'an earlier row is no header');
    const [model] = tableAnswers('Which base model is there for the PRImA dataset?', [
      { text, documentName: 'layout-parser-paper-with-table.pdf' },
    ]);
    t.notMatch(
      model?.text ?? '',
      /Layouts of scanned modern magazines/,
      'the merged label is over the last column only: "base model" does not name the notes',
    );
  },
);

t.test('a who-question reads the doer’s field, not a date field its verb names', async (t) => {
  const infobox = [{ documentName: 'mozilla.html', text: MOZILLA_INFOBOX }];
  t.same(
    tableAnswers('According to the infobox, who founded Mozilla?', infobox).map((a) => a.text),
    ['Founder: Netscape Communications Corporation'],
  );
  t.same(
    tableAnswers('When was Mozilla founded?', infobox).map((a) => a.text),
    ['Founded: February 28, 1998'],
    'a when-question keeps the date field',
  );
});

t.test('the first line of a text table that names its columns is no field', async (t) => {
  const options = [
    {
      documentName: 'readme.md',
      text:
        'Argument | Description\n--format [format] | csv or json.\n' +
        '--precision [integer] | The number of decimal places to round floating-point numbers.',
    },
  ];
  t.same(tableAnswers('Which argument rounds the numbers?', options), []);
  const infobox = [
    { documentName: 'mozilla.html', text: 'Industry | Software\nFounded | February 28, 1998' },
  ];
  t.same(
    tableAnswers('Which industry is Mozilla in?', infobox).map((a) => a.text),
    ['Industry: Software'],
    'a field may be first: its value is no column name',
  );
});

t.test('a column-name line at the end of a chunk is no field either', async (t) => {
  const methods = [{ documentName: 'readme.md', text: 'Drawing is built on Pillow.\nMethod | Description' }];
  t.same(tableAnswers('Which method draws the description?', methods), []);
});

t.test('a complex preposition names no field ("built on top of" is no field "top")', async (t) => {
  const properties = [
    {
      documentName: 'pdfplumber-README.md',
      text:
        'Property | Description\ntop | Distance of top of character from top of page.\n' +
        'bottom | Distance of bottom of the character from top of page.',
    },
  ];
  t.same(tableAnswers('What is pdfplumber built on top of?', properties), []);
  t.same(
    tableAnswers('What does top measure for a character?', properties).map((a) => a.text),
    ['top: Distance of top of character from top of page.'],
    'the field named as a word of its own still answers',
  );
});

t.test(
  'a complex preposition is no word of what the question asks about, for the ranker either',
  async (t) => {
    const sources = [
      {
        documentName: 'pdfplumber-README.md',
        headingPath: ['pdfplumber'],
        score: 1,
        text: 'The top-level pdfplumber.PDF class represents a single PDF and has two main properties. Works best on machine-generated PDFs. Built on pdfminer.six.',
      },
    ];
    const coverages = (question: string) =>
      lexicalCandidates(question, sources, candidatesOf(sources)).ranked.map((c) => [
        c.sentence,
        c.features.coverage,
      ]);
    t.same(
      coverages('What is pdfplumber built on top of?'),
      coverages('What is pdfplumber built on?'),
      '"top" of "on top of" does not match "top-level"',
    );
  },
);
