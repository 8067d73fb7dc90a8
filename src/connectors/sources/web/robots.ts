/**
 * robots.txt, parsed and evaluated in the crawler's parse process (links-child.ts), never on
 * the API's thread: a 512 KiB file of 11,000 rules takes ~25 ms to parse and ~0.5 ms per URL
 * checked, and a hostile one (long wildcard patterns) far more. The parent holds only the bytes
 * and sends them with each job; the child parses a given file once and keeps it.
 */
import { createHash } from 'node:crypto';
import robotsModule from 'robots-parser';
import { normalize } from './item-url.ts';

/** Our crawler's name in User-Agent and robots.txt groups. */
export const CRAWLER_AGENT = 'CogRAG-Connector';

/** robots-parser is CommonJS; its typings declare an ES default export. */
const robotsParser = robotsModule as unknown as (
  url: string,
  body: string,
) => { isDisallowed(url: string, ua?: string): boolean | undefined };

type Rules = ReturnType<typeof robotsParser>;

/** Parsed files kept by this process, by the file's sha256 (a listing sends the same bytes each time). */
const parsed = new Map<string, Rules>();
/** Files kept at once: one per listing running in this process (CONNECTOR_CONCURRENCY), and a few more. */
const KEEP = 8;

/** A site's robots.txt as the parent sends it: the bytes fetched from `origin`/robots.txt. */
export interface RobotsFile {
  origin: string;
  body: Uint8Array;
}

/** The file's rules, parsed once per process (RFC 9309 matching: robots-parser, Google's algorithm). */
function rulesOf(file: RobotsFile): Rules {
  const key = createHash('sha256').update(file.origin).update('\0').update(file.body).digest('hex');
  let rules = parsed.get(key);
  if (!rules) {
    const text = Buffer.from(file.body.buffer, file.body.byteOffset, file.body.byteLength).toString('utf8');
    rules = robotsParser(`${file.origin}/robots.txt`, text);
    if (parsed.size >= KEEP) parsed.delete(parsed.keys().next().value!);
    parsed.set(key, rules);
  }
  return rules;
}

/**
 * The URLs of `urls` our agent may fetch under `file` (our agent's group, else `*`), in order;
 * each is judged in its item-key form (normalize), and one that is not an http(s) URL is dropped.
 * No file: every URL is allowed.
 */
export function allowedUrls(file: RobotsFile | undefined, urls: string[]): string[] {
  if (!file) return urls;
  const rules = rulesOf(file);
  return urls.filter((raw) => {
    const url = normalize(raw);
    return url !== null && !rules.isDisallowed(url.href, CRAWLER_AGENT);
  });
}
