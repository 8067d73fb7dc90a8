import { ConfigError, type Env } from './env.ts';

/** A model server the operator lets companies answer with (ANSWERER_ENDPOINTS). */
export interface AnswererEndpoint {
  kind: 'ollama' | 'openai';
  /** Base URL as the provider takes it: Ollama's root, an OpenAI-compatible server's `/v1`. */
  url: string;
}

/**
 * ANSWERER_ENDPOINTS: `kind=url` pairs, comma-separated (`ollama=http://10.0.0.5:11434,
 * openai=https://llm.internal/v1`). A company admin picks one of these (or the installation's own
 * LLM_PROVIDER endpoint) and a model; they can never name another URL, so a tenant cannot point the
 * server at an internal address (docs/chat.md "Per-company answerer").
 * @throws ConfigError for a pair that is not `ollama=` or `openai=` followed by an http(s) URL.
 */
export function answererEndpoints(env: Env): AnswererEndpoint[] {
  const raw = (env.ANSWERER_ENDPOINTS ?? '').trim();
  if (!raw) return [];
  return raw.split(',').map((pair) => {
    const at = pair.indexOf('=');
    const kind = pair.slice(0, at).trim();
    const url = pair
      .slice(at + 1)
      .trim()
      .replace(/\/+$/, '');
    let ok = at > 0 && (kind === 'ollama' || kind === 'openai');
    try {
      ok &&= ['http:', 'https:'].includes(new URL(url).protocol);
    } catch {
      ok = false;
    }
    if (!ok)
      throw new ConfigError(`ANSWERER_ENDPOINTS: "${pair.trim()}" is not ollama=<url> or openai=<url>`);
    return { kind: kind as AnswererEndpoint['kind'], url };
  });
}
