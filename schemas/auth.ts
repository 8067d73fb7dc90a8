import { Type } from 'typebox';
import { Envelope, Id, Role, Text } from './common.ts';

/** The signed-in user as login, refresh-free sign-ins and `/auth/me` show it. */
export const User = Type.Object(
  {
    id: Id({ examples: ['usr_01jd8x4b2c3d4e5f6g7h8j9k0m'] }),
    email: Text(254, { format: 'email' }),
    name: Text(200),
    role: Role,
    companyId: Id(),
  },
  { $id: 'User', additionalProperties: false },
);

export const TokenSet = {
  accessToken: Text(4096, { description: 'JWT for `Authorization: Bearer`, valid `expiresIn` seconds' }),
  refreshToken: Text(512, {
    description:
      'Opaque; for POST /api/auth/refresh; rotated on every refresh. Empty when delivered as the httpOnly cookie (`X-Refresh-Cookie: 1`)',
  }),
  expiresIn: Type.Integer({ minimum: 1, maximum: 86_400, examples: [3600], description: 'Seconds' }),
};

const Email = Type.String({ format: 'email', maxLength: 254 });

export const LoginBody = Type.Object(
  {
    email: Email,
    password: Type.String({ minLength: 1, maxLength: 1024, format: 'password' }),
  },
  { additionalProperties: false },
);
/** What every session-opening route answers: the token set and the user. */
export const Session = Type.Object(
  { ...TokenSet, user: Type.Ref('User') },
  { $id: 'Session', additionalProperties: false },
);
export const LoginResponse = Envelope(Type.Ref('Session'));
export const RefreshBody = Type.Object(
  {
    refreshToken: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 512,
        description: 'Required unless the refresh cookie is sent with `X-Refresh-Cookie: 1` (then send `{}`)',
      }),
    ),
  },
  { additionalProperties: false },
);
export const RefreshResponse = Envelope(Type.Object(TokenSet, { additionalProperties: false }));
export const RegisterBody = Type.Object(
  {
    email: Email,
    password: Type.String({ minLength: 8, maxLength: 1024, format: 'password' }),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    companyName: Type.String({ minLength: 1, maxLength: 200 }),
  },
  { additionalProperties: false },
);
export const MeResponse = Envelope(
  Type.Object(
    {
      user: Type.Ref('User'),
      company: Type.Object({ id: Id(), name: Text(200) }, { additionalProperties: false }),
    },
    { additionalProperties: false },
  ),
);
