import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OpenApiValidator, type Violation } from './openapi-validator.ts';
import {
  BadRequest,
  matches,
  nearest,
  rrf,
  storeVector,
  type Collection,
  type Point,
  type Scored,
} from './qdrant-engine.ts';

type Body = Record<string, unknown>;

/** One request the stand-in received, as sent. */
export interface SeenRequest {
  method: string;
  path: string;
  query: string;
  body: Body | undefined;
}

export interface QdrantStandIn {
  url: string;
  /** Every request, in order; and every request or response that broke the OpenAPI document. */
  requests: SeenRequest[];
  violations: Violation[];
  collections: Map<string, Collection>;
  /** While set, every request answers 503 (Qdrant unreachable for the adapter). */
  down: boolean;
  close(): Promise<void>;
}

const asList = (x: unknown): Body[] => (x == null ? [] : Array.isArray(x) ? x : [x as Body]);

function payloadOf(p: Point, selector: unknown): Body | null {
  if (selector === true) return p.payload;
  if (selector === false || selector == null) return null;
  if (Array.isArray(selector)) return Object.fromEntries(selector.map((k) => [k, p.payload[k as string]]));
  throw new BadRequest('stand-in supports with_payload true, false or a list of keys');
}

/** Qdrant applies the request's filter to its prefetches too. */
const both = (a: unknown, b: unknown) => (a && b ? { must: [a, b] } : (a ?? b)) as Body | undefined;

function runQuery(c: Collection, req: Body): Scored[] {
  const limit = (req.limit as number | undefined) ?? 10;
  const prefetch = asList(req.prefetch);
  const query = req.query as Body | number[] | undefined;
  if (prefetch.length) {
    const lists = prefetch.map((pf) => runQuery(c, { ...pf, filter: both(req.filter, pf.filter) }));
    if (query && 'rrf' in query) {
      const p = query.rrf as { k?: number | null; weights?: number[] | null };
      return rrf(lists, p.k ?? 2, p.weights ?? undefined).slice(0, limit);
    }
    if (query && (query as Body).fusion === 'rrf') return rrf(lists).slice(0, limit);
    throw new BadRequest(`stand-in supports rrf fusion over prefetches only, got ${JSON.stringify(query)}`);
  }
  if (!query) throw new BadRequest('stand-in needs a query');
  const vector = !Array.isArray(query) && 'nearest' in query ? query.nearest : query;
  const pool = [...c.points.values()].filter((p) => matches(p, req.filter as Body));
  return nearest(c, (req.using as string | undefined) ?? '', vector, pool, limit);
}

const scoredOut = (s: Scored[], selector: unknown) =>
  s.map(({ point, score }) => ({ id: point.id, version: 0, score, payload: payloadOf(point, selector) }));

function collectionInfo(c: Collection) {
  const hnsw = (c.raw.hnsw_config ?? {}) as Body;
  return {
    status: 'green',
    optimizer_status: 'ok',
    segments_count: 1,
    points_count: c.points.size,
    indexed_vectors_count: 0,
    payload_schema: Object.fromEntries(
      Object.entries(c.indexes).map(([field, schema]) => [
        field,
        typeof schema === 'string'
          ? { data_type: schema, points: c.points.size }
          : { data_type: (schema as Body).type, params: schema, points: c.points.size },
      ]),
    ),
    config: {
      params: { vectors: c.dense, sparse_vectors: c.sparse, shard_number: 1, replication_factor: 1 },
      hnsw_config: { m: 16, ef_construct: 100, full_scan_threshold: 10000, ...hnsw },
      optimizer_config: { deleted_threshold: 0.2, default_segment_number: 0, flush_interval_sec: 5 },
      wal_config: { wal_capacity_mb: 32, wal_segments_ahead: 0 },
    },
  };
}

const updated = { operation_id: 0, status: 'completed' };

