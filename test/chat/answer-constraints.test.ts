/**
 * The near-miss features of answerability (src/chat/answering/constraints.ts): a question that
 * fixes a year, a place, a name or a measure the best evidence does not have.
 */
import t from 'tap';
import { constraintFeatures, contradicts } from '../../src/chat/answering/constraints.ts';
import { candidatesOf } from '../../src/chat/answering/candidates.ts';
import { questionFeatures, ANSWERABILITY_FEATURES } from '../../src/chat/answering/answerability.ts';

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
  t.equal(held.windowNamesMissing, 0);
  t.equal(other.valueConflict, 1, 'the chunk gives 2015, not 2010');
  t.equal(other.windowNamesMissing, 0.5, 'Firefox is there, 2010 is not');
  t.equal(other.chunkNamesMissing, 0.5);
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
  t.ok(seattle.chunkNamesMissing > 0, 'Seattle is not in the chunk');
  t.equal(sanDiego.chunkNamesMissing, 0);
  const measure = constraintFeatures(
    'How many ammunition checks did Microsoft log in San Diego?',
    candidate,
    warn,
  );
  t.ok(measure.termsMissing > sanDiego.termsMissing, '"ammunition" and "checks" are not in the chunk');
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
    'windowNamesMissing',
    'chunkNamesMissing',
    'valueConflict',
    'termsMissing',
    'whoMissing',
  ])
    t.ok(ANSWERABILITY_FEATURES.includes(name) && name in row, name);
  t.equal(row.valueConflict, 1);
});
