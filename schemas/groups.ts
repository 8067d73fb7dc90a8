import { Type } from 'typebox';
import { Envelope, Id, Name, Role, Text, Timestamp } from './common.ts';

const Access = Type.Enum(['read', 'edit'], {
  description: '`read`: read the topic’s documents; `edit`: also add, change and delete them (editors only)',
});
const MemberAccess = Type.Enum(['none', 'read', 'edit'], {
  description: 'The company-wide “all members” group’s access; `none` restricts the topic to its groups',
});

export const Group = Type.Object(
  {
    id: Id({ examples: ['grp_01jd8x4b2c3d4e5f6g7h8j9k0m'] }),
    name: Name(),
    description: Type.Union([Text(1000), Type.Null()]),
    members: Type.Array(
      Type.Object({ id: Id(), name: Name(), email: Text(320), role: Role }, { additionalProperties: false }),
      { maxItems: 100_000 },
    ),
    grants: Type.Array(
      Type.Object({ topicId: Id(), topicName: Name(), access: Access }, { additionalProperties: false }),
      { maxItems: 100_000 },
    ),
    createdAt: Timestamp(),
    updatedAt: Timestamp(),
  },
  { $id: 'Group', additionalProperties: false },
);

const MemberIds = Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
  maxItems: 10_000,
  description: 'The whole membership: user ids of the company (replaces the current members)',
});

export const GroupCreateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
    description: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
    memberIds: Type.Optional(MemberIds),
  },
  { additionalProperties: false },
);

export const GroupUpdateBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' })),
    description: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
    memberIds: Type.Optional(MemberIds),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const GroupResponse = Envelope(Type.Ref('Group'));
export const GroupList = Envelope(
  Type.Object(
    { items: Type.Array(Type.Ref('Group'), { maxItems: 10_000 }) },
    { additionalProperties: false },
  ),
);

export const TopicAccess = Type.Object(
  {
    topicId: Id(),
    allMembers: MemberAccess,
    groups: Type.Array(
      Type.Object({ groupId: Id(), name: Name(), access: Access }, { additionalProperties: false }),
      { maxItems: 10_000 },
    ),
  },
  { $id: 'TopicAccess', additionalProperties: false },
);

export const TopicAccessResponse = Envelope(Type.Ref('TopicAccess'));

export const TopicAccessBody = Type.Object(
  {
    allMembers: Type.Optional(MemberAccess),
    groups: Type.Optional(
      Type.Array(
        Type.Object(
          { groupId: Type.String({ minLength: 1, maxLength: 64 }), access: Access },
          { additionalProperties: false },
        ),
        { maxItems: 1000, description: 'Every group granted the topic (replaces the current grants)' },
      ),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);
