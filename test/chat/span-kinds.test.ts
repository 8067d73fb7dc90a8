import t from 'tap';
import { countedValue, spanAnswer } from '../../src/chat/answering/compose.ts';
import { answerType } from '../../src/chat/llm/sentence-scoring.ts';
import { identifierOf, ownerOf } from '../../src/chat/answering/span-rules.ts';
import { questionKind } from '../../src/chat/answering/spans.ts';
import { ANSWERER_MODEL } from '../../src/chat/answering/assess.ts';

/** The leading span for a question and its best sentence, or null when the sentence answers alone. */
const lead = (question: string, sentence: string) =>
  spanAnswer(question, sentence, ANSWERER_MODEL.span)?.text ?? null;

t.test('a leading span must be the kind of thing the question asks for', async (t) => {
  t.not(
    lead(
      'Which company makes SquirrelFish Extreme?',
      'Apple’s SquirrelFish Extreme (5) is a JavaScript implementation based on call threading with selective inline threading.',
    ),
    '5',
    'a company is a name, not a reference number',
  );
  t.not(
    lead(
      'What hourly labour rate did the FAA assume for the 737 MAX directive?',
      'The FAA proposes to supersede Airworthiness Directive (AD) 2018–23–51, which applies to all Model 737–8 airplanes.',
    ),
    '2018–23–51',
    'a rate is no directive number',
  );
  t.not(
    lead(
      'How large a difference between the two angle of attack sensors sets off the AOA DISAGREE alert?',
      '9 An AOA disagree alert is a visual alert on the PFDs that alerts the flightcrew of a disagreement between the left and right AOA sensors.',
    ),
    '9',
    'a footnote mark opening the sentence is no figure of it',
  );
  t.not(
    lead(
      'How many people downloaded Thunderbird in 2012?',
      "On July 16, 2012, Mitchell Baker announced that Mozilla's leadership had come to the conclusion that on-going stability was the most important thing for Thunderbird.",
    ),
    'July 16',
    'a count is no date',
  );
  const fine = lead(
    'How much did the FAA fine Boeing over the 737 MAX?',
    'The FAA proposes to supersede Airworthiness Directive (AD) 2018–23–51, which applies to all The Boeing Company Model 737–8 and 737–9 (737 MAX) airplanes.',
  );
  t.notMatch(fine ?? '', /2018–23–51/, 'an amount is no directive number');
  t.not(
    lead(
      "What is Galaxy Gaming's IRS employer identification number?",
      'For the transition period from to Commission file number: 000-30653 Galaxy Gaming, Inc.',
    ),
    'Inc',
    'a legal form alone names nothing',
  );
  t.not(
    lead(
      'What caching header must a remoteStorage server put on its responses to read requests that succeed?',
      'Servers MAY support Content-Range headers [RANGE] on GET requests, but whether or not they do SHOULD be announced.',
    ),
    'RANGE',
    'a reference key in square brackets is no answer',
  );
  t.equal(
    lead(
      'How many people did Blue Shield lay off in Sacramento?',
      'Blue Shield of California gave notice that 95 people would lose their jobs at its Sacramento site.',
    ),
    '95 people',
    'a plain count still leads, with what it counts',
  );
});

t.test('of several dates in the sentence, the span model picks the one asked about', async (t) => {
  const sentence =
    'After the accident on October 29, 2018, the FAA issued an emergency directive on November 7, 2018 as an interim action.';
  t.equal(lead('When did the FAA issue its emergency directive?', sentence), 'November 7, 2018');
  t.equal(lead('When did the accident happen?', sentence), 'October 29, 2018');
  const only = spanAnswer(
    'When was it issued?',
    'The directive was issued on November 7, 2018.',
    ANSWERER_MODEL.span,
  );
  t.same(only, { text: 'November 7, 2018', probability: 1 }, 'the one date of a sentence is certain');
});

t.test('"how many X" is answered by the figure right before X, with X', async (t) => {
  t.equal(
    lead(
      'How many work-hours could the AOA sensor system test take?',
      'AOA sensor system test ....... 40 work-hours × $85 per hour = $0 ....... $3,400 ....... $248,200.',
    ),
    '40 work-hours',
    'not the parts cost ($0) nor the rate',
  );
  t.equal(
    countedValue('How many common shares were outstanding?', 'There were 23,718,968 common shares.'),
    '23,718,968 common shares',
  );
  t.equal(countedValue('How many people died?', 'All 157 people on board died.'), '157 people');
  t.equal(
    countedValue('How many people died in 2019?', 'In 2019 people died.'),
    null,
    'a figure the question gives',
  );
  t.equal(countedValue('When did it happen?', 'In 2019, 157 people died.'), null, 'no count asked');
});

