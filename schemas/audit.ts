import { Type } from 'typebox';
import { Count, Id, ListQuery, Paginated, Text, Timestamp } from './common.ts';

const Name = (description: string) => Type.String({ minLength: 1, maxLength: 128, description });
const Nullable = <T extends ReturnType<typeof Text>>(t: T) => Type.Union([t, Type.Null()]);

/** One audit event (docs/auth.md "Audit log"); the hash chain's fields let anyone re-verify it. */
export const AuditEvent = Type.Object(
  {
    id: Id(),
    seq: Count({ description: 'Position in the company’s chain, 1-based, without gaps' }),
    companyId: Type.Union([Id(), Type.Null()]),
    occurredAt: Timestamp(),
    actor: Type.Object(
      {
        type: Type.Enum(['user', 'api_key', 'scim', 'system', 'anonymous']),
        id: Type.Union([Text(128), Type.Null()], { description: 'User id, API key id or token id' }),
      },
      { additionalProperties: false },
    ),
    action: Text(128, { description: 'e.g. `auth.login`, `user.role_change`, `api_key.create`' }),
    target: Type.Union([
      Type.Object(
        { type: Text(128), id: Type.Union([Text(128), Type.Null()]) },
        { additionalProperties: false },
      ),
      Type.Null(),
    ]),
    outcome: Type.Enum(['success', 'failure', 'denied']),
    statusCode: Type.Union([Type.Integer({ minimum: 100, maximum: 599 }), Type.Null()]),
    ip: Nullable(Text(128)),
    userAgent: Nullable(Text(512)),
    requestId: Nullable(Text(128)),
    details: Type.Record(Type.String(), Type.Unknown(), { description: 'Small and safe: never a secret' }),
    prevHash: Text(64, { description: 'The previous event’s hash (64 zeros for the first)' }),
    hash: Text(64, { description: 'SHA-256 of the canonical serialisation, prevHash included' }),
  },
  { additionalProperties: false },
);

const filters = {
  action: Type.Optional(Name('Exact action, or a prefix ending in `*` (`auth.*`)')),
  actor: Type.Optional(Name('Actor id (user id or API key id)')),
  actorType: Type.Optional(Type.Enum(['user', 'api_key', 'scim', 'system', 'anonymous'])),
  targetType: Type.Optional(Name('Target type (`user`, `api_key`, `document`…)')),
  targetId: Type.Optional(Name('Target id')),
  outcome: Type.Optional(Type.Enum(['success', 'failure', 'denied'])),
  from: Type.Optional(Timestamp({ description: 'Events at or after this time' })),
  to: Type.Optional(Timestamp({ description: 'Events before this time' })),
};

export const AuditListQuery = Type.Object(
  {
    page: ListQuery.page,
    limit: ListQuery.limit,
    sort: Type.Enum(['occurredAt'], { default: 'occurredAt', description: 'Field to sort by' }),
    order: ListQuery.order,
    ...filters,
    format: Type.Optional(Type.Enum(['json', 'jsonl'], { description: '`jsonl`: the export (as /export)' })),
  },
  { additionalProperties: false },
);

export const AuditExportQuery = Type.Object(filters, { additionalProperties: false });

export const AuditEventList = Paginated(AuditEvent);
