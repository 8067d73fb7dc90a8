import type { ChatTurn, Source } from './provider.ts';

/** A chat message as prompt.ts builds them. */
export interface PromptMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/**
 * Tokens a chat template adds per message (role markers, separators). Llama-3, ChatML (Qwen,
 * SmolLM2) and Mistral templates add 4–8; 8 keeps the estimate on the safe side.
 */
const TEMPLATE_TOKENS_PER_MESSAGE = 8;

/**
 * Fits a prompt into a context window of `budget` tokens, giving up what matters least first:
 * earlier conversation turns (oldest first), then the lowest-ranked sources (the last ones, so
 * the remaining sources keep their numbers [1]..[k] and every citation stays valid), and at
 * last the end of the best source's text. `build` makes the messages for a choice of sources
 * and history (prompt.ts `buildMessages`).
 * @param budget the model's context size minus the tokens reserved for the answer
 * @returns the messages of the largest prompt that fits (history and sources both possibly cut)
 */
export function fitToContext(
  build: (sources: Source[], history: ChatTurn[]) => PromptMessage[],
  sources: readonly Source[],
  history: readonly ChatTurn[],
  options: { countTokens: (text: string) => number; budget: number },
): PromptMessage[] {
  const size = (messages: PromptMessage[]) =>
    messages.reduce((sum, m) => sum + options.countTokens(m.content) + TEMPLATE_TOKENS_PER_MESSAGE, 0);
  const fits = (messages: PromptMessage[]) => size(messages) <= options.budget;

  let turns = [...history];
  let chosen = [...sources];
  let messages = build(chosen, turns);
  while (!fits(messages) && turns.length > 0) {
    turns = turns.slice(2);
    messages = build(chosen, turns);
  }
  while (!fits(messages) && chosen.length > 1) {
    chosen = chosen.slice(0, -1);
    messages = build(chosen, turns);
  }
  if (fits(messages) || chosen.length === 0) return messages;
  // One source still too long: keep the share of its words that fits, found by halving.
  const only = chosen[0]!;
  const words = (only.contextText ?? only.text).split(/\s+/);
  let low = 0;
  let high = words.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    const trial = build([{ ...only, contextText: words.slice(0, mid).join(' ') }], turns);
    if (fits(trial)) low = mid;
    else high = mid - 1;
  }
  return build([{ ...only, contextText: words.slice(0, low).join(' ') }], turns);
}
