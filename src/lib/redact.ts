/**
 * Keeping secrets out of what is stored, shown and logged (issue 36): the userinfo of a URL a
 * tenant gave, and credentials in the query strings of logged request URLs.
 */

/**
 * `raw` without its `user:password@`, otherwise unchanged (not even re-encoded). Anything that is
 * not a URL with userinfo (a `file://` path, a bare key) comes back as given.
 */
export function withoutUserinfo(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return raw;
  }
  if (!url.username && !url.password) return raw;
  url.username = '';
  url.password = '';
  return url.href;
}

/** The `user` and `password` of a URL's userinfo, percent-decoded; null without any. */
export function userinfoOf(raw: string): { username: string; password: string } | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (!url.username && !url.password) return null;
  const decode = (s: string) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  };
  return { username: decode(url.username), password: decode(url.password) };
}

/**
 * Query parameter names whose values are never logged: compared lower case with `-` and `_`
 * dropped, so `api_key`, `API-Key` and `apikey` are one name. A name ending in `token`, `secret`,
 * `password` or `key` counts too (`accessToken`, `client_secret`, `widgetKey`).
 */
const SECRET_PARAM =
  /(?:key|token|secret|password|passwd|pwd|signature|sig|auth|authorization|credential|code)$/;

/** Placeholder for a redacted value. */
export const REDACTED = '[REDACTED]';

/**
 * A request URL (`/path?query`, as Fastify's `request.url`) fit for a log line: the values of
 * secret-looking query parameters (SECRET_PARAM: key, token, secret, password, api_key, …) are
 * replaced by REDACTED, and a `user:password@` in an absolute URL is dropped. The path and every
 * other parameter stay as sent, byte for byte.
 */
export function redactUrl(url: string): string {
  let out = url;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(out)) out = withoutUserinfo(out);
  const q = out.indexOf('?');
  if (q < 0) return out;
  const hash = out.indexOf('#', q);
  const query = out.slice(q + 1, hash < 0 ? undefined : hash);
  const redacted = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name: string;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        name = rawName;
      }
      const bare = name.toLowerCase().replace(/[-_\s.[\]]/g, '');
      return eq >= 0 && SECRET_PARAM.test(bare) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return out.slice(0, q + 1) + redacted + (hash < 0 ? '' : out.slice(hash));
}
