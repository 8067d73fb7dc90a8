import { Type } from 'typebox';
import { Envelope, ListQuery, Paginated } from './common.ts';

export const DocumentStatus = Type.Union(
  [Type.Literal('UPLOADED'), Type.Literal('PROCESSING'), Type.Literal('VECTORIZED'), Type.Literal('ERROR')],
  { description: 'UPLOADED → PROCESSING → VECTORIZED, or ERROR with `error` saying why' },
);

export const Document = Type.Object({
  id: Type.String({ examples: ['doc_01jd8x4b2c3d4e5f6g7h8j9k0m'] }),
  name: Type.String(),
  status: DocumentStatus,
  topicId: Type.Union([Type.String(), Type.Null()]),
  mimeType: Type.String(),
  format: Type.String({ description: 'pdf, docx, html, markdown or text — from the bytes, not the name' }),
  sizeBytes: Type.Integer(),
  pageCount: Type.Union([Type.Integer(), Type.Null()]),
  chunkCount: Type.Union([Type.Integer(), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
  metadata: Type.Record(Type.String(), Type.Unknown()),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
  vectorizedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

export const DocumentResponse = Envelope(Document);
export const DocumentList = Paginated(Document);

export const DocumentListQuery = Type.Object(
  {
    ...ListQuery,
    sort: Type.Union(
      [
        Type.Literal('createdAt'),
        Type.Literal('updatedAt'),
        Type.Literal('name'),
        Type.Literal('status'),
        Type.Literal('sizeBytes'),
      ],
      { default: 'createdAt' },
    ),
    status: Type.Optional(DocumentStatus),
    topicId: Type.Optional(Type.String({ maxLength: 64 })),
    search: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);

export const DocumentUpdateBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    topicId: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const DeleteResponse = Envelope(Type.Object({ id: Type.String(), deleted: Type.Literal(true) }));
