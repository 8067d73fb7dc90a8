import { Type } from 'typebox';
import { Envelope, Role } from './common.ts';

export const User = Type.Object({
  id: Type.String({ examples: ['usr_01jd8x4b2c3d4e5f6g7h8j9k0m'] }),
  email: Type.String(),
  name: Type.String(),
  role: Role,
  companyId: Type.String(),
});

export const TokenSet = {
  accessToken: Type.String({ description: 'JWT, valid 3600 s' }),
  refreshToken: Type.String({ description: 'Opaque; rotated on every refresh' }),
  expiresIn: Type.Integer({ examples: [3600] }),
};

const Email = Type.String({ format: 'email', maxLength: 254 });

export const LoginBody = Type.Object({
  email: Email,
  password: Type.String({ minLength: 1, maxLength: 1024 }),
});
export const LoginResponse = Envelope(Type.Object({ ...TokenSet, user: User }));
export const RefreshBody = Type.Object({ refreshToken: Type.String({ minLength: 1, maxLength: 512 }) });
export const RefreshResponse = Envelope(Type.Object(TokenSet));
export const RegisterBody = Type.Object({
  email: Email,
  password: Type.String({ minLength: 8, maxLength: 1024 }),
  name: Type.String({ minLength: 1, maxLength: 200 }),
  companyName: Type.String({ minLength: 1, maxLength: 200 }),
});
export const MeResponse = Envelope(
  Type.Object({ user: User, company: Type.Object({ id: Type.String(), name: Type.String() }) }),
);
