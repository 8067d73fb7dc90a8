import t from 'tap';
import { QdrantClient } from '@qdrant/js-client-rest';
import { OpenApiValidator } from '../helpers/openapi-validator.ts';
import { startQdrantStandIn } from '../helpers/qdrant-standin.ts';
import { nearest, type Collection } from '../helpers/qdrant-engine.ts';
import {
  documentSparseVector,
  querySparseVector,
  termIndex,
} from '../../src/retrieval/vector-store/sparse.ts';
import { analyzeChunk, BM25_DEFAULTS } from '../../src/retrieval/lexical/bm25.ts';

const none = new URLSearchParams();
const scoped = { must: [{ key: 'company_id', match: { value: 'comp_1' } }] };

t.test('the validator holds requests to Qdrant’s OpenAPI document', async (t) => {
  const v = new OpenApiValidator();
  const query = { query: [0.1, 0.2], using: 'dense', filter: scoped, limit: 5, with_payload: ['chunk_id'] };
  t.same(v.checkRequest('POST', '/collections/c/points/query', none, query), [], 'a valid query passes');
  const bad: [string, string, URLSearchParams, unknown][] = [
    ['POST', '/collections/c/points/query', none, { ...query, limt: 5 }],
    [
      'POST',
      '/collections/c/points/query',
      none,
      { ...query, filter: { must: [{ key: 'a', mach: { value: 1 } }] } },
    ],
    ['POST', '/collections/c/points/query', none, { prefetch: [query], query: { rrf: { k: 61 } } }],
    ['POST', '/collections/c/points/query', none, { query: { rrf: { k: 0 } }, prefetch: [] }],
    [
      'PUT',
      '/collections/c/points',
      new URLSearchParams('wait=true'),
      { points: [{ id: 'chk_1', vector: {} }] },
    ],
    ['PUT', '/collections/c/points', new URLSearchParams('wiat=true'), { points: [] }],
    [
      'PUT',
      '/collections/c/index',
      none,
      { field_name: 'company_id', field_schema: { type: 'keyword', tenant: true } },
    ],
    ['POST', '/collections/c/points/search/everything', none, {}],
  ];
  for (const [method, path, q, body] of bad) {
    t.not(
      v.checkRequest(method, path, q, body),
      [],
      `rejected: ${method} ${path}?${q} ${JSON.stringify(body)}`,
    );
  }
});

t.test('the stand-in refuses invalid requests and requires the API key', async (t) => {
  const standIn = await startQdrantStandIn({ apiKey: 'k1' });
  t.teardown(() => standIn.close());
  const client = new QdrantClient({ url: standIn.url, apiKey: 'k1', checkCompatibility: false });
  await client.createCollection('c', { vectors: { dense: { size: 2, distance: 'Cosine' } } });
  await t.rejects(
    client.query('c', { query: [1, 0], using: 'dense', limit: -1 }),
    'a negative limit is refused',
  );
  t.equal(standIn.violations.length, 1, 'and recorded as a violation');
  const anonymous = new QdrantClient({ url: standIn.url, checkCompatibility: false });
  await t.rejects(anonymous.collectionExists('c'), 'no API key, no answer');
});

t.test('BM25 as sparse vectors: Qdrant’s IDF modifier times our weights is Okapi BM25', async (t) => {
  t.equal(termIndex('tabl'), termIndex('tabl'), 'indices are stable');
  t.ok(termIndex('ε') >= 0 && termIndex('ε') < 2 ** 32, 'indices are uint32');
  const texts = ['Extract tables from PDF tables', 'PDF pages and images', 'Convert docx headings to HTML'];
  const docs = texts.map((text, i) => analyzeChunk(`c${i}`, text, 'en'));
  const avgdl = docs.reduce((s, d) => s + d.length, 0) / docs.length;
  const c: Collection = {
    dense: {},
    sparse: { bm25: { modifier: 'idf' } },
    points: new Map(),
    indexes: {},
    raw: {},
  };
  for (const d of docs) {
    c.points.set(d.id, {
      id: d.id,
      vectors: { bm25: documentSparseVector(d.termFrequencies, d.length, avgdl) },
      payload: {},
    });
  }
  const hits = nearest(c, 'bm25', querySparseVector('pdf tables', 'en'), [...c.points.values()], 10);
  const { k1, b } = BM25_DEFAULTS;
  const expected = docs
    .map((d) => {
      let score = 0;
      for (const term of ['pdf', 'tabl']) {
        const tf = d.termFrequencies.get(term) ?? 0;
        const df = docs.filter((o) => o.termFrequencies.has(term)).length;
        const idf = Math.log(1 + (docs.length - df + 0.5) / (df + 0.5));
        score += (idf * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * d.length) / avgdl));
      }
      return { id: d.id, score };
    })
    .filter((e) => e.score > 0)
    .sort((x, y) => y.score - x.score);
  t.same(
    hits.map((h) => h.point.id),
    expected.map((e) => e.id),
    'same ranking',
  );
  hits.forEach((h, i) =>
    t.ok(Math.abs(h.score - expected[i]!.score) < 1e-5, `score ${h.score} ≈ ${expected[i]!.score}`),
  );
});
