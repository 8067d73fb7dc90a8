import type { Options } from './options.ts';
import type { Strings } from './strings.ts';

/** The public API's headers: the key, and a signed visitor's token minted fresh (they live an hour at most). */
export async function apiHeaders(o: Options): Promise<Record<string, string>> {
  const visitor = typeof o.visitorToken === 'function' ? await o.visitorToken() : o.visitorToken;
  return {
    'Content-Type': 'application/json',
    'X-API-Key': o.apiKey,
    ...(visitor ? { 'X-Visitor-Token': visitor } : {}),
  };
}

/**
 * Rates an answer of the visitor's session (PUT /api/public/messages/:id/feedback, stored where the
 * console's ratings are, counted by the insights). Resolves false on any failure: a rating is not
 * worth an error message in the conversation.
 */
export async function sendFeedback(
  o: Options,
  messageId: string,
  sessionId: string,
  rating: 'up' | 'down' | null,
): Promise<boolean> {
  try {
    const res = await fetch(`${o.apiBase}/public/messages/${encodeURIComponent(messageId)}/feedback`, {
      method: 'PUT',
      headers: await apiHeaders(o),
      body: JSON.stringify({ sessionId, rating }),
      credentials: 'omit',
    });
    return res.ok;
  } catch {
    return false;
  }
}

/** The visitor-facing message for a refused request (status code and the spec's error envelope). */
export async function messageFor(res: Response, s: Strings): Promise<string> {
  if (res.status === 403) return s.forbidden;
  if (res.status === 400) return s.invalid;
  if (res.status === 429) {
    let wait = Number(res.headers.get('retry-after')) || 0;
    try {
      const body = (await res.json()) as { error?: { retryAfter?: number } };
      wait = body.error?.retryAfter ?? wait;
    } catch {
      /* the header is enough */
    }
    return s.rateLimited.replace('{s}', String(Math.max(1, wait)));
  }
  return s.unavailable;
}
