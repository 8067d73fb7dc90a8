/**
 * OpenAI's API ignores request fields it does not know, and its clients send many that Cog-RAG
 * does not use (`temperature`, `tools`, `tool_calls`, `image_url`…). The OpenAPI document states
 * only the fields that are read (`additionalProperties: false`, so generated clients get closed
 * types); this drops the others before validation, so they are accepted and ignored as OpenAI does.
 */

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/** The schema of `value` among a union's options: the first of the value's JSON type, if any. */
function optionFor(options: Json[], value: unknown): Json | undefined {
  const type = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
  return options.find((o) => o.type === type || (type === 'object' && isObject(o.properties)));
}

/**
 * `value` with every object property its JSON Schema `schema` does not list removed, recursively
 * through `properties`, array `items` and `anyOf`/`oneOf` options (TypeBox's Object, Array, Union).
 * Values of the wrong type are left as they are, for validation to refuse.
 */
export function pruneToSchema(value: unknown, schema: unknown): unknown {
  if (!isObject(schema)) return value;
  const options = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(options)) {
    const option = optionFor(options as Json[], value);
    return option ? pruneToSchema(value, option) : value;
  }
  if (Array.isArray(value) && schema.type === 'array')
    return value.map((item) => pruneToSchema(item, schema.items));
  if (!isObject(value) || !isObject(schema.properties)) return value;
  const properties = schema.properties;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => Object.hasOwn(properties, key))
      .map(([key, v]) => [key, pruneToSchema(v, properties[key])]),
  );
}
