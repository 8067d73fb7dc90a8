/**
 * The crawler's item key for a URL, shared by the listing (web.ts) and the process that reads a
 * page's links (links-child.ts), so a link and the page it leads to get the same key.
 */

/** The URL as an item key: no fragment, host lower case (the WHATWG parser's normal form); null unless http(s). */
export function normalize(raw: string, base?: string): URL | null {
  try {
    const url = new URL(raw, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.hash = '';
    return url;
  } catch {
    return null;
  }
}
