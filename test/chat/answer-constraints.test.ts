/**
 * The near-miss features of answerability (src/chat/answering/constraints.ts): a question that
 * fixes a year, a place, a name or a measure the best evidence does not have.
 */
import t from 'tap';
import {
  constraintFeatures,
  contradicts,
  documentNamesOf,
  formatNamesOf,
  withoutDataRows,
} from '../../src/chat/answering/constraints.ts';
import { namesOf } from '../../src/chat/answering/features.ts';
import { candidatesOf } from '../../src/chat/answering/candidates.ts';
import { questionFeatures, ANSWERABILITY_FEATURES } from '../../src/chat/answering/answerability.ts';
import { NO_ANSWER, extractiveProvider } from '../../src/chat/llm/extractive.ts';
import type { ChatTurn, GenerationRequest } from '../../src/chat/llm/provider.ts';
import type { Embedder } from '../../src/embeddings/embedder.ts';

const source = (text: string, documentName = 'report.md', headingPath: string[] = []) => ({
  text,
  documentName,
  headingPath,
  score: 1,
});
const firefox = source(
  'Firefox is a web browser. As of late 2015, Firefox has approximately 10-11% of worldwide usage share of web browsers.',
  'mozilla.html',
);
const best = (sources: ReturnType<typeof source>[], index = 1) => candidatesOf(sources)[index];

t.test('a year the evidence contradicts, and one it holds', async (t) => {
  const sources = [firefox];
  const held = constraintFeatures(
    'What share of browser usage did Firefox have in 2015?',
    best(sources),
    sources,
  );
  const other = constraintFeatures(
    'What share of browser usage did Firefox have in 2010?',
    best(sources),
    sources,
  );
  t.equal(held.valueConflict, 0);
  t.equal(held.rowNameMissing, 0);
  t.equal(other.valueConflict, 1, 'the chunk gives 2015, not 2010');
  t.equal(other.sentenceConflict, 1, 'so does the best sentence');
  t.equal(other.rowNameMissing, 0, 'a year is left to the conflict features');
  t.equal(other.chunkNamesMissing, 0.5, 'Firefox is there, 2010 is not');
  t.notOk(contradicts('in November 2015', 'October 2014 and November 2015', /\b20\d\d\b/g), 'both held');
  t.notOk(contradicts('in 2014', 'no year at all', /\b20\d\d\b/g), 'nothing to contradict');
});

t.test('a place or a measure the chunk does not have', async (t) => {
  const warn = [source('Microsoft Corporation | San Diego | 129 | Layoff Permanent', 'warn-report.pdf')];
  const candidate = candidatesOf(warn)[0];
  const seattle = constraintFeatures(
    "How many employees did Microsoft's Seattle layoff affect?",
    candidate,
    warn,
  );
  const sanDiego = constraintFeatures(
    "How many employees did Microsoft's San Diego layoff affect?",
    candidate,
    warn,
  );
  t.ok(seattle.chunkNamesMissing! > 0, 'Seattle is not in the chunk');
  t.equal(seattle.rowNameMissing, 1, 'nor in the row');
  t.equal(sanDiego.chunkNamesMissing, 0);
  t.equal(sanDiego.rowNameMissing, 0);
  const measure = constraintFeatures(
    'How many ammunition checks did Microsoft log in San Diego?',
    candidate,
    warn,
  );
  t.ok(measure.termsMissing! > sanDiego.termsMissing!, '"ammunition" and "checks" are not in the chunk');
});

t.test("a table row need not name the sources' topic", async (t) => {
  const sources = [
    source('Yahoo! Inc. | Sunnyvale | 107 | Layoff Permanent', 'warn-report.pdf'),
    source('Qualcomm Incorporated | San Jose | 127 | Layoff Permanent', 'warn-report.pdf'),
    source('Qualcomm Incorporated | San Diego | 20 | Layoff Permanent', 'warn-report.pdf'),
  ];
  const row = candidatesOf(sources)[1];
  const near = constraintFeatures('How many workers did Yahoo lay off in San Jose?', row, sources);
  t.equal(near.rowNameMissing, 1, 'Yahoo is in one chunk, not in the San Jose row');
  t.equal(near.chunkNamesMissing, 1 / 3);
  const topic = constraintFeatures(
    'How many Qualcomm workers in San Jose did the WARN report list?',
    row,
    sources,
  );
  t.equal(topic.rowNameMissing, 0, "WARN is the document's name, Qualcomm in the row");
  // Other companies' rows hold San Jose in two chunks: a cell's value, not the report's topic.
  const header = 'Company | City | Employees | Layoff/Closure';
  const cells = [
    source(`${header}\nYahoo! Inc. | Sunnyvale | 107 | Layoff Permanent`, 'warn-report.pdf'),
    source(`${header}\nQualcomm Incorporated | San Jose | 127 | Layoff Permanent`, 'warn-report.pdf'),
    source(`${header}\nMaxim Integrated | San Jose | 150 | Closure Permanent`, 'warn-report.pdf'),
  ];
  const yahoo = candidatesOf(cells).find((c) => c.sentence.startsWith('Yahoo'))!;
  t.equal(
    constraintFeatures('How many workers did Yahoo lay off in San Jose?', yahoo, cells).rowNameMissing,
    1,
    'San Jose only in data rows',
  );
  // A header repeated by each chunk of a table is what the table is about.
  t.equal(
    constraintFeatures('How many Employees did Yahoo lay off?', yahoo, cells).rowNameMissing,
    0,
    "Employees is every chunk's header",
  );
  t.equal(
    withoutDataRows(`Intro.\n${header}\nA | B | 1\nC | D | 2\nMore prose.`),
    `Intro.\n${header}\nMore prose.`,
  );
  const prose = [
    source('The experiments ran on a laptop. It had 2 GB of memory.', 'layout-parser-paper.pdf'),
  ];
  const memory = constraintFeatures(
    'How much memory did the LayoutParser laptop have?',
    candidatesOf(prose)[1],
    prose,
  );
  t.equal(memory.rowNameMissing, 0, 'prose is left out');
  t.equal(memory.chunkNamesMissing, 0, '"LayoutParser" is the document\'s name run together');
});

