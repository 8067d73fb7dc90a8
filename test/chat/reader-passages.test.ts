/** What the reader reads of a chunk (src/chat/reader/passages.ts) and the answer's shape (compose.ts). */
import t from 'tap';
import { passageOf, sentenceAround } from '../../src/chat/reader/passages.ts';
import { cite, composeReaderAnswer } from '../../src/chat/reader/compose.ts';
import { chooseEvidence, rankerProbability, UNRANKED } from '../../src/chat/reader/choose.ts';

t.test('table rows are linearised with their header; the quote is the row as written', async (t) => {
  const chunk = 'Figures.\n| Month | Sailings |\n| --- | --- |\n| October 2024 | 310 |\nThe end.';
  const passage = passageOf(chunk);
  t.equal(passage.text, 'Figures.\n| Month | Sailings |\n\nMonth: October 2024; Sailings: 310\nThe end.');
  const at = passage.text.indexOf('310');
  t.equal(sentenceAround(passage, at, at + 3), '| October 2024 | 310 |');
  const pdf = passageOf('State | Permit | Handgun\nIllinois | 87,190 | 20,300');
  t.equal(pdf.text, 'State | Permit | Handgun\nState: Illinois; Permit: 87,190; Handgun: 20,300');
});

t.test('the sentence around a span, within its line', async (t) => {
  const passage = passageOf('Heading\nOne sentence here. The boat was built in Bergen. Another one.');
  const at = passage.text.indexOf('Bergen');
  t.equal(sentenceAround(passage, at, at + 6), 'The boat was built in Bergen.');
  t.equal(sentenceAround(passage, 0, 7), 'Heading');
});

t.test('span first, then its sentence; a span that is the sentence is quoted once', async (t) => {
  const evidence = (text: string, sentence: string) => ({
    citation: 2,
    span: { start: 0, end: text.length, text, margin: 3 },
    sentence,
    row: false,
  });
  t.equal(
    composeReaderAnswer(evidence('Bergen,', 'The boat was built in Bergen, Norway.')),
    'Bergen [2].\n\nThe boat was built in Bergen, Norway [2].',
  );
  t.equal(
    composeReaderAnswer(evidence('The boat was built in Bergen', 'The boat was built in Bergen.')),
    'The boat was built in Bergen [2].',
  );
  t.equal(cite('Sold out', 1), 'Sold out [1]');
});

t.test("the reader's span is chosen by its margin and the ranker's view of its sentence", async (t) => {
  const candidate = (citation: number, text: string, margin: number, sentence: string) => ({
    citation,
    span: { start: 0, end: text.length, text, margin },
    sentence,
    row: false,
  });
  const title = candidate(1, '32', 6.0, 'The LinnSequencer 32 Track MIDI Sequence Recorder');
  const body = candidate(1, '100', 5.8, 'Each of the 100 sequences contains 32 simultaneous tracks.');
  const ranked = [
    { citation: 1, sentence: 'Each of the 100 sequences contains 32 simultaneous tracks.', probability: 0.6 },
    { citation: 1, sentence: 'The LinnSequencer 32 Track MIDI Sequence Recorder', probability: 0.05 },
  ];
  t.equal(chooseEvidence([title, body], ranked, 0), title, 'by margin alone');
  t.equal(chooseEvidence([title, body], ranked, 0.5), body, 'the ranker tips a close call');
  t.equal(
    rankerProbability(candidate(2, 'x', 1, 'x'), ranked),
    UNRANKED,
    'a sentence the ranker did not shortlist',
  );
  t.equal(rankerProbability(candidate(2, 'x', 1, 'x'), ranked, 1e-3), 1e-3, 'the floor is a parameter');
  // The FAA question of issue 35: the reader is surer of the deadline, in a sentence the ranker did
  // not shortlist, than of a bulletin's date in one it favours; the floor decides which wins.
  const deadline = candidate(
    3,
    'September 21, 2020',
    -3.68,
    'DATES: The FAA must receive comments by September 21, 2020.',
  );
  const bulletin = candidate(
    1,
    'June 12, 2020',
    -8.79,
    'Boeing Service Bulletin 737–31–1860, dated June 12, 2020',
  );
  const favoured = [{ citation: 1, sentence: bulletin.sentence, probability: Math.exp(-1.91) }];
  t.equal(chooseEvidence([bulletin, deadline], favoured), deadline, 'at the fitted weight and floor');
  t.equal(chooseEvidence([bulletin, deadline], favoured, 2, 1e-3), bulletin, "at session 14's");
  t.equal(chooseEvidence([], ranked), null);
});
