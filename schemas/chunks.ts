import { Type, type TSchema } from 'typebox';
import { Count, Id, Paginated, Text } from './common.ts';

const Line = Type.Integer({ minimum: 0, maximum: 10_000_000 });
const orNull = <T extends TSchema>(schema: T, description?: string) =>
  Type.Union([schema, Type.Null()], description ? { description } : {});

/** A chunk as `GET /api/documents/:id/chunks` shows it: its text and where it sits. */
export const DocumentChunk = Type.Object(
  {
    id: Id({ examples: ['chk_01jd8x4b2c3d4e5f6g7h8j9k0m'] }),
    index: Count({ description: 'Position in the document, 0-based' }),
    text: Text(100_000, { description: 'The chunk’s text, as indexed and cited' }),
    tokenCount: Count({ description: 'Embedding-model tokens' }),
    pageStart: orNull(Line, 'First page (PDF); null without pages'),
    pageEnd: orNull(Line),
    sheet: orNull(Text(255), 'Spreadsheets: the sheet'),
    rowStart: orNull(Line, 'Spreadsheets: first row, 1-based'),
    rowEnd: orNull(Line, 'Spreadsheets: last row'),
    slide: orNull(Line, 'Slide decks: the slide number'),
    headingPath: Type.Array(Text(1000), { maxItems: 50, description: 'Enclosing headings, outermost first' }),
  },
  { $id: 'DocumentChunk', additionalProperties: false },
);

export const DocumentChunkList = Paginated(Type.Ref('DocumentChunk'));

export const ChunkListQuery = Type.Object(
  {
    page: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }),
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  },
  { additionalProperties: false },
);
