import { Type } from 'typebox';
import { Count, Envelope, Id, ListQuery, Name, Paginated, SortBy, Text, Timestamp } from './common.ts';

export const DocumentStatus = Type.Enum(['UPLOADED', 'PROCESSING', 'VECTORIZED', 'ERROR'], {
  description: 'UPLOADED → PROCESSING → VECTORIZED, or ERROR with `error` saying why',
});

const Page = Type.Integer({ minimum: 0, maximum: 1_000_000 });

/** A document as every document response shows it. */
export const Document = Type.Object(
  {
    id: Id({ examples: ['doc_01jd8x4b2c3d4e5f6g7h8j9k0m'] }),
    name: Name(),
    status: DocumentStatus,
    topicId: Type.Union([Id(), Type.Null()]),
    mimeType: Text(255),
    format: Text(32, {
      description:
        'pdf, docx, xlsx, ods, csv, pptx, odp, odt, rtf, epub, eml, msg, image, html, markdown or text — from the bytes, not the name',
    }),
    parentId: Type.Union([Id(), Type.Null()], {
      description: 'The e-mail (EML/MSG) this document was attached to; null for an upload',
    }),
    attachmentIndex: Type.Union([Type.Integer({ minimum: 0, maximum: 10_000 }), Type.Null()], {
      description: "0-based place of the attachment in its parent message's attachments",
    }),
    sizeBytes: Count(),
    pageCount: Type.Union([Page, Type.Null()]),
    chunkCount: Type.Union([Count(), Type.Null()]),
    error: Type.Union([Text(2000), Type.Null()], { description: 'Why processing failed (status ERROR)' }),
    metadata: Type.Record(Type.String({ maxLength: 100 }), Type.Unknown(), {
      maxProperties: 100,
      description: 'What the parser found (title, author…)',
    }),
    createdAt: Timestamp(),
    updatedAt: Timestamp(),
    vectorizedAt: Type.Union([Timestamp(), Type.Null()]),
  },
  { $id: 'Document', additionalProperties: false },
);

export const DocumentResponse = Envelope(Type.Ref('Document'));
export const DocumentList = Paginated(Type.Ref('Document'));

export const DocumentListQuery = Type.Object(
  {
    ...ListQuery,
    sort: SortBy(['createdAt', 'updatedAt', 'name', 'status', 'sizeBytes']),
    status: Type.Optional(DocumentStatus),
    topicId: Type.Optional(Type.String({ maxLength: 64, description: 'Only this topic’s documents' })),
    parentId: Type.Optional(Type.String({ maxLength: 64, description: "An e-mail's attachments" })),
    search: Type.Optional(
      Type.String({
        maxLength: 200,
        description: 'Words of the name: each word must appear in it, in any order, case-insensitive',
      }),
    ),
    sha256: Type.Optional(
      Type.String({
        pattern: '^[0-9a-fA-F]{64}$',
        minLength: 64,
        maxLength: 64,
        description: 'Only documents whose original has this SHA-256 (hex): a duplicate check before upload',
      }),
    ),
  },
  { additionalProperties: false },
);

export const DocumentUpdateBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    topicId: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 64 }), Type.Null()])),
  },
  { additionalProperties: false, minProperties: 1 },
);

export { DeleteResponse } from './common.ts';

/** The multipart upload form, for the OpenAPI document (the handler reads the stream itself). */
export const UploadForm = (maxUploadBytes: number) =>
  Type.Object(
    {
      file: Type.String({
        format: 'binary',
        minLength: 1,
        maxLength: maxUploadBytes,
        description: `The file; at most ${Math.round(maxUploadBytes / 1024 / 1024)} MB (MAX_UPLOAD_MB). Type read from the bytes`,
      }),
      name: Type.Optional(
        Type.String({
          minLength: 1,
          maxLength: 255,
          pattern: '\\S',
          description: 'Display name; default: the file name',
        }),
      ),
      topicId: Type.Optional(Type.String({ maxLength: 64, description: 'Put the document in this topic' })),
    },
    { additionalProperties: false },
  );

/**
 * The 200 of `downloadDocumentFile`: the original's bytes under whatever type was detected at
 * upload (PDF, Office, image, HTML, text…), so any media type (the `*` + `/*` range), as binary
 * of at most `maxUploadBytes` (MAX_UPLOAD_MB).
 */
export const DocumentFileResponse = (maxUploadBytes: number) => ({
  description:
    'The original file; `Content-Type` is the type detected at upload, `Content-Disposition` names it',
  headers: {
    'Content-Disposition': {
      type: 'string',
      maxLength: 1024,
      description: '`inline` for a PDF, `attachment` otherwise; `filename` (ASCII) and `filename*` (UTF-8)',
    },
  },
  content: {
    '*/*': {
      schema: {
        type: 'string',
        format: 'binary',
        maxLength: maxUploadBytes,
        description: 'The bytes as uploaded (at most MAX_UPLOAD_MB)',
      },
    },
  },
});
