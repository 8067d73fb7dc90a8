import type { Embedder } from '../../embeddings/embedder.ts';
import type { GenerationRequest, LlmProvider } from './provider.ts';
import { REFUSAL_SENTENCE } from '../prompt.ts';
import { ANSWERER_MODEL, DEFAULT_ANSWER_THRESHOLD, assess, type AnswererModel } from '../answering/assess.ts';
import { composeAnswer } from '../answering/compose.ts';
import { tableAnswer } from '../answering/tables.ts';
import { repeatsAnswer } from '../answering/follow-up.ts';

/** The refusal, the same sentence a language model is asked for (prompt.ts). */
export const NO_ANSWER = REFUSAL_SENTENCE;

/**
 * The no-LLM answerer (ARCHITECTURE.md: the last resort, so the service answers with no model
 * server). It ranks the retrieved chunks' sentences with the fitted sentence ranker
 * (src/chat/answering/), refuses when the calibrated answerability falls below the company's
 * `answerThreshold` (default DEFAULT_ANSWER_THRESHOLD), and otherwise answers short first: the
 * span that answers, cited, then the supporting sentence, cited (compose.ts); a table row the
 * question names answers with the cell of the column it names (tables.ts).
 * Every quote is inside the chunk its [n] points at.
 */
export function extractiveProvider(embedder: Embedder, model: AnswererModel = ANSWERER_MODEL): LlmProvider {
  return {
    name: 'extractive',
    model: null,
    async *generate(request: GenerationRequest) {
      const { answerable, ranked, novelNames } = await assess(
        embedder,
        request.question,
        request.sources,
        model,
      );
      const threshold = request.settings?.answerThreshold ?? DEFAULT_ANSWER_THRESHOLD;
      // A table row named by the question answers with its cell, unless the question names
      // something (another month, another state) the sources do not have.
      const table = novelNames.length === 0 ? tableAnswer(request.question, request.sources) : null;
      // A follow-up's cell that the previous answer already gave answers the earlier question again.
      const repeated = table && request.previousAnswer && repeatsAnswer(table.text, request.previousAnswer);
      const cell = repeated ? null : table;
      let text: string;
      if (cell) text = `${cell.text} [${cell.citation}]`;
      else if (ranked.length === 0 || answerable < threshold) text = NO_ANSWER;
      else text = composeAnswer(request.question, ranked, model.span);
      for (const piece of text.match(/\S+\s*/g) ?? []) {
        if (request.signal.aborted) return;
        yield piece;
      }
    },
  };
}
