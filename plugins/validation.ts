import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import type { Compilations } from './serialization.ts';

// ajv-formats is CommonJS; its default export arrives wrapped under NodeNext.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

const common = { allErrors: true, useDefaults: true, removeAdditional: false, strict: false } as const;

/** What Fastify calls to validate one request part; it reads `errors` after a `false`. */
type Validate = ((data: unknown) => boolean) & { errors?: ValidateFunction['errors'] };

/**
 * Two validators: request bodies are JSON and keep their types (a `false` is never the string
 * "false"), while querystring, params and headers arrive as text and are coerced to the
 * schema's types (Fastify's default coercion, https://fastify.dev/docs/latest/Reference/Validation-and-Serialization/).
 *
 * Each schema is compiled by Ajv the first time a request needs it, not at boot (see
 * `lazySerializerFactory` in plugins/serialization.ts for why); `compilations` collects them for `warmCompilations`.
 */
export function installValidators(app: FastifyInstance, compilations: Compilations): void {
  const strict = addFormats(new Ajv({ ...common, coerceTypes: false }));
  const coercing = addFormats(new Ajv({ ...common, coerceTypes: 'array' }));
  app.setValidatorCompiler(({ schema, httpPart }) => {
    let compiled: ValidateFunction | undefined;
    const compile = () => (compiled ??= (httpPart === 'body' ? strict : coercing).compile(schema as object));
    compilations.push(compile);
    const validate: Validate = (data) => {
      const check = compiled ?? compile();
      const valid = check(data);
      validate.errors = check.errors;
      return valid;
    };
    return validate;
  });
}
