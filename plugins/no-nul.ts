import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { validationError } from '../src/lib/errors.ts';

/** Path of the first string holding a NUL character, or null. */
function findNul(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], path ? `${path}.${i}` : String(i));
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      const found = findNul(v, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot hold NUL (U+0000); JSON can. Such input is refused up front with a 400
 * naming the field, instead of failing in the database.
 */
export default fp(
  async function noNulPlugin(app: FastifyInstance) {
    // Callback style: every request passes here, and a promise per request is measurable.
    app.addHook('preValidation', (request, _reply, done) => {
      for (const [part, value] of [
        ['body', request.body],
        ['query', request.query],
        ['params', request.params],
      ] as const) {
        const field = findNul(value, '');
        if (field !== null) {
          done(
            validationError('Text must not contain NUL characters', [
              { field: field || part, reason: 'must not contain NUL characters' },
            ]),
          );
          return;
        }
      }
      done();
    });
  },
  { name: 'no-nul' },
);
