import { Type } from 'typebox';
import { Envelope } from './common.ts';

export const SearchMode = Type.Union(
  [Type.Literal('dense'), Type.Literal('lexical'), Type.Literal('hybrid'), Type.Literal('rerank')],
  {
    description:
      '`dense` (embedding similarity), `lexical` (BM25), `hybrid` (both, fused; the default) or `rerank` ' +
      '(hybrid re-scored by a cross-encoder; falls back to hybrid when none is configured)',
  },
);

export const SearchBody = Type.Object(
  {
    query: Type.String({ minLength: 1, maxLength: 1000, description: 'What to look for, in plain words' }),
    topicId: Type.Optional(Type.String({ maxLength: 64, description: 'Search only this topic’s documents' })),
    limit: Type.Integer({ minimum: 1, maximum: 50, default: 10, description: 'Chunks to return' }),
    mode: Type.Optional(SearchMode),
  },
  { additionalProperties: false },
);

export const SearchHit = Type.Object(
  {
    chunkId: Type.String({ examples: ['chk_01jd8x4b2c3d4e5f6g7h8j9k0m'] }),
    documentId: Type.String(),
    documentName: Type.String(),
    text: Type.String({ description: 'The chunk’s text, as indexed' }),
    score: Type.Number({
      description:
        'Relevance under the mode used (cosine similarity, BM25 or fused score): higher is better, ' +
        'comparable within one response only',
    }),
    pageStart: Type.Union([Type.Integer(), Type.Null()], { description: 'First page; null without pages' }),
    pageEnd: Type.Union([Type.Integer(), Type.Null()]),
    headingPath: Type.Array(Type.String(), { description: 'Enclosing headings, outermost first' }),
  },
  { additionalProperties: false },
);

export const SearchResponse = Envelope(
  Type.Object({
    items: Type.Array(SearchHit, { description: 'Best first' }),
    mode: Type.Union(
      [Type.Literal('dense'), Type.Literal('lexical'), Type.Literal('hybrid'), Type.Literal('rerank')],
      { description: 'The mode that ran (`rerank` without a cross-encoder runs `hybrid`)' },
    ),
  }),
);
