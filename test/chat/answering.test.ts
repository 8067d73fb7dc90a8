import t from 'tap';
import { tableAnswer } from '../../src/chat/answering/tables.ts';
import {
  entitiesOf,
  followUpQuestion,
  isElliptical,
  repeatsAnswer,
} from '../../src/chat/answering/follow-up.ts';
import { sentencesOf } from '../../src/chat/answering/candidates.ts';
import { namesOf } from '../../src/chat/answering/features.ts';
import { cite, shortAnswer, composeAnswer, spanAnswer } from '../../src/chat/answering/compose.ts';
import {
  fitConditionalLogit,
  fitLogistic,
  predict,
  softmaxScores,
} from '../../src/chat/answering/logistic.ts';
import { spanCandidates } from '../../src/chat/answering/spans.ts';
import { ANSWERER_MODEL } from '../../src/chat/answering/assess.ts';

/** A ranked candidate sentence of `sources[citation - 1]` with the ranker's probability. */
const rankedSentence = (sentence: string, citation: number, probability: number) => ({
  sentence,
  citation,
  index: 0,
  previous: '',
  next: '',
  features: {},
  prescore: 1,
  probability,
});

const nics = [
  {
    documentName: 'nics.pdf',
    text: 'NICS Firearm Background Checks\nState / Territory | Permit | Handgun Long Gun *Other | Totals\nAlabama | 18,870 | 23,022 | 71,137',
  },
  {
    documentName: 'nics.pdf',
    text: 'Pre-Pawn | Redemption | Rentals\nIndiana | 81,935 | 25,519 | 130,333\nIowa | 8,785 | 267 | 13,794',
  },
  { documentName: 'other.md', text: 'Month | Notices | Employees\nIndiana | 1 | 2' },
];

t.test('a table question is answered with the cell of the named row and column', async (t) => {
  t.same(tableAnswer('How many permit checks did Indiana have?', nics), {
    citation: 2,
    text: 'Indiana — Permit: 81,935',
  });
  // The header's last cell (a total) is the row's last, also when merged headers shift the rest.
  t.equal(tableAnswer('What was the total for Iowa?', nics)?.text, 'Iowa — Totals: 13,794');
  // No column named: the row itself, cited.
  t.equal(tableAnswer('Give me the Alabama figures', nics)?.text, 'Alabama | 18,870 | 23,022 | 71,137');
  t.equal(tableAnswer('How many permit checks did Ohio have?', nics), null, 'no row named');
});

t.test('names and figures of a question', async (t) => {
  t.same(namesOf('How many checks did Alabama have in October 2015?'), ['Alabama', 'October', '2015']);
  t.same(namesOf('What is the capital of France?'), ['France']);
});

