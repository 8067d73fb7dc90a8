/**
 * The search semantics of the Qdrant stand-in, after Qdrant's documentation: exact (brute-force)
 * cosine search on normalised vectors; sparse dot product with the `idf` modifier
 * ln(1 + (N − df + 0.5)/(df + 0.5)) over the whole collection; RRF as in Qdrant's
 * lib/segment/src/common/reciprocal_rank_fusion.rs (1 / ((p+1)/w + k − 1), p from 0, k default 2);
 * filters with must / should / must_not over `match.value`, `match.any` and `has_id`. Anything
 * else throws, so an adapter relying on it fails the test instead of getting a silent answer.
 */

export interface Sparse {
  indices: number[];
  values: number[];
}
export interface Point {
  id: string | number;
  vectors: Record<string, number[] | Sparse>;
  payload: Record<string, unknown>;
}
export interface Collection {
  dense: Record<string, { size: number; distance: string }>;
  sparse: Record<string, { modifier?: string | null }>;
  points: Map<string, Point>;
  indexes: Record<string, unknown>;
  raw: Record<string, unknown>;
}
export interface Scored {
  point: Point;
  score: number;
}

/** An unsupported or wrong request: answered 400 like Qdrant's "Wrong input". */
export class BadRequest extends Error {}

const f32 = (v: number[]) => v.map((x) => Math.fround(x));
const normalise = (v: number[]) => {
  const n = Math.sqrt(v.reduce((s, x) => s + x * x, 0)) || 1;
  return v.map((x) => Math.fround(x / n));
};
const isSparse = (v: unknown): v is Sparse =>
  !!v && typeof v === 'object' && Array.isArray((v as Sparse).indices) && Array.isArray((v as Sparse).values);

/** Stores a vector as Qdrant does: f32, cosine vectors normalised on upload. */
export function storeVector(c: Collection, name: string, v: unknown): number[] | Sparse {
  if (c.dense[name]) {
    if (!Array.isArray(v) || v.length !== c.dense[name].size)
      throw new BadRequest(`vector "${name}" must have ${c.dense[name].size} dimensions`);
    return c.dense[name].distance === 'Cosine' ? normalise(v as number[]) : f32(v as number[]);
  }
  if (c.sparse[name]) {
    if (!isSparse(v) || v.indices.length !== v.values.length)
      throw new BadRequest(`bad sparse vector "${name}"`);
    if (new Set(v.indices).size !== v.indices.length) throw new BadRequest('sparse indices must be unique');
    return { indices: [...v.indices], values: f32(v.values) };
  }
  throw new BadRequest(`Not existing vector name: ${name}`);
}

function condition(p: Point, c: Record<string, unknown>): boolean {
  if ('has_id' in c) return (c.has_id as unknown[]).map(String).includes(String(p.id));
  if ('key' in c && 'match' in c) {
    const value = p.payload[c.key as string];
    const match = c.match as Record<string, unknown>;
    if ('value' in match) return value === match.value;
    if ('any' in match) return (match.any as unknown[]).includes(value);
  }
  throw new BadRequest(`stand-in does not support condition ${JSON.stringify(c)}`);
}

const asList = (x: unknown): Record<string, unknown>[] =>
  x == null ? [] : Array.isArray(x) ? x : [x as Record<string, unknown>];

/** Qdrant's Filter: all `must`, at least one `should` (when any), no `must_not`. */
export function matches(p: Point, filter: Record<string, unknown> | null | undefined): boolean {
  if (!filter) return true;
  const test = (c: Record<string, unknown>) =>
    'must' in c || 'should' in c || 'must_not' in c ? matches(p, c) : condition(p, c);
  const should = asList(filter.should);
  return (
    asList(filter.must).every(test) &&
    (should.length === 0 || should.some(test)) &&
    !asList(filter.must_not).some(test)
  );
}

/** Nearest points to `query` in vector `using` among `candidates`, best first (ties by id). */
export function nearest(
  c: Collection,
  using: string,
  query: unknown,
  candidates: Point[],
  limit: number,
): Scored[] {
  let scored: Scored[];
  if (c.dense[using]) {
    const q = storeVector(c, using, query) as number[];
    scored = candidates.map((point) => {
      const v = point.vectors[using] as number[] | undefined;
      return { point, score: v ? Math.fround(v.reduce((s, x, i) => s + x * q[i]!, 0)) : -Infinity };
    });
  } else if (c.sparse[using]) {
    const q = storeVector(c, using, query) as Sparse;
    const idf = c.sparse[using].modifier === 'idf' ? idfOf(c, using, q.indices) : null;
    scored = candidates.flatMap((point) => {
      const v = point.vectors[using] as Sparse | undefined;
      if (!v) return [];
      let score = 0;
      let overlap = false;
      q.indices.forEach((index, k) => {
        const at = v.indices.indexOf(index);
        if (at < 0) return;
        overlap = true;
        score += q.values[k]! * (idf ? idf.get(index)! : 1) * v.values[at]!;
      });
      return overlap ? [{ point, score: Math.fround(score) }] : [];
    });
  } else {
    throw new BadRequest(`Not existing vector name: ${using}`);
  }
  return sortScored(scored.filter((s) => s.score > -Infinity)).slice(0, limit);
}

/** IDF per query index over every point of the collection holding the sparse vector. */
function idfOf(c: Collection, using: string, indices: number[]): Map<number, number> {
  const holders = [...c.points.values()].map((p) => p.vectors[using] as Sparse | undefined).filter(Boolean);
  const n = holders.length;
  return new Map(
    indices.map((i) => {
      const df = holders.filter((v) => v!.indices.includes(i)).length;
      return [i, Math.log(1 + (n - df + 0.5) / (df + 0.5))];
    }),
  );
}

export const sortScored = (s: Scored[]) =>
  s.sort((a, b) => b.score - a.score || String(a.point.id).localeCompare(String(b.point.id)));

/** Qdrant's weighted RRF over prefetch results. */
export function rrf(lists: Scored[][], k = 2, weights?: number[]): Scored[] {
  const byId = new Map<string, Scored>();
  lists.forEach((list, source) => {
    const w = weights?.[source] ?? 1;
    list.forEach(({ point }, p) => {
      const add = w <= 0 ? 0 : 1 / ((p + 1) / w + k - 1);
      const prev = byId.get(String(point.id));
      byId.set(String(point.id), { point, score: (prev?.score ?? 0) + add });
    });
  });
  return sortScored([...byId.values()]);
}
