/**
 * The answerer's shortlist embeddings are remembered per chunk (sentence-vectors.ts): a chunk seen
 * before costs no model run and ranks exactly as the first time; the same sentence in another
 * chunk (another company's) is embedded again; a source without a chunk id is never remembered.
 */
import t from 'tap';
import type { Embedder } from '../../src/embeddings/embedder.ts';
import { sharedEmbedder } from '../helpers/app.ts';
import { embedSentences } from '../../src/chat/answering/sentence-vectors.ts';
import { assess } from '../../src/chat/answering/assess.ts';

/** The real embedder, with the sentences each embedDocuments call was given written down. */
function counting(embedder: Embedder): { embedder: Embedder; calls: string[][] } {
  const calls: string[][] = [];
  return {
    calls,
    embedder: {
      ...embedder,
      count: (text) => embedder.count(text),
      embedQuery: (text) => embedder.embedQuery(text),
      embedDocuments: (texts) => {
        calls.push([...texts]);
        return embedder.embedDocuments(texts);
      },
    },
  };
}

const CHUNK =
  'Comments must be received by September 21, 2020. Send them to the Docket Management Facility. ' +
  'The FAA will consider all comments received by the closing date.';
const source = (chunkId?: string, web = false) => ({
  text: CHUNK,
  documentName: 'faa.pdf',
  headingPath: [],
  score: 1,
  ...(chunkId ? { chunkId } : {}),
  ...(web ? { web: { url: 'https://example.com/faa', title: 'FAA', source: 'test' } } : {}),
});

t.test('a chunk seen before is not embedded again and ranks the same', async (t) => {
  const { embedder, calls } = counting(await sharedEmbedder());
  const question = 'By when do comments have to be submitted?';
  const first = await assess(embedder, question, [source('chk_cache_a')]);
  t.equal(calls.length, 1, 'the shortlist is embedded once');
  t.ok(calls[0]!.length >= 2, 'every shortlisted sentence');
  const again = await assess(embedder, 'When is the comment deadline?', [source('chk_cache_a')]);
  t.equal(calls.length, 1, 'asked again over the same chunk: no model run');
  t.ok(again.ranked.length > 0);
  const repeat = await assess(embedder, question, [source('chk_cache_a')]);
  t.same(
    repeat.ranked.map((r) => [r.sentence, r.probability]),
    first.ranked.map((r) => [r.sentence, r.probability]),
    'from memory: the same ranking and probabilities',
  );
  t.equal(repeat.answerable, first.answerable, 'the same answerability');
});

t.test('a web result is never remembered: its web_<n> id is the same in every company', async (t) => {
  const { embedder, calls } = counting(await sharedEmbedder());
  await assess(embedder, 'By when do comments have to be submitted?', [source('web_1', true)]);
  await assess(embedder, 'By when do comments have to be submitted?', [source('web_1', true)]);
  t.equal(calls.length, 2, 'embedded each time');
});

t.test('vectors from memory are the numbers the model gives', async (t) => {
  const real = await sharedEmbedder();
  const sentence = 'The FAA will consider all comments received by the closing date.';
  const [fresh] = await real.embedDocuments([sentence]);
  await embedSentences(real, [{ sentence, chunkId: 'chk_cache_exact' }]);
  const [remembered] = await embedSentences(real, [{ sentence, chunkId: 'chk_cache_exact' }]);
  t.same(Array.from(remembered!), fresh, 'identical, element for element');
});

t.test('another chunk, or no chunk id, is embedded again', async (t) => {
  const { embedder, calls } = counting(await sharedEmbedder());
  const sentence = 'Send them to the Docket Management Facility.';
  await embedSentences(embedder, [{ sentence, chunkId: 'chk_company_one' }]);
  await embedSentences(embedder, [{ sentence, chunkId: 'chk_company_two' }]);
  t.equal(calls.length, 2, 'the same words in another chunk are not served from the first');
  await embedSentences(embedder, [{ sentence }]);
  await embedSentences(embedder, [{ sentence }]);
  t.equal(calls.length, 4, 'without a chunk id: embedded every time');
  const mixed = await embedSentences(embedder, [
    { sentence, chunkId: 'chk_company_one' },
    { sentence: 'A sentence not seen before.', chunkId: 'chk_company_one' },
  ]);
  t.same(calls.at(-1), ['A sentence not seen before.'], 'only the unseen sentence goes to the model');
  t.equal(mixed.length, 2, 'in the order asked');
});
