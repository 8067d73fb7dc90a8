/**
 * The server's defaults for the RAG settings a company may leave unset (src/chat/chat.service.ts
 * SOURCES_PER_ANSWER, the providers' temperature, the reader's answerability gate's default threshold
 * in src/chat/reader/calibration.json). The settings
 * screen shows them as placeholders, sends them when a field is cleared (stored keys can only be
 * replaced, not removed) and restores them all with "Reset to defaults". test/console/screens.e2e.test.ts
 * checks they equal the server's.
 */
export const RAG_DEFAULTS = {
  topK: 6,
  temperature: 0.1,
  answerThreshold: 0.36,
  rerank: false,
  systemPrompt: '',
} as const;

/** Settings each answer mode does not use (the extractive answerer quotes; it runs no model). */
export function ignoredBy(provider: string): ('systemPrompt' | 'temperature')[] {
  return provider === 'extractive' ? ['systemPrompt', 'temperature'] : [];
}