t.test('a document named in any case, an identifier and a format are names', async (t) => {
  const readme = source(
    'pdfplumber reads PDFs. Pass strict_metadata=True to fail on bad metadata.',
    'pdfplumber-README.md',
  );
  const wiki = source(
    'Mozilla games may be released under an open source license.',
    'wikipedia-mozilla.html',
  );
  t.same(documentNamesOf('Under which licence is pdfplumber distributed?', [wiki, readme]), ['pdfplumber']);
  t.same(documentNamesOf('Which README table lists it?', [readme]), [], 'words that say what a file is');
  const licence = constraintFeatures(
    'Under which licence is pdfplumber distributed?',
    candidatesOf([wiki, readme])[0],
    [wiki, readme],
  );
  t.equal(licence.chunkNamesMissing, 1, 'the best chunk, from another document, lacks pdfplumber');
  t.same(namesOf('Does externalFileAccess or strict_metadata matter?'), [
    'externalFileAccess',
    'strict_metadata',
  ]);
  t.equal(formatNamesOf('simple-table.md'), 'markdown');
  const prices = [source('Item | Price\nJuicy Apples | 1.99', 'simple-table.md')];
  const row = candidatesOf(prices).find((c) => c.sentence.startsWith('Juicy'))!;
  t.equal(
    constraintFeatures('What do juicy apples cost in the Markdown table?', row, prices).rowNameMissing,
    0,
    "Markdown is the document's format",
  );
});

t.test('a who-question whose best sentence names nobody new', async (t) => {
  const sources = [
    source('The Mozilla Foundation hosts the project. Its president Tristan Nitot spoke about it.'),
  ];
  const nobody = constraintFeatures('Who hosts the Mozilla project?', candidatesOf(sources)[0], sources);
  const somebody = constraintFeatures('Who is the president of Mozilla?', candidatesOf(sources)[1], sources);
  t.equal(nobody.whoMissing, 0, '"Foundation" is a name the question lacks');
  t.equal(somebody.whoMissing, 0);
  const none = constraintFeatures(
    'Who runs it?',
    candidatesOf([source('it is run by volunteers of the community.')])[0],
    [source('it is run by volunteers of the community.')],
  );
  t.equal(none.whoMissing, 1);
});

t.test('the answerability features carry the constraints', async (t) => {
  const sources = [firefox];
  const ranked = candidatesOf(sources).map((c, i) => ({
    ...c,
    features: {},
    probability: i === 1 ? 0.9 : 0.1,
  }));
  const row = questionFeatures('What share of browser usage did Firefox have in 2010?', ranked, sources);
  for (const name of [
    'rowNameMissing',
    'chunkNamesMissing',
    'valueConflict',
    'sentenceConflict',
    'termsMissing',
    'whoMissing',
  ])
    t.ok(ANSWERABILITY_FEATURES.includes(name) && name in row, name);
  t.equal(row.valueConflict, 1);
});

/** An embedder that rates every text alike, so the lexical features decide. */
const embedder: Embedder = {
  modelId: 'fake',
  dimensions: 2,
  maxTokens: 256,
  count: (text) => text.split(/\s+/).length,
  embedDocuments: async (texts) => texts.map(() => [1, 0]),
  embedQuery: async () => [1, 0],
};

/** The extractive provider's whole answer to `question` over `sources`. */
async function answer(question: string, sources: ReturnType<typeof source>[], history: ChatTurn[] = []) {
  let text = '';
  const request = { question, sources, history, signal: new AbortController().signal };
  for await (const piece of extractiveProvider(embedder).generate(request as GenerationRequest))
    text += piece;
  return text;
}

