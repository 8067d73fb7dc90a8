import t from 'tap';
import { answerType, holdsAnswerType, idfCoverage, termsOf } from '../../src/chat/llm/sentence-scoring.ts';

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

t.test('answer types', async (t) => {
  t.equal(answerType('By what date must comments be received?'), 'date');
  t.equal(answerType('How many moons does Jupiter have?'), 'number');
  t.equal(answerType('Who founded Mozilla?'), null);
  t.equal(answerType('Which status code should a server send for too many requests?'), 'number', 'a code');
  t.equal(answerType("At what resolution is a page rendered if you don't pass one?"), 'number');
  t.equal(
    answerType('What is the name of the web framework the team maintains?'),
    null,
    'a name is no figure',
  );
  t.ok(holdsAnswerType('Comments are due September 21, 2020.', 'date'));
  t.notOk(holdsAnswerType('Comments are welcome.', 'date'));
  t.ok(holdsAnswerType('There are 95 moons.', 'number'));
  t.ok(holdsAnswerType('The Normans reached England in 1066.', 'date'), 'a year answers when');
  t.ok(holdsAnswerType('The abbey was founded in the 11th century.', 'date'), 'a century too');
  t.notOk(holdsAnswerType('Servers MAY support range requests.', 'date'), '"may" is the verb');
  t.equal(answerType('How long does the sensor test take?'), 'number', 'a duration is a figure');
  t.equal(
    answerType('Which company was behind Mozilla when it was set up?'),
    null,
    'a when-clause asks no date',
  );
  t.equal(answerType('How many jobs were lost when the Oakland store closed?'), 'number');
  t.equal(answerType('Since when has the rule applied?'), 'date');
});

t.test('a why-question asks for a cause or a purpose', async (t) => {
  t.equal(answerType('Why does Mammoth drop underlining unless told otherwise?'), 'reason');
  t.equal(answerType('For what reason was the directive issued?'), 'reason');
  t.ok(holdsAnswerType('Underlining is ignored since underlining can be confused with links.', 'reason'));
  t.ok(holdsAnswerType('To prevent man-in-the-middle attacks, https is important.', 'reason'));
  t.ok(holdsAnswerType('The flights were grounded because of two accidents.', 'reason'));
  t.notOk(holdsAnswerType('Mozilla has grown since 2004.', 'reason'), '"since" before a year is a time');
  t.notOk(holdsAnswerType('Underlining is ignored by default.', 'reason'));
});
