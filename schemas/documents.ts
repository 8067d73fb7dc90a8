import { Type } from 'typebox';
import { Count, Envelope, Id, ListQuery, Name, Paginated, SortBy, Text, Timestamp } from './common.ts';

export const DocumentStatus = Type.Enum(['UPLOADED', 'PROCESSING', 'VECTORIZED', 'ERROR'], {
  description: 'UPLOADED → PROCESSING → VECTORIZED, or ERROR with `error` saying why',
});

const Page = Type.Integer({ minimum: 0, maximum: 1_000_000 });

/**
 * What ingestion and the connectors record about a document (src/documents/documents.service.ts,
 * src/connectors/documents.ts, src/ingestion/attachments.ts, src/ingestion/ingest.ts): every key
 * typed, so a generated client reads them without a cast (docs/api.md "Generators").
 */
const DocumentMetadata = Type.Object(
  {
    originalFilename: Type.Optional(
      Text(1000, { description: 'The file name as uploaded or as the source named it' }),
    ),
    attachmentOf: Type.Optional(Id({ description: 'The message (EML/MSG) this attachment came from' })),
    sourceUrl: Type.Optional(
      Text(4000, {
        description: "A connector's document: where it lives (a URL, `s3://…`, `imap://…` or `file://…`)",
      }),
    ),
    connectorId: Type.Optional(Id({ description: "A connector's document: the connector that mirrors it" })),
    attachments: Type.Optional(
      Type.Array(
        Type.Object(
          {
            index: Type.Integer({
              minimum: 0,
              maximum: 10_000,
              description: "0-based place in the message's attachments",
            }),
            name: Text(1000),
            documentId: Type.Union([Id(), Type.Null()], {
              description: "The attachment's document; null when it was not ingested (see `skipped`)",
            }),
            skipped: Type.Optional(Text(500, { description: 'Why it was not ingested' })),
          },
          { additionalProperties: false },
        ),
        { maxItems: 100, description: 'An e-mail: what became of each attachment (docs/formats.md)' },
      ),
    ),
    ocr: Type.Optional(
      Type.Object(
        {
          pages: Type.Array(
            Type.Object(
              {
                page: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
                confidence: Type.Number({
                  minimum: 0,
                  maximum: 100,
                  description: 'Mean word confidence, 0–100',
                }),
              },
              { additionalProperties: false },
            ),
            { maxItems: 1_000_000 },
          ),
          meanConfidence: Type.Number({ minimum: 0, maximum: 100 }),
        },
        {
          additionalProperties: false,
          description: "Pages read by OCR and tesseract's confidence (docs/ocr.md)",
        },
      ),
    ),
  },
  { additionalProperties: false, description: 'What ingestion recorded; every key optional' },
);

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
    metadata: DocumentMetadata,
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
    topicId: Type.Optional(
      Type.String({
        maxLength: 64,
        description: 'Only this topic’s documents; `none`: the documents in no topic',
      }),
    ),
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
