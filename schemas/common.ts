import { Type, type TSchema } from 'typebox';

export { ErrorEnvelope, errorResponses } from './errors.ts';

/** `{ success: true, data }` — the spec's success envelope. */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({ success: Type.Literal(true), data }, { additionalProperties: false });

// Bounded primitives for response shapes: clients and fuzzers can rely on the limits the data has.
/** A resource id such as `doc_01jd8x…`. */
export const Id = (options: object = {}) => Type.String({ minLength: 1, maxLength: 64, ...options });
/** A display name or title. */
export const Name = (options: object = {}) => Type.String({ maxLength: 255, ...options });
/** Free text up to `max` characters. */
export const Text = (max: number, options: object = {}) => Type.String({ maxLength: max, ...options });
/** An ISO 8601 UTC timestamp. */
export const Timestamp = (options: object = {}) =>
  Type.String({ format: 'date-time', maxLength: 40, ...options });
/** A non-negative count or size. */
export const Count = (options: object = {}) =>
  Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, ...options });
/** A relevance score. */
export const Score = (options: object = {}) => Type.Number({ minimum: -1e6, maximum: 1e6, ...options });

export const Pagination = Type.Object(
  {
    page: Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'Current page, 1-based' }),
    limit: Type.Integer({ minimum: 1, maximum: 100, description: 'Items per page' }),
    total: Count({ description: 'Items across all pages' }),
    totalPages: Count({ description: 'ceil(total / limit)' }),
  },
  { $id: 'Pagination', additionalProperties: false },
);

/** Pagination layout 1 (ARCHITECTURE.md): `data.items` + `data.pagination`. */
export const Paginated = <T extends TSchema>(item: T) =>
  Envelope(
    Type.Object(
      { items: Type.Array(item, { maxItems: 100 }), pagination: Type.Ref('Pagination') },
      { additionalProperties: false },
    ),
  );

/** What every delete answers: the id and `deleted: true`. */
export const DeleteResponse = Envelope(
  Type.Object({ id: Id(), deleted: Type.Literal(true) }, { additionalProperties: false }),
);

export const SortOrder = Type.Enum(['asc', 'desc'], { default: 'desc', description: 'Sort direction' });

/** The spec's common list parameters; all optional, with their defaults. */
export const ListQuery = {
  page: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, description: 'Page number, 1-based' }),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'Items per page' }),
  order: SortOrder,
};

/** A sort parameter over the given fields, `createdAt` by default. */
export const SortBy = <const F extends string[]>(fields: readonly [...F]) =>
  Type.Enum(fields, { default: 'createdAt', description: 'Field to sort by' });

export const IdParams = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 64, description: 'Resource id' }) },
  { additionalProperties: false },
);

/** Builds the pagination object from page, limit and total. */
export function pagination(page: number, limit: number, total: number) {
  return { page, limit, total, totalPages: Math.ceil(total / limit) };
}

export const Role = Type.Enum(['COMPANY_ADMIN', 'COMPANY_EDITOR', 'COMPANY_READER'], {
  description: 'COMPANY_ADMIN manages users and settings; EDITOR uploads and edits; READER reads and chats',
});
