import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

// ajv-formats is CommonJS; its default export arrives wrapped under NodeNext.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

const common = { allErrors: true, useDefaults: true, removeAdditional: false, strict: false } as const;

/**
 * Two validators: request bodies are JSON and keep their types (a `false` is never the string
 * "false"), while querystring, params and headers arrive as text and are coerced to the
 * schema's types (Fastify's default coercion, https://fastify.dev/docs/latest/Reference/Validation-and-Serialization/).
 */
export function installValidators(app: FastifyInstance): void {
  const strict = addFormats(new Ajv({ ...common, coerceTypes: false }));
  const coercing = addFormats(new Ajv({ ...common, coerceTypes: 'array' }));
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? strict : coercing).compile(schema as object),
  );
}
