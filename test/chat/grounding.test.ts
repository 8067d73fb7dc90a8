import t from 'tap';
import { GroundedAnswer, startsWithRefusal } from '../../src/chat/grounding.ts';
import { SourceSupport } from '../../src/chat/attribution.ts';
import { REFUSAL_SENTENCE } from '../../src/chat/prompt.ts';
import type { Source } from '../../src/chat/llm/provider.ts';

const source = (text: string): Source => ({
  chunkId: 'c',
  documentId: 'd',
  documentName: 'x',
  text,
  pageStart: null,
  pageEnd: null,
  headingPath: [],
  score: 1,
});
const sources = [
  source('The cafeteria opens at eight and closes at three.'),
  source('Employees accrue two days of paid leave for every month of continuous service.'),
  source('Questions about this handbook: we find an answer in the available documents or ask HR.'),
];
const grounded = () => new GroundedAnswer(sources.length, new SourceSupport(sources));

/** Feeds `fragments`, then finishes: what each call returned, in order, and the answer. */
function run(answer: GroundedAnswer, fragments: string[]) {
  const streamed = fragments.map((f) => answer.push(f));
  streamed.push(answer.finish());
  return { streamed, text: streamed.join(''), used: [...answer.used] };
}

t.test('a cited answer is released at its first valid marker and streams on unchanged', async (t) => {
  const answer = grounded();
  const out = run(answer, ['Employees accrue ', 'two days [2]', ' of paid leave', ' each month.']);
  t.same(out.streamed, ['', 'Employees accrue two days [1]', ' of paid leave', ' each month.', '']);
  t.equal(answer.shown, 'Employees accrue two days [1] of paid leave each month.', 'source 2, shown as [1]');
  t.same(out.used, [2]);
  t.same([...answer.numbering], [[2, 1]]);
});

t.test('an uncited answer no source supports becomes the plain refusal', async (t) => {
  const answer = grounded();
  const out = run(answer, ['The capital of Australia ', 'is Canberra.', ' It has a lake.']);
  t.same(out.streamed, ['', '', '', REFUSAL_SENTENCE], 'nothing of the answer was streamed');
  t.equal(answer.shown, REFUSAL_SENTENCE);
  t.same(out.used, [], 'no citation');
});

t.test('markers that point at no source do not ground an answer', async (t) => {
  const answer = grounded();
  const out = run(answer, ['The capital of Australia is Canberra [7].']);
  t.equal(out.text, REFUSAL_SENTENCE);
  t.same(out.used, []);
});

t.test('an empty answer becomes the refusal', async (t) => {
  t.equal(run(grounded(), []).text, REFUSAL_SENTENCE);
  t.equal(run(grounded(), ['  \n']).text, REFUSAL_SENTENCE);
});

t.test('an uncited answer a source supports is released at a sentence end and cited', async (t) => {
  const answer = grounded();
  const out = run(answer, ['Employees get two days', ' of paid leave each month.', ' Enjoy']);
  t.same(out.streamed, ['', 'Employees get two days of paid leave each month.', ' Enjoy', ' [1]']);
  t.same(out.used, [2]);
});

t.test('a short uncited supported answer is shown whole with its citation', async (t) => {
  const out = run(grounded(), ['Two days', ' of paid leave']);
  t.same(out.streamed, ['', '', 'Two days of paid leave [1]']);
  t.same(out.used, [2]);
});

t.test('an answer released on support that drifts is cited to the source that released it', async (t) => {
  const answer = grounded();
  const out = run(answer, [
    'Employees accrue two days of paid leave every month.',
    ' Also, the capital of Australia is Canberra, Sydney is large, kangaroos jump and koalas sleep.',
  ]);
  t.equal(out.streamed[0], 'Employees accrue two days of paid leave every month.', 'released at once');
  const uncited = out.text.slice(0, -' [1]'.length);
  t.equal(new SourceSupport(sources).attribute(uncited), null, 'the whole answer is not supported');
  t.equal(out.streamed.at(-1), ' [1]');
  t.same(out.used, [2]);
});

t.test('a topic-only sentence is too little evidence to release', async (t) => {
  const answer = grounded();
  t.equal(answer.push('Paid leave.'), '', 'two terms: held');
  t.equal(answer.push(' Paid leave!'), '', 'four terms, two distinct: held');
  t.equal(answer.push(' The capital of Australia is Canberra, and kangaroos jump.'), '');
  t.equal(answer.finish(), REFUSAL_SENTENCE);
});

t.test('the model’s own refusal is never attributed, though a source holds its words', async (t) => {
  t.equal(new SourceSupport(sources).attribute(REFUSAL_SENTENCE), 3, 'source 3 would support it');
  const answer = grounded();
  const out = run(answer, ['"I could not find an answer to this question', ' in the available documents."']);
  t.equal(out.text, REFUSAL_SENTENCE);
  t.same(out.used, []);
  t.ok(startsWithRefusal(`**${REFUSAL_SENTENCE.toUpperCase()}**`));
  t.notOk(startsWithRefusal('I could not find the cafeteria.'));
});

t.test('without a support check (the extractive answerer) fragments pass through at once', async (t) => {
  const answer = new GroundedAnswer(sources.length, null);
  const out = run(answer, ['The capital ', 'of Australia [9]', ' is Canberra.']);
  t.same(out.streamed, ['The capital ', 'of Australia', ' is Canberra.', '']);
  t.same(out.used, []);
  t.equal(answer.shown, 'The capital of Australia is Canberra.');
});

t.test("an uncited answer that states the reader's span is grounded in the reader's source", async (t) => {
  // Too few shared terms for the term support to release it ("Eight." shares one term).
  const withoutReader = run(grounded(), ['Doors get unlocked at eight.']);
  t.equal(withoutReader.text, REFUSAL_SENTENCE, 'term support alone refuses it');
  const answer = new GroundedAnswer(sources.length, new SourceSupport(sources), {
    text: 'eight',
    citation: 1,
  });
  const out = run(answer, ['Doors get unlocked at eight.']);
  t.equal(out.text, 'Doors get unlocked at eight. [1]');
  t.same(out.used, [1]);
  const other = new GroundedAnswer(sources.length, new SourceSupport(sources), {
    text: 'eighteen',
    citation: 1,
  });
  t.equal(
    run(other, ['Doors get unlocked at eight.']).text,
    REFUSAL_SENTENCE,
    'a span the answer does not state grounds nothing',
  );
});
