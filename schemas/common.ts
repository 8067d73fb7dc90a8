import { Type, type TSchema } from 'typebox';

/** `{ success: true, data }` — the spec's success envelope. */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({ success: Type.Literal(true), data }, { additionalProperties: false });

export const ErrorDetail = Type.Object({ field: Type.String(), reason: Type.String() });

/** `{ success: false, error: { code, message, details? } }` — the spec's error envelope. */
export const ErrorEnvelope = Type.Object(
  {
    success: Type.Literal(false),
    error: Type.Object(
      {
        code: Type.String({ examples: ['VALIDATION_ERROR'] }),
        message: Type.String(),
        details: Type.Optional(Type.Array(ErrorDetail)),
      },
      { additionalProperties: true },
    ),
  },
  { $id: 'ErrorEnvelope' },
);

/**
 * The error responses of a route for the OpenAPI document: the codes given, plus those every
 * route can answer (400 validation, 429 rate limit, 500).
 */
export const errorResponses = (...codes: number[]) =>
  Object.fromEntries([...new Set([...codes, 400, 429, 500])].map((c) => [c, Type.Ref('ErrorEnvelope')]));

export const Pagination = Type.Object({
  page: Type.Integer(),
  limit: Type.Integer(),
  total: Type.Integer(),
  totalPages: Type.Integer(),
});

/** Pagination layout 1 (ARCHITECTURE.md): `data.items` + `data.pagination`. */
export const Paginated = <T extends TSchema>(item: T) =>
  Envelope(Type.Object({ items: Type.Array(item), pagination: Pagination }));

/** The spec's common list parameters. */
export const ListQuery = {
  page: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  order: Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc' }),
};

export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

/** Builds the pagination object from page, limit and total. */
export function pagination(page: number, limit: number, total: number) {
  return { page, limit, total, totalPages: Math.ceil(total / limit) };
}

export const Role = Type.Union([
  Type.Literal('COMPANY_ADMIN'),
  Type.Literal('COMPANY_EDITOR'),
  Type.Literal('COMPANY_READER'),
]);
