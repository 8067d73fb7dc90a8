import type { Embedder } from '../../embeddings/embedder.ts';
import type { GenerationRequest, LlmProvider } from './provider.ts';
import { REFUSAL_SENTENCE } from '../prompt.ts';
import { ANSWERER_MODEL, DEFAULT_ANSWER_THRESHOLD, assess, type AnswererModel } from '../answering/assess.ts';
import { composeAnswer } from '../answering/compose.ts';

export { sentencesOf } from '../answering/candidates.ts';

/** The refusal, the same sentence a language model is asked for (prompt.ts). */
export const NO_ANSWER = REFUSAL_SENTENCE;

/**
 * The no-LLM answerer (ARCHITECTURE.md: the last resort, so the service answers with no model
 * server). It ranks the retrieved chunks' sentences with the fitted sentence ranker
 * (src/chat/answering/), refuses when the calibrated answerability falls below the company's
 * `answerThreshold` (default DEFAULT_ANSWER_THRESHOLD), and otherwise answers short first: the
 * span or table cell that answers, cited, then the supporting sentence, cited (compose.ts).
 * Every quote is inside the chunk its [n] points at.
 */
export function extractiveProvider(embedder: Embedder, model: AnswererModel = ANSWERER_MODEL): LlmProvider {
  return {
    name: 'extractive',
    model: null,
    async *generate(request: GenerationRequest) {
      const { answerable, ranked } = await assess(embedder, request.question, request.sources, model);
      const threshold = request.settings?.answerThreshold ?? DEFAULT_ANSWER_THRESHOLD;
      if (ranked.length === 0 || answerable < threshold) {
        yield NO_ANSWER;
        return;
      }
      const text = composeAnswer(
        request.question,
        ranked,
        request.sources.map((s) => s.text),
        model.span,
      );
      for (const piece of text.match(/\S+\s*/g) ?? []) {
        if (request.signal.aborted) return;
        yield piece;
      }
    },
  };
}
