import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/** Qdrant's published REST description (../shared/reference/qdrant/SOURCES.md); not copied here. */
export const QDRANT_OPENAPI = resolve(
  process.env.QDRANT_OPENAPI ?? '../shared/reference/qdrant/openapi.json',
);

type Json = Record<string, unknown>;
type Operation = { parameters?: Json[]; requestBody?: Json; responses?: Json };

/**
 * OpenAPI 3.0 schemas → JSON Schema for ajv: `nullable: true` becomes a `null` type (a bare
 * `{nullable: true}` branch of an `anyOf` would otherwise accept anything and hide every error);
 * objects that list `properties` without `additionalProperties` are closed, so a misspelt field
 * fails instead of being ignored (stricter than the document; the adapter must not send extras).
 */
function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) out[k] = k === 'example' ? v : toJsonSchema(v);
  if (out.nullable === true) {
    delete out.nullable;
    if (typeof out.type === 'string') {
      out.type = [out.type, 'null'];
      if (Array.isArray(out.enum)) out.enum = [...out.enum, null];
    } else if (!out.$ref && !out.anyOf && !out.oneOf && !out.allOf && !out.type) {
      out.type = 'null';
    }
  }
  if (out.type === 'object' && out.properties && out.additionalProperties === undefined) {
    out.additionalProperties = false;
  }
  return out;
}

const isUint = (max: number) => (v: number) => Number.isInteger(v) && v >= 0 && v <= max;

/** A request or response that does not match the document, with ajv's reasons. */
export interface Violation {
  method: string;
  path: string;
  problem: string;
}

/**
 * Checks HTTP exchanges against an OpenAPI 3.0 document: the path template and method exist,
 * every query parameter is declared and valid, the JSON body matches the operation's
 * requestBody schema ($refs resolved in the document), and a 200 body its response schema.
 */
export class OpenApiValidator {
  private readonly doc: { paths: Record<string, Record<string, Operation>> };
  private readonly ajv: Ajv;
  private readonly routes: { template: string; regex: RegExp; params: number }[];
  private readonly cache = new Map<string, ValidateFunction>();

  constructor(file = QDRANT_OPENAPI) {
    this.doc = toJsonSchema(JSON.parse(readFileSync(file, 'utf8'))) as typeof this.doc;
    this.ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
    addFormats.default(this.ajv);
    this.ajv.addFormat('uint', { type: 'number', validate: isUint(Number.MAX_SAFE_INTEGER) });
    this.ajv.addFormat('uint64', { type: 'number', validate: isUint(Number.MAX_SAFE_INTEGER) });
    this.ajv.addFormat('uint32', { type: 'number', validate: isUint(2 ** 32 - 1) });
    this.ajv.addFormat('uint8', { type: 'number', validate: isUint(255) });
    this.ajv.addFormat('int64', { type: 'number', validate: Number.isInteger });
    this.ajv.addFormat('float', { type: 'number', validate: (v: number) => Number.isFinite(v) });
    this.ajv.addFormat('double', { type: 'number', validate: (v: number) => Number.isFinite(v) });
    this.ajv.addFormat('partial-date-time', true);
    this.ajv.addFormat('binary', true);
    this.ajv.addSchema(this.doc as never, 'qdrant');
    this.routes = Object.keys(this.doc.paths)
      .map((template) => ({
        template,
        regex: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
        params: (template.match(/\{/g) ?? []).length,
      }))
      // A literal segment beats a parameter: /points/scroll before /points/{id}.
      .sort((a, b) => a.params - b.params);
  }

  private validator(pointer: string): ValidateFunction {
    let fn = this.cache.get(pointer);
    if (!fn) {
      fn = this.ajv.getSchema(`qdrant#${pointer}`);
      if (!fn) throw new Error(`no schema at ${pointer}`);
      this.cache.set(pointer, fn);
    }
    return fn;
  }

  private errors(fn: ValidateFunction): string {
    return this.ajv.errorsText(fn.errors, { dataVar: 'body' });
  }

  /** The operation's path template, or a violation when no path+method of the document matches. */
  route(method: string, path: string): { template: string } | { problem: string } {
    const m = method.toLowerCase();
    const route = this.routes.find((r) => r.regex.test(path) && this.doc.paths[r.template]![m]);
    return route ? { template: route.template } : { problem: `${method} ${path}: no such operation` };
  }

  /** Problems of a request (empty when valid). */
  checkRequest(method: string, path: string, query: URLSearchParams, body: unknown): string[] {
    const route = this.route(method, path);
    if ('problem' in route) return [route.problem];
    const m = method.toLowerCase();
    const op = this.doc.paths[route.template]![m]!;
    const base = `/paths/${escape(route.template)}/${m}`;
    const problems: string[] = [];
    const declared = (op.parameters ?? []).filter((p) => p.in === 'query');
    for (const [name, raw] of query) {
      const index = declared.findIndex((p) => p.name === name);
      if (index < 0) {
        problems.push(`query parameter "${name}" is not declared`);
        continue;
      }
      const paramIndex = op.parameters!.indexOf(declared[index]!);
      const fn = this.validator(`${base}/parameters/${paramIndex}/schema`);
      const candidates: unknown[] = [raw, Number(raw), raw === 'true' ? true : raw === 'false' ? false : raw];
      if (!candidates.some((v) => fn(v))) problems.push(`query parameter ${name}=${raw}: ${this.errors(fn)}`);
    }
    const schema = (op.requestBody?.content as Json | undefined)?.['application/json'];
    if (body !== undefined && !schema) problems.push('the operation takes no JSON body');
    if (schema && body === undefined && op.requestBody?.required) problems.push('a JSON body is required');
    if (schema && body !== undefined) {
      const fn = this.validator(`${base}/requestBody/content/application~1json/schema`);
      if (!fn(body)) problems.push(`body: ${this.errors(fn)}`);
    }
    return problems;
  }

  /** Problems of a 200 response body against the operation's documented response. */
  checkResponse(method: string, path: string, body: unknown): string[] {
    const route = this.route(method, path);
    if ('problem' in route) return [route.problem];
    const m = method.toLowerCase();
    const fn = this.validator(
      `/paths/${escape(route.template)}/${m}/responses/200/content/application~1json/schema`,
    );
    return fn(body) ? [] : [`response: ${this.errors(fn)}`];
  }
}

/** JSON Pointer escaping of one reference token (RFC 6901), then URI-encoding for ajv's $ref. */
function escape(token: string): string {
  return encodeURIComponent(token.replace(/~/g, '~0').replace(/\//g, '~1'));
}
