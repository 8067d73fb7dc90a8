import { Ollama } from 'ollama';
import OpenAI from 'openai';
import type { LlmProvider, Source } from './provider.ts';

/** How long listing models or the test answer may take, ms. */
export const PROBE_TIMEOUT_MS = { models: 10_000, answer: 60_000 } as const;

/**
 * The models a server offers, for the console's picker: Ollama's `GET /api/tags`, an
 * OpenAI-compatible server's `GET /v1/models` (their documented routes, through the official
 * clients). @returns sorted names, or the error the server gave.
 */
export async function listModels(choice: {
  provider: 'ollama' | 'openai';
  endpoint: string;
  apiKey: string | null;
}): Promise<{ models: string[]; error: string | null }> {
  const signal = AbortSignal.timeout(PROBE_TIMEOUT_MS.models);
  try {
    if (choice.provider === 'ollama') {
      const client = new Ollama({
        host: choice.endpoint,
        fetch: (url, init) => fetch(url, { ...init, signal }),
      });
      const { models } = await client.list();
      return { models: models.map((m) => m.name).sort(), error: null };
    }
    const client = new OpenAI({
      baseURL: choice.endpoint,
      apiKey: choice.apiKey ?? 'none',
      timeout: PROBE_TIMEOUT_MS.models,
      maxRetries: 0,
    });
    const names: string[] = [];
    for await (const model of client.models.list({ signal })) names.push(model.id);
    return { models: names.sort(), error: null };
  } catch (err) {
    return { models: [], error: (err instanceof Error ? err.message : String(err)).slice(0, 500) };
  }
}

/** The fixed question "Test" asks, with the one source it may cite. */
export const TEST_QUESTION = 'When does the ferry desk open?';
const TEST_SOURCE: Source = {
  chunkId: 'chk_test',
  documentId: 'doc_test',
  documentName: 'harbour-guide.txt',
  text: 'Harbour guide. The ferry desk opens at seven in the morning and closes at nine at night.',
  pageStart: null,
  pageEnd: null,
  headingPath: [],
  score: 1,
};

/**
 * Asks `provider` TEST_QUESTION with one source, as a chat answer would be asked: the console's
 * "Test" shows what comes back (the answer's first 500 characters) and how long it took.
 */
export async function testAnswer(
  provider: LlmProvider,
): Promise<{ ok: boolean; answer: string; durationMs: number; error: string | null }> {
  const started = performance.now();
  const signal = AbortSignal.timeout(PROBE_TIMEOUT_MS.answer);
  let answer = '';
  try {
    for await (const fragment of provider.generate({
      question: TEST_QUESTION,
      sources: [TEST_SOURCE],
      history: [],
      signal,
    })) {
      answer += fragment;
      if (answer.length > 500) break;
    }
    return {
      ok: answer.trim() !== '',
      answer: answer.slice(0, 500),
      durationMs: Math.round(performance.now() - started),
      error: answer.trim() ? null : 'the model answered nothing',
    };
  } catch (err) {
    return {
      ok: false,
      answer: answer.slice(0, 500),
      durationMs: Math.round(performance.now() - started),
      error: signal.aborted
        ? `no answer within ${PROBE_TIMEOUT_MS.answer / 1000} s`
        : (err instanceof Error ? err.message : String(err)).slice(0, 500),
    };
  }
}