t.test('the owner named in the possessive answers who makes a thing', async (t) => {
  const sentence = 'Apple’s SquirrelFish Extreme (5) is a JavaScript implementation based on call threading.';
  t.equal(ownerOf('Which company makes SquirrelFish Extreme?', sentence), 'Apple');
  t.equal(
    ownerOf('Who develops SquirrelFish?', 'In Apple’s fast SquirrelFish, calls are threaded.'),
    'Apple',
  );
  t.equal(
    ownerOf('Which company makes SquirrelFish Extreme?', 'SquirrelFish is fast.'),
    null,
    'no owner named',
  );
  t.equal(ownerOf('Which company reviewed SquirrelFish?', sentence), null, 'not asked who makes it');
  t.equal(
    ownerOf('Which company makes Apple’s SquirrelFish?', sentence),
    null,
    'the question names the owner',
  );
  t.equal(
    spanAnswer('Which company makes SquirrelFish Extreme?', sentence, ANSWERER_MODEL.span)?.text,
    'Apple',
    'the short answer',
  );
});

t.test('a town, a county or a location asked for is a where-question', async (t) => {
  t.equal(questionKind('In what town is the Seattle ACO Branch office?'), 'where');
  t.equal(questionKind('Which county is the plant in?'), 'where');
  t.equal(questionKind('Which statement is true?'), 'what', 'a word that only starts like one');
  t.equal(
    questionKind('Which company was behind Mozilla when it was set up?'),
    'what',
    'a when-clause is no when-question',
  );
  t.equal(questionKind('Who ran Mozilla when Firefox 1.0 came out?'), 'who');
  t.equal(questionKind('And when did that happen?'), 'when');
});

t.test('an option or an argument asked for is answered by the identifier the question lacks', async (t) => {
  t.equal(answerType('Which Mammoth option has to be switched on to read linked files?'), 'code');
  t.equal(answerType('What keyword argument makes it strict?'), 'code');
  t.equal(
    answerType('What was the list price of the sequencer?'),
    'number',
    'three words before the measure',
  );
  t.equal(
    lead(
      'Which Mammoth option has to be switched on to read linked files?',
      'To enable access when converting trusted source documents, set options.externalFileAccess to true.',
    ),
    'options.externalFileAccess',
  );
  t.equal(
    lead(
      'Which keyword argument makes pdfplumber.open raise an exception on bad metadata?',
      'Pass strict_metadata=True to the open method and pdfplumber.open will raise an exception.',
    ),
    'strict_metadata',
    'not pdfplumber.open, which the question names',
  );
  t.equal(identifierOf('Which flag reads a style map?', 'Use --style-map to read one.'), '--style-map');
  t.equal(
    identifierOf('Which option?', 'Dates like 2020-09-21, e.g. a hyphenated Soekarno-Hatta.'),
    null,
    'dates, abbreviations and hyphenated names are no identifiers',
  );
  t.equal(
    identifierOf(
      'Which option was dropped?',
      'See mammoth.js, README.md or example.com: convertUnderline is gone.',
    ),
    'convertUnderline',
    'a file or a site is no identifier',
  );
});

t.test('a function word alone never leads the answer', async (t) => {
  t.not(
    lead(
      'And which one reads a custom style map from a file?',
      'A custom style map can be read from a file using --style-map.',
    ),
    'can',
  );
});

t.test('of several identifiers, the one whose words the question shares', async (t) => {
  t.equal(
    identifierOf(
      'Which setting lets Mammoth open files that a document points to outside of itself?',
      'To stop using the default style map altogether, set options.includeDefaultStyleMap to false. externalFileAccess: Source documents may reference files outside of the source document.',
    ),
    'externalFileAccess',
  );
});

t.test('a question for a company or a person is not answered with a date', async (t) => {
  const answer = lead(
    'Which company was behind Mozilla when it was set up?',
    "When AOL (Netscape's parent company) greatly reduced its involvement with Mozilla in July 2003, the Mozilla Foundation was designated the legal steward of the project.",
  );
  t.notMatch(answer ?? '', /2003|July/, 'no date leads');
  t.not(
    lead(
      'Which organisation took over the project?',
      'The Mozilla Foundation took over the project in July 2003.',
    ),
    'July 2003',
  );
  t.not(
    lead(
      "Who became Mozilla's chief executive after Brendan Eich resigned?",
      'On March 24, 2014, Mozilla promoted Brendan Eich to the role of CEO.',
    ),
    'March 24',
    'a month with its day is a date, whichever month',
  );
});

t.test('a span that opens a bracket it does not close is a fragment, not an answer', async (t) => {
  const answer = lead(
    'Which Mammoth release renamed the mammoth.style() function?',
    'The function mammoth.style() was renamed to mammoth.styleMapping().',
  );
  t.notMatch(answer ?? '', /\([^)]*$/, 'no unclosed bracket leads');
});
