/**
 * Names every request and response body, and every object nested in one, as a component, so
 * client generators make named types (`CreateTopicRequest`, `ListDocumentsResponseData`) instead
 * of inventing `createTopic_200_response` or `Source_chunks_inner` (issue 25). Only where a schema
 * lives changes: each inline object becomes `{ $ref }` to an identical component.
 */

type Json = Record<string, unknown>;
type Operation = Json & { operationId?: string; requestBody?: Json; responses?: Record<string, Json> };

const pascal = (s: string) =>
  s.replace(/(^|[^A-Za-z0-9]+)([A-Za-z0-9])/g, (_, _sep, c: string) => c.toUpperCase());

/** Singular-ish name for an array's items: `chunks` → `Chunk`, `items` → `Item`. */
const itemName = (prop: string) =>
  pascal(prop.endsWith('s') && prop.length > 1 ? prop.slice(0, -1) : `${prop}Item`);

const isInlineObject = (s: unknown): s is Json =>
  !!s &&
  typeof s === 'object' &&
  !('$ref' in s) &&
  ((s as Json).type === 'object' || 'properties' in s) &&
  (s as Json).properties !== undefined;

/** Hoists inline objects found under `schema` (not `schema` itself) into `schemas`, named after `base`. */
function hoistNested(schema: Json, base: string, schemas: Record<string, Json>): void {
  const visit = (node: unknown, name: string, parent: Json, key: string | number): void => {
    if (!node || typeof node !== 'object') return;
    if (isInlineObject(node)) {
      const ref = place(node, name, schemas);
      (parent as Record<string | number, unknown>)[key] = { $ref: ref };
      return;
    }
    walk(node as Json, name);
  };
  const walk = (node: Json, name: string): void => {
    for (const [prop, child] of Object.entries((node.properties ?? {}) as Json)) {
      visit(child, name + pascal(prop), node.properties as Json, prop);
    }
    if (node.items && typeof node.items === 'object') visit(node.items, name + 'Item', node, 'items');
    if (node.additionalProperties && typeof node.additionalProperties === 'object') {
      visit(node.additionalProperties, name + 'Value', node, 'additionalProperties');
    }
    for (const combiner of ['anyOf', 'oneOf', 'allOf'] as const) {
      const list = node[combiner] as unknown[] | undefined;
      list?.forEach((option, i) =>
        visit(option, name + (list.length === 2 ? '' : `Option${i + 1}`), list as unknown as Json, i),
      );
    }
  };
  // Array items of a property get the singular name: Source.chunks[] → SourceChunk.
  for (const [prop, child] of Object.entries((schema.properties ?? {}) as Record<string, Json>)) {
    if (child?.type === 'array' && isInlineObject(child.items)) {
      child.items = { $ref: place(child.items, base + itemName(prop), schemas) };
    }
  }
  walk(schema, base);
}

/** Adds `schema` under a free name (`name`, `name2`, …), hoisting what it nests; returns its `$ref`. */
function place(schema: Json, name: string, schemas: Record<string, Json>): string {
  let unique = name;
  for (let i = 2; schemas[unique] && schemas[unique] !== schema; i++) unique = `${name}${i}`;
  schemas[unique] = schema;
  hoistNested(schema, unique, schemas);
  return `#/components/schemas/${unique}`;
}

/** Replaces each inline body schema of `content` with a `$ref` to a component called `name`. */
function nameContent(content: Json | undefined, name: string, schemas: Record<string, Json>): void {
  for (const media of Object.values(content ?? {}) as Json[]) {
    const schema = media.schema as Json | undefined;
    if (!schema || '$ref' in schema) continue;
    const { description, ...rest } = schema;
    media.schema = {
      $ref: place(description === undefined || rest.type !== 'object' ? schema : rest, name, schemas),
    };
  }
}

/**
 * Mutates `doc`: request bodies become `<OperationId>Request`, success bodies
 * `<OperationId>Response` (`…Response202` beside another 2xx), and the objects nested in them or
 * in the existing components get `<Parent><Property>` names.
 */
export function nameInlineSchemas(doc: Json & { paths: Record<string, Record<string, Operation>> }): void {
  const components = doc.components as Json;
  const schemas = components.schemas as Record<string, Json>;
  for (const [name, schema] of Object.entries({ ...schemas })) hoistNested(schema, name, schemas);
  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item)) {
      const base = pascal(op.operationId ?? 'Anonymous');
      nameContent(op.requestBody?.content as Json | undefined, `${base}Request`, schemas);
      const successes = Object.keys(op.responses ?? {}).filter((s) => s.startsWith('2'));
      for (const status of successes) {
        const suffix = successes.length > 1 && status !== successes[0] ? status : '';
        nameContent(op.responses![status]!.content as Json | undefined, `${base}Response${suffix}`, schemas);
      }
    }
  }
}
