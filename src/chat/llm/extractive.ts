import type { GenerationRequest, LlmProvider } from './provider.ts';
import { REFUSAL_SENTENCE } from '../prompt.ts';
import type { Reader } from '../reader/reader.ts';
import { readSources } from '../reader/read-sources.ts';
import { DEFAULT_ANSWER_THRESHOLD } from '../reader/answerability.ts';
import { composeAnswer } from '../reader/compose.ts';

/** The refusal, the same sentence a language model is asked for (prompt.ts). */
export const NO_ANSWER = REFUSAL_SENTENCE;

/**
 * The no-LLM answerer (ARCHITECTURE.md: the last resort, so the service answers with no model
 * server): the trained reader (src/chat/reader/) reads the first `passages` retrieved chunks, the
 * best span across them answers — the span, cited, then the sentence or table row that carries it,
 * cited (reader/compose.ts) — and the reader's calibrated answerability below the company's
 * `answerThreshold` (default DEFAULT_ANSWER_THRESHOLD) gives the refusal instead.
 * Every quote is inside the chunk its [n] points at.
 * @param passages retrieved chunks read per question (READER_PASSAGES)
 */
export function extractiveProvider(reader: Reader, passages: number): LlmProvider {
  return {
    name: 'extractive',
    model: reader.modelId,
    async *generate(request: GenerationRequest) {
      const { best, answerable } = await readSources(
        reader,
        request.question,
        request.sources,
        passages,
        request.previousAnswer,
      );
      const threshold = request.settings?.answerThreshold ?? DEFAULT_ANSWER_THRESHOLD;
      const text = best && answerable >= threshold ? composeAnswer(best) : NO_ANSWER;
      for (const piece of text.match(/\S+\s*/g) ?? []) {
        if (request.signal.aborted) return;
        yield piece;
      }
    },
  };
}
