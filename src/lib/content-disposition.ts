/**
 * A `Content-Disposition` header value per RFC 6266: `inline` or `attachment`, a plain
 * `filename="…"` for old clients (printable ASCII only; anything else, quotes and backslashes
 * become `_`) and `filename*=UTF-8''…` (RFC 8187 percent-encoding) with the exact name.
 * Path separators and control characters are removed first, so the name can never pick a
 * directory or break the header. An empty result falls back to `fallback`.
 * @param type `inline` to display (PDF), `attachment` to force a download.
 * @param name the file's name as the user knows it (any Unicode).
 */
export function contentDisposition(
  type: 'inline' | 'attachment',
  name: string,
  fallback = 'download',
): string {
  const clean =
    name
      .replace(/[\p{Cc}/\\]/gu, '')
      .trim()
      .slice(0, 255) || fallback;
  const ascii = clean.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(clean).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
