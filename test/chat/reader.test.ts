/**
 * The shipped reader (assets/reader, issue 35): it loads from its folder and from MODELS_DIR,
 * reads a fixed passage, refuses what the passage does not say, and the extractive provider
 * answers span first, then its sentence, each cited.
 */
import t from 'tap';
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadReader } from '../../src/chat/reader/reader.ts';
import {
  SHIPPED_READER_DIR,
  SHIPPED_READER_FILES,
  loadConfiguredReader,
  readerFolder,
} from '../../src/chat/reader/shipped.ts';
import { readSources } from '../../src/chat/reader/read-sources.ts';
import { ANSWERABILITY_GATE, gateProbability } from '../../src/chat/reader/answerability.ts';
import { NO_ANSWER, extractiveProvider } from '../../src/chat/llm/extractive.ts';
import type { GenerationRequest } from '../../src/chat/llm/provider.ts';
import { ModelNotFoundError } from '../../src/embeddings/embedder.ts';
import { sharedEmbedder } from '../helpers/app.ts';
import { loadConfig } from '../../src/config/index.ts';

const NORMANS =
  'The Normans were the people who in the 10th and 11th centuries gave their name to Normandy, a region in France. ' +
  'They were descended from Norse raiders and pirates from Denmark, Iceland and Norway, who, under their leader Rollo, ' +
  'agreed to swear fealty to King Charles III of West Francia.';
const FERRY = 'Ferry fares\nA single ticket costs 4 euros. Children under twelve travel free of charge.';

const answerOf = async (question: string, texts: string[]) => {
  const reader = await loadConfiguredReader('./models', '', 1);
  const embedder = await sharedEmbedder();
  const request = {
    question,
    sources: texts.map((text, i) => ({ text, documentName: `d${i}.md`, headingPath: [], score: 1 })),
    history: [],
    signal: new AbortController().signal,
  } as unknown as GenerationRequest;
  let text = '';
  for await (const piece of extractiveProvider(embedder, { reader, passages: 4 }).generate(request))
    text += piece;
  return text;
};

t.test('the shipped reader is pinned and loads', async (t) => {
  t.ok(Object.keys(SHIPPED_READER_FILES).includes('onnx/model_quantized.onnx'), 'the ONNX file is pinned');
  t.equal(readerFolder('/srv/models', ''), SHIPPED_READER_DIR);
  t.equal(readerFolder('/srv/models', 'acme/reader-large'), '/srv/models/acme/reader-large');
  const reader = await loadConfiguredReader('./models', '', 1);
  const [span] = await reader.read('In what country is Normandy located?', [NORMANS]);
  t.equal(span!.text, 'France');
  t.ok(span!.margin > 0, `margin ${span!.margin} beats "no answer"`);
});

t.test('an operator reader from MODELS_DIR, and a folder with no model', async (t) => {
  const modelsDir = mkdtempSync(join(tmpdir(), 'reader-models-'));
  cpSync(SHIPPED_READER_DIR, join(modelsDir, 'acme', 'reader'), { recursive: true });
  const reader = await loadConfiguredReader(modelsDir, 'acme/reader', 1);
  const [span] = await reader.read('Who led the Norse raiders?', [NORMANS]);
  t.equal(span!.text, 'Rollo');
  const empty = mkdtempSync(join(tmpdir(), 'reader-empty-'));
  writeFileSync(join(empty, 'config.json'), '{}');
  await t.rejects(loadReader(empty), ModelNotFoundError);
});

t.test('the best span across passages wins and is cited to its chunk', async (t) => {
  const text = await answerOf('How much is a single ferry ticket?', [NORMANS, FERRY]);
  t.match(text, /^4 euros \[2\]\.\n\nA single ticket costs 4 euros \[2\]\.$/);
});

t.test('a question the passages do not answer is refused', async (t) => {
  const reader = await loadConfiguredReader('./models', '', 1);
  const sources = [{ text: NORMANS }, { text: FERRY }];
  const unanswered = await readSources(reader, 'What is the population of Tokyo?', sources, 4);
  const answered = await readSources(reader, 'How much is a single ferry ticket?', sources, 4);
  t.ok(
    unanswered.best!.span.margin < answered.best!.span.margin,
    `the reader's margin is lower without an answer (${unanswered.best!.span.margin} < ${answered.best!.span.margin})`,
  );
  const gated = (margin: number) => gateProbability(ANSWERABILITY_GATE, { rules: 0.3, margin });
  t.ok(gated(unanswered.best!.span.margin) <= gated(answered.best!.span.margin), 'and so is the gate');
  t.equal(await answerOf('What is the population of Tokyo?', [NORMANS, FERRY]), NO_ANSWER);
  t.equal(await answerOf('What is the population of Tokyo?', []), NO_ANSWER, 'no sources, no answer');
});

t.test(
  'a table row the question names answers with its cell (the table rules, not the reader)',
  async (t) => {
    const table = 'Month | Sailings | Passengers\nOctober 2024 | 310 | 18,450\nNovember 2024 | 287 | 15,020';
    const text = await answerOf('How many passengers did the ferry carry in November 2024?', [table]);
    // The reader alone leads with the sailings (287) as often as not: a table's column is the table
    // code's to pick (docs/chat.md "The reader and the rules").
    t.equal(text, 'November 2024 — Passengers: 15,020 [1]');
  },
);

t.test('READER_MODEL: empty = shipped, a name = under MODELS_DIR, off = none', async (t) => {
  t.equal(loadConfig({}).reader.model, '');
  t.equal(loadConfig({ READER_MODEL: 'acme/reader' }).reader.model, 'acme/reader');
  t.equal(loadConfig({ READER_MODEL: 'off' }).reader.model, null);
  t.same(loadConfig({ READER_PASSAGES: '6', READER_THREADS: '2', READER_WORKERS: '2' }).reader, {
    model: '',
    threads: 2,
    workers: 2,
    passages: 6,
  });
  t.equal(loadConfig({}).reader.workers, 1, 'one reader thread unless asked');
});
