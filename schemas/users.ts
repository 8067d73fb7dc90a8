import { Type } from 'typebox';
import { Envelope, Id, ListQuery, Paginated, Role, SortBy, Text, Timestamp } from './common.ts';

const Email = Type.String({ format: 'email', maxLength: 254 });
const Name = Type.String({ minLength: 1, maxLength: 200 });
/** At least 8 characters (NIST SP 800-63B §5.1.1.2); long passphrases allowed. */
export const Password = Type.String({ minLength: 8, maxLength: 1024, format: 'password' });

/** A user as the user-management routes show it (admin). */
export const UserDetail = Type.Object(
  {
    id: Id({ examples: ['usr_01jd8x4b2c3d4e5f6g7h8j9k0m'] }),
    email: Text(254, { format: 'email' }),
    name: Text(200),
    role: Role,
    companyId: Id(),
    disabled: Type.Boolean(),
    status: Type.Enum(['active', 'invited', 'disabled']),
    createdAt: Timestamp(),
    updatedAt: Timestamp(),
  },
  { $id: 'UserDetail', additionalProperties: false },
);
export const UserResponse = Envelope(Type.Ref('UserDetail'));
export const UserList = Paginated(Type.Ref('UserDetail'));

export const UserListQuery = Type.Object(
  {
    ...ListQuery,
    sort: SortBy(['createdAt', 'updatedAt', 'name', 'email']),
    role: Type.Optional(Role),
    search: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: 'Part of name or e-mail' }),
    ),
  },
  { additionalProperties: false },
);

export const UserCreateBody = Type.Object(
  { email: Email, name: Name, role: Role, password: Type.Optional(Password) },
  { additionalProperties: false },
);
export const UserCreateResponse = Envelope(
  Type.Object(
    {
      user: Type.Ref('UserDetail'),
      invitation: Type.Optional(
        Type.Object(
          {
            token: Text(512, { description: 'One-time; shown once; for POST /api/auth/accept-invitation' }),
            expiresAt: Timestamp(),
            emailed: Type.Optional(
              Type.Boolean({
                description:
                  'Present when SMTP_URL is set: whether the invitation e-mail with the link was accepted by the SMTP server',
              }),
            ),
          },
          { additionalProperties: false },
        ),
      ),
    },
    { additionalProperties: false },
  ),
);

export const UserUpdateBody = Type.Object(
  { name: Type.Optional(Name), role: Type.Optional(Role), disabled: Type.Optional(Type.Boolean()) },
  { additionalProperties: false, minProperties: 1 },
);

export const AcceptInvitationBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 512 }), password: Password, name: Name },
  { additionalProperties: false },
);
export const MeUpdateBody = Type.Object({ name: Name }, { additionalProperties: false });
export const ChangePasswordBody = Type.Object(
  {
    currentPassword: Type.String({ minLength: 1, maxLength: 1024, format: 'password' }),
    newPassword: Password,
  },
  { additionalProperties: false },
);
export const GoogleBody = Type.Object(
  { idToken: Type.String({ minLength: 1, maxLength: 8192 }) },
  { additionalProperties: false },
);
export const MicrosoftBody = Type.Object(
  { accessToken: Type.String({ minLength: 1, maxLength: 16384 }) },
  { additionalProperties: false },
);
