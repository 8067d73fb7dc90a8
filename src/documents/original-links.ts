import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { Principal } from '../auth/principal.ts';

/**
 * Signed links to a document's original for a widget's visitors (issue 40, docs/widget.md
 * "Opening the original"). A plain link cannot send `X-API-Key`, and a key in a URL would leak into
 * logs, history and Referer headers, so the link carries `keyId`, `exp` and `sig` instead:
 * HMAC-SHA-256 over (document id, key id, expiry). It opens that one document for ORIGINAL_LINK_TTL_S
 * and cannot be bent to another document or key. The file route still checks, when the link is
 * used, that the key exists, allows originals and reads the document (src/routes/public-files.ts).
 */

/** How long a link works, seconds: long enough to click, short enough that a leaked one dies. */
export const ORIGINAL_LINK_TTL_S = 600;

const keys = new WeakMap<Uint8Array, Buffer>();

/** The HMAC key, derived (HKDF-SHA-256) from the JWT secret, as widget-sessions.ts derives its own. */
export function originalLinkKeyOf(jwtSecret: Uint8Array): Buffer {
  let key = keys.get(jwtSecret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', jwtSecret, Buffer.alloc(0), 'cog-rag original links', 32));
    keys.set(jwtSecret, key);
  }
  return key;
}

const macOf = (key: Buffer, documentId: string, apiKeyId: string, exp: number) =>
  createHmac('sha256', key).update(`${documentId}\n${apiKeyId}\n${exp}`).digest('base64url');

/**
 * The link to `documentId`'s original for `apiKeyId`, relative to the API base (`/api`):
 * `/public/documents/<id>/file?keyId=…&exp=<unix seconds>&sig=<43 base64url>`.
 * @param nowMs the clock, ms since the epoch (tests)
 */
export function originalLink(key: Buffer, documentId: string, apiKeyId: string, nowMs = Date.now()): string {
  const exp = Math.floor(nowMs / 1000) + ORIGINAL_LINK_TTL_S;
  const query = new URLSearchParams({
    keyId: apiKeyId,
    exp: String(exp),
    sig: macOf(key, documentId, apiKeyId, exp),
  });
  return `/public/documents/${encodeURIComponent(documentId)}/file?${query}`;
}

/**
 * The key id a link for `documentId` was signed for, or null when the signature does not match
 * (tampered, another document or key) or the link has expired. Constant-time on the MAC.
 */
export function verifyOriginalLink(
  key: Buffer,
  documentId: string,
  link: { keyId: string; exp: number; sig: string },
  nowMs = Date.now(),
): string | null {
  if (!Number.isSafeInteger(link.exp) || link.exp <= Math.floor(nowMs / 1000)) return null;
  const given = Buffer.from(link.sig);
  const wanted = Buffer.from(macOf(key, documentId, link.keyId, link.exp));
  return given.length === wanted.length && timingSafeEqual(given, wanted) ? link.keyId : null;
}

/**
 * The `sources` items with `originalUrl` on each cited document (web results have none) when the
 * caller is an API key that allows originals; otherwise `sources` unchanged. Copies: the items the
 * answer stores in `messages.sources` never hold a link that will have expired when read back.
 */
export function withOriginalUrls<S extends { id: string; kind?: 'web' }>(
  key: Buffer,
  principal: Principal,
  sources: S[],
): (S & { originalUrl?: string })[] {
  if (principal.kind !== 'apiKey' || !principal.allowOriginals) return sources;
  const keyId = principal.apiKeyId;
  return sources.map((s) => (s.kind ? s : { ...s, originalUrl: originalLink(key, s.id, keyId) }));
}

/**
 * A stored public answer's JSON body (`{success, data: {sources: […]}}`) with its `originalUrl`
 * links signed anew for `principal` as it is now: an idempotent replay (plugins/idempotency.ts)
 * hands out links that work for another ORIGINAL_LINK_TTL_S, and none when the key no longer
 * allows originals. A body of another shape is returned as it is.
 */
export function resignedAnswerBody(key: Buffer, principal: Principal, body: string): string {
  let parsed: { data?: { sources?: unknown } };
  try {
    parsed = JSON.parse(body) as typeof parsed;
  } catch {
    return body;
  }
  const sources = parsed.data?.sources;
  if (!Array.isArray(sources)) return body;
  const bare = (sources as { id: string; kind?: 'web'; originalUrl?: string }[]).map(
    ({ originalUrl: _expired, ...s }) => s,
  );
  parsed.data!.sources = withOriginalUrls(key, principal, bare);
  return JSON.stringify(parsed);
}