t.test('elliptical follow-ups are completed from the conversation', async (t) => {
  const history = [
    { role: 'user' as const, content: "What was Michigan's total count of NICS checks in November 2015?" },
    { role: 'assistant' as const, content: 'Michigan — Totals: 50,000 [1]' },
  ];
  const wisconsin = followUpQuestion('What about Wisconsin?', history)!;
  t.match(wisconsin, /Wisconsin/);
  t.notMatch(wisconsin, /Michigan/, 'the new name replaces the old one');
  t.match(wisconsin, /NICS.*November 2015/, 'acronyms and months stay');
  const docket = followUpQuestion('And the docket number?', history)!;
  t.match(docket, /^And the docket number\? What was Michigan's total count/);
  t.match(docket, /50,000/, "the previous answer's figures join the query");
  t.equal(followUpQuestion('What does Mammoth convert .docx documents into?', history), null);
  t.equal(followUpQuestion('And the docket number?', []), null, 'nothing to lean on');
  const closure = [
    { role: 'user' as const, content: "How many jobs did Boston Scientific's Fremont closure affect?" },
    { role: 'assistant' as const, content: 'Boston Scientific Corporation, Fremont — No. Of: 119 [1]' },
  ];
  const site = followUpQuestion('And at its San Jose site?', closure)!;
  t.match(site, /Boston Scientific's/, '"its" keeps the owner the earlier question named');
  t.notMatch(site, /Fremont/, 'the new place replaces the old one');
  const walmart = [
    { role: 'user' as const, content: 'How many jobs were lost when Walmart closed its Oakland store?' },
    { role: 'assistant' as const, content: 'Walmart, Oakland — No. Of: 338 [1]' },
  ];
  const store = followUpQuestion('What about its San Jose store?', walmart)!;
  t.match(store, /Walmart/, '"its" keeps the subject, when no name is in the possessive');
  t.notMatch(store, /Oakland/);
  t.notMatch(
    followUpQuestion('And at San Jose?', closure)!,
    /Boston/,
    'without "its", every name is replaced',
  );
  t.ok(isElliptical('What about it?'));
  const mozilla = [
    { role: 'user' as const, content: 'Which email client did Mozilla stop developing?' },
    { role: 'assistant' as const, content: 'Thunderbird [1].' },
  ];
  t.equal(
    followUpQuestion('Who said that innovating on it was no longer a priority for them?', mozilla),
    'Who said that innovating on it was no longer a priority for them? Mozilla Thunderbird',
    'a whole question leaning on a pronoun gets the names it may stand for',
  );
  t.equal(
    followUpQuestion('Who said that innovating on Firefox was no longer a priority for its makers?', mozilla),
    null,
    'a question that names its own subject stands alone',
  );
  t.notOk(isElliptical('Which airworthiness directive does the FAA propose to supersede?'));
});

t.test('follow-ups: replaced names, the answer type, pronouns, chains', async (t) => {
  const u = (content: string) => ({ role: 'user' as const, content });
  const a = (content: string, documents?: string[]) => ({
    role: 'assistant' as const,
    content,
    ...(documents ? { documents } : {}),
  });
  const java = [u('Where can Java developers get Mammoth?'), a('Maven Central [1].', ['mammoth-README.md'])];
  t.equal(
    followUpQuestion('What about Python users?', java),
    'What about Python users? Where can developers get Mammoth?',
    "Python replaces Java; Mammoth, a word of the cited document's name, stays",
  );
  const crash = [u('How many people died in the Ethiopian Airlines crash?'), a('157 [1].')];
  t.equal(
    followUpQuestion("What was that flight's number?", crash),
    "What was that flight's number? people died in the Ethiopian Airlines crash. 157",
    "the follow-up's own wh-word sets the answer type: the earlier one's are left out",
  );
  const servo = [u("What is Mozilla's layout engine written in Rust?"), a('Servo [1].')];
  t.match(
    followUpQuestion('Which other company works on it with Mozilla?', servo),
    /Mozilla's layout engine written in Rust\. Servo$/,
    'a name the conversation already has replaces nothing',
  );
  const months = [
    u('How many WARN notices came in during October 2015?'),
    a('October 2015 — Notices: 71 [1]'),
    u('And in November?'),
    a('November 2015 — Notices: 41 [1]'),
  ];
  t.equal(
    followUpQuestion('How many employees did those notices cover?', months),
    'How many employees did those notices cover? And in November. WARN notices came in during 2015. November 2015 41',
    'a follow-up of a follow-up leans on the completed question; a month replaced a month',
  );
  t.ok(isElliptical('Which company makes the second one?'));
  t.same(entitiesOf('Calling external functions from TraceMonkey is hard [1].'), ['TraceMonkey']);
  t.same(entitiesOf('I could not find an answer to this question.'), [], 'a refusal has no entities');
  t.ok(repeatsAnswer('Common stock — Trading symbol: GLXZ', 'Common stock — Trading symbol: GLXZ [2]'));
  t.notOk(repeatsAnswer('Utah — Totals: 21,772', 'Colorado — Totals: 42,271 [3]'));
  t.notOk(
    repeatsAnswer('Iowa — Totals: 13,794', 'Iowa | 8,785 | 267 | 13,794 [2]'),
    'a cell of a quoted row',
  );
});

t.test('candidate sentences leave out reference entries and labels', async (t) => {
  t.same(
    sentencesOf(
      'DATES: The FAA must receive comments on this proposed AD by September 21, 2020.\n' +
        'The FAA will post the draft standardization report ESTIMATED COSTS',
    ),
    [
      'The FAA must receive comments on this proposed AD by September 21, 2020.',
      'The FAA will post the draft standardization report',
    ],
  );
  t.same(
    sentencesOf(
      '[5] Surfin’ Safari - Blog Archive - Announcing SquirrelFish Extreme - http://webkit.org/blog/214/',
    ),
    [],
  );
});

t.test('short answers lead: a whole date for a when-question, then the cited sentence', async (t) => {
  const sentence = 'The current name, Firefox, was chosen on February 9, 2004.';
  t.equal(
    shortAnswer('On what date was the name Firefox settled on?', sentence, ANSWERER_MODEL.span),
    'February 9, 2004',
    'what date asks for a date',
  );
  t.equal(
    shortAnswer('When was the name Firefox chosen?', sentence, ANSWERER_MODEL.span),
    'February 9, 2004',
  );
  t.equal(
    shortAnswer('Why was the name changed?', sentence, ANSWERER_MODEL.span),
    null,
    'why: the sentence answers',
  );
  const ranked = [rankedSentence(sentence, 2, 0.9)];
  t.equal(
    composeAnswer('When was the name Firefox chosen?', ranked, ANSWERER_MODEL.span),
    'February 9, 2004 [2].',
    'a date asked for answers alone: the cited chunk carries the sentence',
  );
  t.equal(
    composeAnswer('When was the name Firefox chosen?', ranked, ANSWERER_MODEL.span, { spanAlone: 1.01 }),
    'February 9, 2004 [2].\n\nThe current name, Firefox, was chosen on February 9, 2004 [2].',
    'below the span-alone threshold the supporting sentence follows',
  );
});

t.test(
  'a sentence that two sources share is one candidate: the next sentence can still follow',
  async (t) => {
    const team = 'Mozilla VR is a team focused on bringing virtual reality tools to the open Web.';
    const frame = 'Mozilla VR maintains A-Frame, a web framework for building VR experiences.';
    // The Wikipedia page and its readability extraction: every sentence twice.
    const ranked = [
      rankedSentence(team, 1, 0.3),
      rankedSentence(team, 2, 0.26),
      rankedSentence(frame, 1, 0.22),
      rankedSentence(frame, 2, 0.2),
    ];
    const answer = composeAnswer(
      'What web framework does the VR team maintain?',
      ranked,
      ANSWERER_MODEL.span,
      {
        spanAlone: 1.01,
        spanLead: 1.01,
      },
    );
    t.equal(answer, `${cite(team, 1)} ${cite(frame, 1)}`, 'the shared sentence once, then the next one');
  },
);

t.test('a follow-up with a condition of its own replaces the earlier condition', async (t) => {
  const history = [
    {
      role: 'user' as const,
      content: 'Which status code should a server send when a client makes requests too often?',
    },
    { role: 'assistant' as const, content: '429 [1].' },
  ];
  t.equal(
    followUpQuestion('And if the server itself runs into an error?', history),
    'And if the server itself runs into an error? Which status code should a server send?',
    'neither the earlier condition nor its answer (429) is searched',
  );
  t.equal(
    followUpQuestion('And the response body?', history),
    'And the response body? Which status code should a server send when a client makes requests too often? 429',
    'without a condition of its own the earlier question stays whole',
  );
  const hyatt = followUpQuestion('When did the state get that notice?', [
    {
      role: 'user' as const,
      content: 'How many jobs were affected when the Hyatt Regency Century Plaza in Los Angeles closed?',
    },
    { role: 'assistant' as const, content: 'Hyatt Regency Century Plaza, Los Angeles — No. Of: 796 [1]' },
  ]);
  t.match(
    hyatt,
    /Hyatt Regency Century Plaza/,
    '"When did …?" asks; it is no condition replacing the earlier one',
  );
});

t.test('span features: the question terms next to its wh-word anchor the span', async (t) => {
  const sentence = 'Hobson argued that social reforms could cure the international disease of imperialism.';
  const spans = spanCandidates('Hobson argued that imperialism was an international what?', sentence);
  const feature = (text: string, name: string) => spans.find((s) => s.text === text)?.features[name];
  t.equal(feature('disease', 'anchorLeft'), 1, '"international" is right before it');
  t.equal(feature('social reforms', 'anchorLeft'), 0);
  const lenin = spanCandidates(
    'Who suggested that imperialism was the highest form of capitalism?',
    'The Russian leader Lenin suggested that imperialism was the highest form of capitalism.',
  ).find((s) => s.text === 'Lenin');
  t.equal(lenin?.features.anchorRight, 1, '"suggested" follows the name as it follows "who"');
  t.equal(lenin?.features.wholeName, 1, 'a whole capitalised run');
});

t.test(
  'span probabilities are a softmax over the sentence: they sum to 1, the best span leads',
  async (t) => {
    const sentence = 'Mozilla announced a deal with Cisco Systems to supply the H.264 codec in 2013.';
    const spans = spanCandidates('Which firm agreed to supply the codec?', sentence);
    const scores = softmaxScores(
      ANSWERER_MODEL.span,
      spans.map((s) => s.features),
    );
    t.ok(Math.abs(scores.reduce((a, b) => a + b, 0) - 1) < 1e-9);
    const best = spanAnswer('Which firm agreed to supply the codec?', sentence, ANSWERER_MODEL.span, 0);
    t.equal(best?.probability, Math.max(...scores));
  },
);

t.test('a conditional logit puts the mass of each group on its labelled row', async (t) => {
  // In every group the row with the largest x is right, whatever the group's scale.
  const groups = [1, 10, 100].map((scale) => ({
    rows: [0, 1, 2, 3].map((i) => ({ x: i * scale, noise: (i * 7) % 3 })),
    labels: [0, 0, 0, 1],
  }));
  const model = fitConditionalLogit(['x', 'noise'], groups, { iterations: 300 });
  for (const g of groups) {
    const p = softmaxScores(model, g.rows);
    t.equal(p.indexOf(Math.max(...p)), 3);
  }
  t.equal(model.bias, 0);
});

t.test('logistic regression separates a separable feature', async (t) => {
  const rows = Array.from({ length: 40 }, (_, i) => ({ x: i }));
  const model = fitLogistic(
    ['x'],
    rows,
    rows.map((r) => (r.x >= 20 ? 1 : 0)),
  );
  t.ok(predict(model, { x: 35 }) > 0.9);
  t.ok(predict(model, { x: 5 }) < 0.1);
  t.ok(Math.abs(predict(model, { x: 19.5 }) - 0.5) < 0.15, 'the boundary between the classes');
});

t.test('of several rows with the label, the one whose other cells the question names', async (t) => {
  const sheet = [
    {
      documentName: 'revenue.xlsx',
      text: 'City | Quarter | Revenue | Manager\nLyon | Q1 | 100000 | Manager 1\nLyon | Q3 | 290056 | Manager 24\nLyon | Q4 | 300000 | Manager 30',
    },
  ];
  t.equal(
    tableAnswer('Who is the manager of the Lyon office in Q3?', sheet)?.text,
    'Lyon, Q3 — Manager: Manager 24',
  );
});

t.test('a completed follow-up answers with the row and the column its own words name', async (t) => {
  const fruit = [
    {
      documentName: 'prices.md',
      text: 'Item | Price | # In stock\nJuicy Apples | 1.99 | 739\nBananas | 1.89 | 6832',
    },
  ];
  // follow-up.ts puts the person's words first, then the earlier question and its answer.
  t.equal(
    tableAnswer('And bananas? How many Juicy Apples are there in stock? Juicy Apples 739', fruit)?.text,
    'Bananas — # In stock: 6832',
  );
  t.equal(
    tableAnswer('And the price? How many Juicy Apples are there in stock?', fruit)?.text,
    'Juicy Apples — Price: 1.99',
  );
  t.equal(
    tableAnswer('How many juicy apples does the price table list as in stock?', fruit)?.text,
    'Juicy Apples — # In stock: 739',
    'the word that names the table names no column',
  );
  t.equal(
    tableAnswer('What do bananas cost in the price table?', fruit)?.text,
    'Bananas — Price: 1.89',
    'unless no other word of the question names one',
  );
  t.equal(
    tableAnswer('How many Juicy Apples are there in stock?', fruit)?.text,
    'Juicy Apples — # In stock: 739',
  );
});

t.test('web citations of a reference list are no candidate sentences', async (t) => {
  t.same(
    sentencesOf(
      '"Mozilla\'s Firebird gets wings clipped". CNET. Retrieved 2007-01-30.\n' +
        'Baker, Mitchell (3 April 2014). Archived from the original on 2010-11-28.\n' +
        '"We didn\'t move fast enough," Baker wrote on the Mozilla blog.',
    ),
    ['"We didn\'t move fast enough," Baker wrote on the Mozilla blog.'],
  );
});

t.test('a table whose entity is not in its first column, and a table of text', async (t) => {
  const warn = [
    {
      documentName: 'warn.pdf',
      text: 'Notice Date | Company | City | Employees\n06/30/2015 | Symantec Corporation | Mountain View | 60\n07/01/2015 | Leidos | El Segundo | 72',
    },
  ];
  t.equal(
    tableAnswer('How many employees did Leidos notify?', warn)?.text,
    'Leidos — Employees: 72',
    'the company names the row, the header names the column',
  );
  t.same(
    tableAnswer('When did Leidos lay people off?', warn),
    { citation: 1, text: 'Leidos — Notice Date: 07/01/2015', guarded: true },
    'no column named: the row’s date under its header, once the answerability check passes',
  );
  const cover = [
    {
      documentName: '10k.html',
      text: 'Securities registered under Section 12(b) of the Act:\nTitle of each class | Trading symbol | Name of exchange on which registered\nCommon stock | GLXZ | OTCQB marketplace',
    },
  ];
  t.equal(
    tableAnswer('On which exchange is the common stock listed?', cover)?.text,
    'Common stock — Name of exchange on which registered: OTCQB marketplace',
  );
  t.equal(tableAnswer('What is the ticker of the preferred shares?', cover), null);
  const summary = [
    { documentName: 'warn.pdf', text: 'Month | Notices | Employees\nJanuary 2016 | 85 | 4,000' },
  ];
  t.equal(
    tableAnswer(
      'And how many notices were there that month? How many employees were affected in January 2016?',
      summary,
    )?.text,
    'January 2016 — Notices: 85',
    "a numeric table's header row is no row to answer with",
  );
});

t.test("a span leads only when it fits the question's wh-word", async (t) => {
  t.equal(
    spanAnswer('Who founded Mozilla?', 'Founded | February 28, 1998', ANSWERER_MODEL.span, 0),
    null,
    'a table row is not cut into a span',
  );
  const who = spanAnswer(
    'Who announced the decision?',
    'On July 16, 2012, Mitchell Baker announced the decision.',
    ANSWERER_MODEL.span,
    0,
  );
  t.notMatch(who?.text ?? '', /July|2012/, 'a person is no date');
  const count = spanAnswer(
    'How many tracks can the sequencer record?',
    'The LinnSequencer records 32 tracks of MIDI data.',
    ANSWERER_MODEL.span,
    0,
  );
  t.match(count?.text ?? '', /32/, 'a count has a figure');
});

t.test("the best sentence's copy from an overlapping chunk is no second sentence", async (t) => {
  const best = 'All experiments were performed on a MacBook Pro with 2.2 GHz Core 2 processor.';
  const ranked = [
    rankedSentence(`${best} Benchmark results.`, 1, 0.5),
    rankedSentence(best, 3, 0.4),
    rankedSentence('The main question is whether programs run faster with tracing.', 2, 0.2),
  ];
  const answer = composeAnswer('Which laptop ran the experiments?', ranked, ANSWERER_MODEL.span, {
    spanLead: 1.01,
  });
  t.equal(answer.split('MacBook Pro').length - 1, 1, 'the sentence is quoted once');
  t.match(answer, /programs run faster with tracing \[2\]/, 'the next sentence that differs is the second');
});
