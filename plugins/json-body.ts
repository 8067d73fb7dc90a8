import type { FastifyInstance } from 'fastify';
import { validationError } from '../src/lib/errors.ts';
import { MAX_BODY_DEPTH } from './no-nul.ts';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * Where the text of a JSON document first opens an array or object `limit` levels inside others
 * (the root container is level 1, so a document nesting exactly `limit` levels passes): the offset
 * of that `[` or `{`, or -1 when there is none. One pass over the text, no allocation, stopping at
 * that bracket. Brackets inside strings do not count: a string ends at the first `"` preceded by an
 * even run of backslashes (`"a\\"` ends after the second backslash, `"a\"b"` does not end at the
 * escaped quote), found with indexOf, so long strings cost next to nothing.
 *
 * For valid JSON the count is exactly the parser's nesting. For invalid JSON it is the parser's
 * nesting up to the first syntax error (the text before it is a valid prefix), so the parser,
 * refusing it, never builds more than `limit` levels either. An unterminated string ends the scan
 * (-1): the parser refuses that text.
 */
export function overDeepAt(text: string, limit: number = MAX_BODY_DEPTH): number {
  let depth = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      let end = i;
      for (;;) {
        end = text.indexOf('"', end + 1);
        if (end < 0) return -1;
        // The backslashes right before it: an odd run escapes it. Each run is walked once.
        let k = end - 1;
        while (text.charCodeAt(k) === BACKSLASH) k--;
        if ((end - 1 - k) % 2 === 0) break;
      }
      i = end;
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > limit) return i;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      depth--;
    }
  }
  return -1;
}

/**
 * JSON bodies are checked for nesting before they are parsed (issue 22): a body of 100,000 nested
 * arrays (200 kB, under MAX_JSON_BODY_KB) cost the API thread ~20 ms in JSON.parse, and a flood of
 * them delayed every other request; the scan refuses it at its 33rd bracket, in microseconds, and
 * reads a body within the limit in about the time JSON.parse takes for it (~1 ms for 256 kB). A
 * body opening more than MAX_BODY_DEPTH levels is 400 VALIDATION_ERROR naming the limit; any other
 * goes to Fastify's own JSON parser, with the instance's prototype-poisoning settings. The size
 * limit (413) is applied before this, while the body is read. The rate limits count in preParsing
 * (plugins/rate-limit.ts), so these refusals count against them too. Installed on the root
 * instance before any route scope, so every scope's `application/json` uses it.
 */
export function installJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  );
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => {
    // parseAs 'string': always text here (the union is the parser type's, not this call's).
    const body = raw as string;
    const at = overDeepAt(body);
    if (at >= 0) {
      done(
        validationError(
          `Request body is nested too deeply: at most ${MAX_BODY_DEPTH} levels of arrays and objects`,
          [
            {
              field: 'body',
              reason: `must not nest arrays and objects deeper than ${MAX_BODY_DEPTH} levels (level ${MAX_BODY_DEPTH + 1} opens at character ${at})`,
            },
          ],
        ),
        undefined,
      );
      return;
    }
    parse(request, body, done);
  });
}
