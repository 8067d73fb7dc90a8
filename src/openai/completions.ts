/**
 * OpenAI's chat completions over Cog-RAG's chat (src/chat/chat.service.ts): the request's
 * messages become the question and its history, the answer becomes a `chat.completion` or a
 * stream of `chat.completion.chunk`s (OpenAI API reference, "Chat Completions" and "The chat
 * completion chunk object"), with the sources under `x_cog_rag`.
 */
import { randomBytes } from 'node:crypto';
import type { ChatEvent } from '../chat/chat.service.ts';
import type { ChatTurn } from '../chat/llm/provider.ts';
import type { StreamEncoder } from '../routes/chat-stream.ts';
import { AppError } from '../lib/errors.ts';
import { openAiErrorOf } from './errors.ts';

/** The longest question, as the REST chat's `message` (schemas/chat.ts). */
const MAX_QUESTION = 4000;

type Content = string | null | undefined | readonly { type: string; text?: string }[];

/** A message's text: a string as is, the `text` parts of an array joined by newlines. */
export function textOf(content: Content): string {
  if (typeof content === 'string') return content;
  if (!content) return '';
  return content
    .filter((p) => p.type === 'text' && typeof p.text === 'string')
    .map((p) => p.text)
    .join('\n');
}

const invalid = (message: string) =>
  new AppError(400, 'VALIDATION_ERROR', 'Request validation failed', {
    details: [{ field: 'messages', reason: message }],
  });

/**
 * The question (the last message, which must be the user's) and the conversation before it (the
 * `user` and `assistant` messages with text; others ignored).
 * @throws 400 VALIDATION_ERROR (param `messages`) when the last message is not a user's, is empty
 *   or is longer than 4000 characters.
 */
export function questionOf(messages: readonly { role: string; content?: Content }[]): {
  message: string;
  history: ChatTurn[];
} {
  const last = messages.at(-1);
  if (last?.role !== 'user') throw invalid('must end with a message of role "user" (the question)');
  const message = textOf(last.content).trim();
  if (!message) throw invalid('must end with a user message that has text');
  if (message.length > MAX_QUESTION)
    throw invalid(`must end with a question of at most ${MAX_QUESTION} characters`);
  const history: ChatTurn[] = [];
  for (const m of messages.slice(0, -1)) {
    const content = textOf(m.content).trim();
    if ((m.role === 'user' || m.role === 'assistant') && content) history.push({ role: m.role, content });
  }
  return { message, history };
}

/** Estimated tokens of `text`: one per 4 characters, OpenAI's rule of thumb for English. */
export const tokensOf = (text: string) => Math.ceil(text.length / 4);

/** A completion's id, `chatcmpl-` and 24 random characters (OpenAI's layout). */
export const completionId = () => `chatcmpl-${randomBytes(18).toString('base64url')}`;

/** Fields every object of one completion shares. */
export interface CompletionMeta {
  id: string;
  created: number;
  model: string;
  promptTokens: number;
}

type Done = Extract<ChatEvent, { type: 'done' }>;
type Sources = Extract<ChatEvent, { type: 'sources' }>['sources'];

/** Cog-RAG's extension field: what the answer's `[n]` markers cite. */
export const extensionOf = (
  sources: Sources,
  done: Pick<Done, 'citationMap' | 'conversationId' | 'messageId'>,
) => ({
  sources,
  citation_map: done.citationMap,
  conversation_id: done.conversationId,
  message_id: done.messageId,
});

const usageOf = (meta: CompletionMeta, answer: string) => ({
  prompt_tokens: meta.promptTokens,
  completion_tokens: tokensOf(answer),
  total_tokens: meta.promptTokens + tokensOf(answer),
});

/** The `chat.completion` object of a whole answer. */
export function completionOf(
  meta: CompletionMeta,
  answer: { answer: string; sources: Sources } & Pick<Done, 'citationMap' | 'conversationId' | 'messageId'>,
) {
  return {
    id: meta.id,
    object: 'chat.completion' as const,
    created: meta.created,
    model: meta.model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant' as const, content: answer.answer, refusal: null },
        logprobs: null,
        finish_reason: 'stop' as const,
      },
    ],
    usage: usageOf(meta, answer.answer),
    x_cog_rag: extensionOf(answer.sources, answer),
  };
}

/**
 * The stream encoder: Cog-RAG's events as `chat.completion.chunk` lines — a first chunk with the
 * role, one per piece of text, a last with `finish_reason: "stop"` and `x_cog_rag`, with
 * `includeUsage` a usage chunk without choices (every other chunk then has `usage: null`), then
 * `data: [DONE]`. An `error` event becomes `data: {"error": …}`, which OpenAI's clients raise, and
 * no `[DONE]` follows it.
 */
export function chunkEncoder(meta: CompletionMeta, includeUsage: boolean): StreamEncoder {
  let started = false;
  let answer = '';
  let sources: Sources = [];
  const line = (body: object) => `data: ${JSON.stringify(body)}\n\n`;
  const chunk = (delta: object, finish: 'stop' | null, extra: object = {}) =>
    line({
      id: meta.id,
      object: 'chat.completion.chunk',
      created: meta.created,
      model: meta.model,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      ...(includeUsage ? { usage: null } : {}),
      ...extra,
    });
  const start = () => (started ? '' : ((started = true), chunk({ role: 'assistant', content: '' }, null)));
  return {
    event(event) {
      switch (event.type) {
        case 'token':
          answer += event.content;
          return start() + chunk({ content: event.content }, null);
        case 'sources':
          sources = event.sources;
          return '';
        case 'done': {
          const last = start() + chunk({}, 'stop', { x_cog_rag: extensionOf(sources, event) });
          if (!includeUsage) return last;
          const usage = line({
            id: meta.id,
            object: 'chat.completion.chunk',
            created: meta.created,
            model: meta.model,
            choices: [],
            usage: usageOf(meta, answer),
          });
          return last + usage;
        }
        case 'error':
          return line(openAiErrorOf(event.error.code === 'INTERNAL_ERROR' ? 500 : 503, event.error));
      }
    },
    end: 'data: [DONE]\n\n',
  };
}