/** Answers one validated request; returns the `result` member. */
function handle(cols: Map<string, Collection>, method: string, path: string, body: Body): unknown {
  if (method === 'GET' && path === '/') return undefined;
  const m = /^\/collections\/([^/]+)(\/.*)?$/.exec(path);
  if (!m) throw new BadRequest(`stand-in does not implement ${method} ${path}`);
  const name = decodeURIComponent(m[1]!);
  const rest = m[2] ?? '';
  if (rest === '/exists') return { exists: cols.has(name) };
  if (rest === '' && method === 'PUT') {
    if (cols.has(name))
      throw Object.assign(new BadRequest(`Collection \`${name}\` already exists!`), { code: 409 });
    const vectors = body.vectors as Collection['dense'];
    if (!vectors || 'size' in vectors) throw new BadRequest('stand-in supports named vectors only');
    cols.set(name, {
      dense: vectors,
      sparse: (body.sparse_vectors ?? {}) as Collection['sparse'],
      points: new Map(),
      indexes: {},
      raw: body,
    });
    return true;
  }
  const c = cols.get(name);
  if (!c) throw Object.assign(new BadRequest(`Collection \`${name}\` doesn't exist!`), { code: 404 });
  if (rest === '' && method === 'GET') return collectionInfo(c);
  if (rest === '' && method === 'DELETE') return cols.delete(name);
  if (rest === '/index' && method === 'PUT') {
    c.indexes[body.field_name as string] = body.field_schema;
    return updated;
  }
  if (rest === '/points' && method === 'PUT') {
    if (!body.points) throw new BadRequest('stand-in supports the points list form of upsert');
    for (const p of body.points as Body[]) {
      const vectors = Object.fromEntries(
        Object.entries(p.vector as Body).map(([k, v]) => [k, storeVector(c, k, v)]),
      );
      const id = p.id as string | number;
      c.points.set(String(id), { id, vectors, payload: (p.payload ?? {}) as Body });
    }
    return updated;
  }
  if (rest === '/points/delete') {
    const ids = body.points ? (body.points as unknown[]).map(String) : null;
    for (const [id, p] of c.points) {
      if (ids ? ids.includes(id) : matches(p, body.filter as Body)) c.points.delete(id);
    }
    return updated;
  }
  if (rest === '/points/query') return { points: scoredOut(runQuery(c, body), body.with_payload) };
  if (rest === '/points/query/batch') {
    return (body.searches as Body[]).map((s) => ({ points: scoredOut(runQuery(c, s), s.with_payload) }));
  }
  if (rest === '/points/count') {
    return { count: [...c.points.values()].filter((p) => matches(p, body.filter as Body)).length };
  }
  if (rest === '/points/scroll') {
    const all = [...c.points.values()]
      .filter((p) => matches(p, body.filter as Body))
      .sort((a, b) => String(a.id).localeCompare(String(b.id)));
    const from = body.offset == null ? 0 : all.findIndex((p) => String(p.id) >= String(body.offset));
    const limit = (body.limit as number | undefined) ?? 10;
    const page = from < 0 ? [] : all.slice(from, from + limit);
    const next = from < 0 ? undefined : all[from + limit];
    return {
      points: page.map((p) => ({ id: p.id, payload: payloadOf(p, body.with_payload ?? true) })),
      next_page_offset: next ? next.id : null,
    };
  }
  throw new BadRequest(`stand-in does not implement ${method} ${path}`);
}

async function readBody(req: IncomingMessage): Promise<Body | undefined> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  const text = Buffer.concat(parts).toString('utf8');
  return text ? (JSON.parse(text) as Body) : undefined;
}

/**
 * Starts a local HTTP server speaking Qdrant's REST API for the adapter's tests: each request is
 * checked against Qdrant's OpenAPI document (a mismatch answers 400 and is kept in `violations`),
 * answered from memory with the semantics of qdrant-engine.ts, and each answer is checked against
 * the documented response schema too. `apiKey`, when given, is required in the `api-key` header.
 */
export async function startQdrantStandIn(options: { apiKey?: string } = {}): Promise<QdrantStandIn> {
  const validator = new OpenApiValidator();
  const collections = new Map<string, Collection>();
  const requests: SeenRequest[] = [];
  const violations: Violation[] = [];
  const state = { down: false };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? 'GET';
    const send = (code: number, payload: unknown) => {
      res.writeHead(code, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
    };
    let body: Body | undefined;
    try {
      body = await readBody(req);
    } catch {
      return send(400, { status: { error: 'body is not JSON' }, time: 0 });
    }
    requests.push({ method, path: url.pathname, query: url.search, body });
    if (state.down) return send(503, { status: { error: 'stand-in is down' }, time: 0 });
    if (options.apiKey && req.headers['api-key'] !== options.apiKey) {
      return send(401, {
        status: { error: 'Must provide an API key or an Authorization bearer token' },
        time: 0,
      });
    }
    const problems = validator.checkRequest(method, url.pathname, url.searchParams, body);
    if (problems.length) {
      violations.push({ method, path: url.pathname, problem: problems.join('; ') });
      return send(400, { status: { error: `Format error: ${problems.join('; ')}` }, time: 0 });
    }
    try {
      const result = handle(collections, method, url.pathname, body ?? {});
      const envelope =
        method === 'GET' && url.pathname === '/'
          ? { title: 'qdrant - vector search engine (stand-in)', version: '1.16.0' }
          : { result, status: 'ok', time: 0.0001 };
      const wrong = validator.checkResponse(method, url.pathname, envelope);
      if (wrong.length) {
        violations.push({ method, path: url.pathname, problem: `stand-in answer: ${wrong.join('; ')}` });
        return send(500, { status: { error: wrong.join('; ') }, time: 0 });
      }
      send(200, envelope);
    } catch (err) {
      if (!(err instanceof BadRequest)) throw err;
      send((err as BadRequest & { code?: number }).code ?? 400, { status: { error: err.message }, time: 0 });
    }
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    violations,
    collections,
    get down() {
      return state.down;
    },
    set down(value: boolean) {
      state.down = value;
    },
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
