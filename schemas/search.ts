import { Type } from 'typebox';
import { Envelope, Id, Name, Text } from './common.ts';

const MODES = ['dense', 'lexical', 'hybrid', 'rerank'] as const;

export const SearchMode = Type.Enum(MODES, {
  description:
    '`dense` (embedding similarity), `lexical` (BM25), `hybrid` (both, fused; the default) or `rerank` ' +
    '(hybrid re-scored by a cross-encoder; falls back to hybrid when none is configured)',
});

export const SearchBody = Type.Object(
  {
    query: Type.String({
      minLength: 1,
      maxLength: 1000,
      pattern: '\\S',
      description: 'What to look for, in plain words (not only white space)',
    }),
    topicId: Type.Optional(Type.String({ maxLength: 64, description: 'Search only this topic’s documents' })),
    limit: Type.Integer({ minimum: 1, maximum: 50, default: 10, description: 'Chunks to return' }),
    mode: Type.Optional(SearchMode),
  },
  { additionalProperties: false },
);

const Page = Type.Integer({ minimum: 0, maximum: 1_000_000 });

/** One retrieved chunk with what a citation needs. */
export const SearchHit = Type.Object(
  {
    chunkId: Id({ examples: ['chk_01jd8x4b2c3d4e5f6g7h8j9k0m'] }),
    documentId: Id(),
    documentName: Name(),
    text: Text(100_000, { description: 'The chunk’s text, as indexed' }),
    score: Type.Number({
      minimum: -1e6,
      maximum: 1e6,
      description:
        'Relevance under the mode used (cosine similarity, BM25 or fused score): higher is better, ' +
        'comparable within one response only',
    }),
    pageStart: Type.Union([Page, Type.Null()], { description: 'First page; null without pages' }),
    pageEnd: Type.Union([Page, Type.Null()]),
    headingPath: Type.Array(Text(1000), { maxItems: 50, description: 'Enclosing headings, outermost first' }),
  },
  { $id: 'SearchHit', additionalProperties: false },
);

export const SearchResponse = Envelope(
  Type.Object(
    {
      items: Type.Array(Type.Ref('SearchHit'), { maxItems: 50, description: 'Best first' }),
      mode: Type.Enum(MODES, {
        description: 'The mode that ran (`rerank` without a cross-encoder runs `hybrid`)',
      }),
    },
    { additionalProperties: false },
  ),
);