t.test('a table cell answers only when its row holds the names the question asks about', async (t) => {
  const warn = [
    source(
      'Summary | Notices | Employees\nJanuary 2016 | 85 | 6,617\nFebruary 2016 | 90 | 7,001',
      'warn-report.pdf',
    ),
    source('Alabama | 18,870 | 23,022\nOregon | 9,338 | 13,586', 'nics-checks.pdf'),
  ];
  const ask = (question: string, history: ChatTurn[] = []) => answer(question, warn, history);
  t.equal(await ask('How many notices were there in January 2016?'), 'January 2016 — Notices: 85 [1]');
  t.not(
    await ask('How many Oregon notices were there in January 2016?'),
    'January 2016 — Notices: 85 [1]',
    "Oregon is in one chunk, not in January's row: the ranker and answerability decide",
  );
  t.equal(
    await ask('How many Microsoft workers were counted in January 2016?'),
    NO_ANSWER,
    "the best evidence, January's row, lacks Microsoft: quoting it would answer another question",
  );
  t.equal(
    await ask('How many Oregon notices were there in January 2016?', [
      { role: 'user', content: 'How many checks did Oregon have?' },
      { role: 'assistant', content: 'Oregon | 9,338 | 13,586 [2]' },
    ]),
    'January 2016 — Notices: 85 [1]',
    "a completed follow-up carries the previous answer's names: its row need not hold them",
  );
});

t.test('a count asked of a row whose header names none of its measures is refused', async (t) => {
  const nics = [
    source(
      'State | Handgun | Long Gun\nAlabama | 18,870 | 23,022\nOregon | 9,338 | 13,586',
      'nics-checks.pdf',
    ),
  ];
  const ask = (question: string) => answer(question, nics);
  t.equal(await ask('How many handgun checks did Oregon have?'), 'Oregon — Handgun: 9,338 [1]');
  t.equal(await ask('How many denied checks did Oregon have?'), NO_ANSWER, 'no column counts denials');
  t.equal(await ask('Show me the Oregon figures.'), 'Oregon | 9,338 | 13,586 [1]', 'no count asked: the row');
});

t.test("a completed follow-up's constraints are its own words', not the earlier question's", async (t) => {
  const sources = [firefox];
  const ranked = candidatesOf(sources).map((c, i) => ({
    ...c,
    features: {},
    probability: i === 1 ? 0.9 : 0.1,
  }));
  const completed = 'And its engine? What share of browser usage did Firefox have in 2010?';
  t.equal(questionFeatures(completed, ranked, sources).valueConflict, 1, 'read whole: 2010 against 2015');
  t.equal(
    questionFeatures(completed, ranked, sources, 'And its engine?').valueConflict,
    0,
    'the year was the earlier question’s, which its answer met',
  );
  t.equal(
    questionFeatures('And in 2012? ' + completed, ranked, sources, 'And in 2012?').valueConflict,
    1,
    'a year of the follow-up’s own is still checked',
  );
});

t.test(
  'a sentence two sources share is one piece of evidence; a negation the evidence states is its own',
  async (t) => {
    const page = source(
      'On July 16, 2012, Mitchell Baker announced that innovation in Thunderbird was no longer a priority for Mozilla.',
      'wikipedia-mozilla.html',
    );
    const copy = { ...page, documentName: 'wikipedia-mozilla.expected-readability.html' };
    const other = source('Thunderbird is an email client made by Mozilla for desktop computers.', 'notes.md');
    const sources = [page, copy, other];
    const probabilities = [0.45, 0.4, 0.15];
    const ranked = candidatesOf(sources).map((c, i) => ({
      ...c,
      features: {},
      probability: probabilities[i]!,
    }));
    const question = 'Who said in 2012 that innovating was no longer a priority for Mozilla?';
    const row = questionFeatures(question, ranked, sources);
    t.equal(row.best, 0.45 + 0.4, "the copy's probability is the sentence's");
    t.equal(row.margin, 0.45 + 0.4 - 0.15, 'its runner-up is the other sentence, not its copy');
    t.equal(row.negation, 0, '"no longer" is in the evidence too');
    const otherFirst = ranked.map((c) => ({ ...c, probability: c.citation === 3 ? 0.9 : 0.05 }));
    t.equal(
      questionFeatures('Which email client did Mozilla not make?', otherFirst, sources).negation,
      1,
      'a "not" the best evidence lacks',
    );
  },
);

t.test('a name in another form, a count inside a which-question, a loose field outranked', async (t) => {
  const options = source(
    'Argument | Description\n--format [format] | csv or json.\n' +
      '--precision [integer] | The number of decimal places to round floating-point numbers. Defaults to no rounding.',
    'pdfplumber-README.md',
    ['pdfplumber', 'Command line interface'],
  );
  const precision = await answer('Which pdfplumber CLI argument sets how many decimal places floats get?', [
    options,
  ]);
  t.match(precision, /--precision/, 'CLI is the heading written out; "how many" is not what is asked');
  const spec = [
    source(
      'Extracting form values\nForm data is handled differently. If you want the gory details, see page 671 of this specification.',
      'pdfplumber-README.md',
    ),
    source(
      'Argument | Description\n--pages | The pages to read.\n--format | csv or json.',
      'pdfplumber-README.md',
    ),
  ];
  const page = await answer('Which page of the specification has the gory details on form data?', spec);
  t.match(page, /671/, 'the confident sentence answers');
  t.notMatch(page, /--pages/, 'not the field one of its words names');
});
