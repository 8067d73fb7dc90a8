import t from 'tap';
import { condensedQuestion } from '../../src/chat/answering/condense.ts';
import type { ChatTurn } from '../../src/chat/llm/provider.ts';

/** A conversation of one exchange: the earlier question and the answer it got. */
const after = (question: string, answer: string): ChatTurn[] => [
  { role: 'user', content: question },
  { role: 'assistant', content: answer, documents: ['report.pdf'] } as ChatTurn,
];

t.test('a pronoun is replaced by what it points back to', async (t) => {
  t.equal(
    condensedQuestion(
      "What's its phone number?",
      after('Which company filed the 10-K for 2021?', 'Galaxy Next Solutions, Inc. [1].'),
    ),
    "What's Galaxy Next Solutions, Inc.'s phone number?",
    'the thing a "which" question asked for is its answer',
  );
  t.equal(
    condensedQuestion(
      'How many programs are in it?',
      after('Which benchmark suite did the authors use?', 'SunSpider [1].'),
    ),
    'How many programs are in SunSpider?',
  );
  t.equal(
    condensedQuestion(
      'And when did he step down?',
      after('When did Mozilla make Brendan Eich its CEO?', 'March 24, 2014 [1].'),
    ),
    'When did Brendan Eich step down?',
    'a person pronoun takes the earlier question name of two words; the opener goes',
  );
  t.equal(
    condensedQuestion(
      'How many employees did they cover?',
      after('How many WARN notices were received in July 2015?', '41 [1].'),
    ),
    'How many employees did the WARN notices cover?',
    '"they" after "how many X were …" is the X counted',
  );
  t.equal(
    condensedQuestion(
      'Where was it built?',
      after('Which boat is the newest?', 'I could not find that in your documents.'),
    ),
    null,
    'a refused answer names nothing, and the question names no one: no rewrite',
  );
});

t.test('a bare new name asks the earlier question of it', async (t) => {
  t.equal(
    condensedQuestion(
      'What about Kentucky?',
      after("What was Georgia's total in November 2015?", '100 [1].'),
    ),
    "What was Kentucky's total in November 2015?",
  );
  t.equal(
    condensedQuestion('And bananas?', after('How much are Juicy Apples?', '1.99 [1].')),
    null,
    'no name: left to the completion',
  );
  t.equal(condensedQuestion('In what year?', after('Who wrote SpiderMonkey?', 'Brendan Eich [1].')), null);
});

t.test('an earlier follow-up is condensed first, so a pronoun points through it', async (t) => {
  const history: ChatTurn[] = [
    ...after('Which benchmark suite did the authors use?', 'SunSpider [1].'),
    ...after('Who maintains it?', 'Apple [2].'),
  ];
  t.equal(condensedQuestion('When did they start?', history), 'When did Apple start?');
  t.equal(condensedQuestion('When did they start?', []), null, 'no conversation, nothing to condense');
});
