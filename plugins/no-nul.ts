import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { validationError, type AppError } from '../src/lib/errors.ts';

/**
 * Deepest nesting of arrays and objects a request body may have. The API's own shapes nest at
 * most 4 levels (settings, metadata); 32 leaves room for clients' metadata while keeping every
 * later step that recurses (ajv, JSON.stringify in a handler, the database driver) far from the
 * stack's limit. The audit's 240 kB body of 100,000 nested arrays overflowed the old recursive
 * scan (issue 22, hole 4). A JSON body's text is held to it before it is parsed
 * (plugins/json-body.ts); the scan below still holds parsed values (query, path, any body) to it.
 */
export const MAX_BODY_DEPTH = 32;

type Finding = { field: string; reason: string } | null;

/**
 * Walks `value` without recursion (an explicit stack), depth-first in document order: the first
 * string holding NUL (U+0000), or the first container nested deeper than MAX_BODY_DEPTH. Fields are
 * dotted paths (`items.0.name`), `part` for the root.
 */
export function scanInput(value: unknown, part: string): Finding {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value: v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return { field: path || part, reason: 'must not contain NUL characters' };
      continue;
    }
    if (!v || typeof v !== 'object') continue;
    if (depth >= MAX_BODY_DEPTH) {
      return { field: path || part, reason: `must not nest deeper than ${MAX_BODY_DEPTH} levels` };
    }
    const entries = Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : Object.entries(v);
    // Pushed in reverse so the first entry is examined first, as the recursive scan did.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      stack.push({ value: child, path: path ? `${path}.${key}` : key, depth: depth + 1 });
    }
  }
  return null;
}

/** The first refusal among the body, query and path parameters, as a 400 VALIDATION_ERROR. */
function refusalOf(request: FastifyRequest): AppError | undefined {
  for (const [part, value] of [
    ['body', request.body],
    ['query', request.query],
    ['params', request.params],
  ] as const) {
    const found = scanInput(value, part);
    if (found) {
      const message = found.reason.startsWith('must not nest')
        ? `Request ${part} is nested too deeply: at most ${MAX_BODY_DEPTH} levels of arrays and objects`
        : 'Text must not contain NUL characters';
      return validationError(message, [found]);
    }
  }
  return undefined;
}

/**
 * PostgreSQL text cannot hold NUL (U+0000); JSON can. Such input is refused up front with a 400
 * naming the field, instead of failing in the database; so is a body nested deeper than
 * MAX_BODY_DEPTH. Installed per route in preValidation, after the rate limits (which count in
 * preParsing, before the body is read), so a flood of hostile bodies is refused by its counter first.
 */
export default fp(
  async function noNulPlugin(app: FastifyInstance) {
    // Callback style: every request passes here, and a promise per request is measurable.
    const check = (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) =>
      done(refusalOf(request));
    app.addHook('onRoute', (route) => {
      const existing = route.preValidation;
      route.preValidation = existing
        ? [...(Array.isArray(existing) ? existing : [existing]), check]
        : [check];
    });
  },
  { name: 'no-nul' },
);
