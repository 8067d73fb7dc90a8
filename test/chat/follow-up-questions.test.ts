/** Follow-up questions completed from the conversation without a model (src/chat/follow-up/). */
import t from 'tap';
import {
  entitiesOf,
  followUpQuestion,
  isElliptical,
  repeatsAnswer,
} from '../../src/chat/follow-up/follow-up.ts';

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
