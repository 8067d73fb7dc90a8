/**
 * The reader on a worker thread (src/chat/reader/reader-thread.ts): the same spans as the reader on
 * the calling thread, the event loop free while it reads, and a folder it cannot load refused at
 * load and again, not crashing the process.
 */
import t from 'tap';
import { mkdtempSync, mkdirSync, writeFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadReader } from '../../src/chat/reader/reader.ts';
import { loadThreadedReader, readerOnThread, readerOnThreads } from '../../src/chat/reader/reader-thread.ts';
import { SHIPPED_READER_DIR, loadConfiguredReader } from '../../src/chat/reader/shipped.ts';
import { ModelNotFoundError } from '../../src/embeddings/embedder.ts';
import { worstDelay } from '../helpers/event-loop.ts';

const PASSAGES = [
  'The Normans were the people who in the 10th and 11th centuries gave their name to Normandy, a region ' +
    'in France. They were descended from Norse raiders and pirates from Denmark, Iceland and Norway, who, ' +
    'under their leader Rollo, agreed to swear fealty to King Charles III of West Francia.',
  'Ferry fares\nA single ticket costs 4 euros. Children under twelve travel free of charge.',
  'Month: November 2015; State: Florida; Handgun: 24,412; Long gun: 16,080; Permit: 2,350',
];
const QUESTIONS = [
  'Who led the Norse raiders?',
  'How much is a single ferry ticket?',
  'How many handgun checks were run in Florida?',
  'What is the population of Tokyo?',
];

t.test('the thread reads what the calling thread reads, off the event loop', async (t) => {
  const here = await loadReader(SHIPPED_READER_DIR, 1);
  const threaded = await loadThreadedReader({ folder: SHIPPED_READER_DIR, threads: 1 });
  t.equal(threaded, await loadConfiguredReader('./models', '', 1), 'one thread per process and folder');
  for (const question of QUESTIONS) {
    const [a, b] = await Promise.all([threaded.read(question, PASSAGES), here.read(question, PASSAGES)]);
    t.same(a, b, `the same spans and margins: ${question}`);
  }
  t.equal((await threaded.read('Who led the Norse raiders?', [PASSAGES[0]!]))[0]!.text, 'Rollo');
  t.same(await threaded.read('Anything?', []), [], 'no passage, no message');

  const many = Array.from({ length: 6 }, () => PASSAGES.join(' ')).join(' ');
  const threadDelay = await worstDelay(() => Promise.all(QUESTIONS.map((q) => threaded.read(q, [many]))));
  const mainDelay = await worstDelay(() => Promise.all(QUESTIONS.map((q) => here.read(q, [many]))));
  t.comment(
    `event loop's worst delay while 4 questions read ${many.length} characters: ${threadDelay.toFixed(1)} ms with the thread, ${mainDelay.toFixed(1)} ms on the calling thread`,
  );
});

t.test('passages shared among two threads: the spans one thread reads, in order', async (t) => {
  const one = await loadThreadedReader({ folder: SHIPPED_READER_DIR, threads: 1 });
  const two = await loadThreadedReader({ folder: SHIPPED_READER_DIR, threads: 1 }, 2);
  t.not(two, one, 'a set of two threads of its own');
  const passages = [...PASSAGES, PASSAGES.join(' '), 'Short.'];
  for (const question of QUESTIONS)
    t.same(await two.read(question, passages), await one.read(question, passages), question);
  t.same(await two.read('Who?', []), []);
  t.same(
    await readerOnThreads({ folder: SHIPPED_READER_DIR, threads: 1 }, 2).read('Who?', ['Rollo led them.']),
    [(await one.read('Who?', ['Rollo led them.']))[0]],
    'one passage: one thread reads, the other idles',
  );
});

t.test('a model the thread cannot load is an error, at load and on every read after', async (t) => {
  const broken = mkdtempSync(join(tmpdir(), 'reader-broken-'));
  cpSync(SHIPPED_READER_DIR, broken, { recursive: true });
  mkdirSync(join(broken, 'onnx'), { recursive: true });
  writeFileSync(join(broken, 'onnx', 'model_quantized.onnx'), 'not an ONNX model');
  await t.rejects(loadThreadedReader({ folder: broken, threads: 1 }), /reader thread/);
  const reader = readerOnThread({ folder: broken, threads: 1 });
  await t.rejects(reader.read('Who?', ['Someone.']), /reader thread/);
  await t.rejects(reader.read('Who?', ['Someone.']), /reader thread/, 'refused again, the process still up');

  const empty = mkdtempSync(join(tmpdir(), 'reader-empty-'));
  await t.rejects(
    loadConfiguredReader(empty, empty, 1),
    ModelNotFoundError,
    'no model: refused before any thread',
  );
});
