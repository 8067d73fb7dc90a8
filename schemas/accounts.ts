import { Type } from 'typebox';
import { Envelope, Id, ListQuery, Paginated, Role, Text, Timestamp } from './common.ts';
import { Password } from './users.ts';

const Token = Type.String({ minLength: 1, maxLength: 512 });
const Emailed = Type.Optional(
  Type.Boolean({
    description: 'Present when SMTP_URL is set: whether the SMTP server accepted the e-mail with the link',
  }),
);

/** An invitation nobody accepted yet (`GET /api/invitations`). */
export const PendingInvitation = Type.Object(
  {
    userId: Id(),
    email: Text(254, { format: 'email' }),
    name: Text(200),
    role: Role,
    invitedAt: Timestamp({ description: 'When the latest link was made' }),
    expiresAt: Timestamp(),
    expired: Type.Boolean({ description: 'The latest link expired: resend it' }),
  },
  { additionalProperties: false },
);
export const PendingInvitationList = Paginated(PendingInvitation);
export const InvitationListQuery = Type.Object(
  { page: ListQuery.page, limit: ListQuery.limit },
  { additionalProperties: false },
);
export const UserIdParams = Type.Object({ userId: Id() }, { additionalProperties: false });

/** A new one-time link: shown once (invitations and admin-issued password resets). */
export const OneTimeLink = Envelope(
  Type.Object(
    {
      token: Text(512, { description: 'One-time; shown once' }),
      link: Text(2048, { description: 'The console page that redeems the token' }),
      expiresAt: Timestamp(),
      emailed: Emailed,
    },
    { additionalProperties: false },
  ),
);

/** `POST /api/auth/invitation`: the token in the body, never in a URL. */
export const InvitationInfoQuery = Type.Object({ token: Token }, { additionalProperties: false });
export const InvitationInfo = Envelope(
  Type.Object(
    {
      email: Text(254, { format: 'email' }),
      name: Text(200),
      companyName: Text(255),
      expiresAt: Timestamp(),
    },
    { additionalProperties: false },
  ),
);

export const ForgotPasswordBody = Type.Object(
  { email: Type.String({ format: 'email', maxLength: 254 }) },
  { additionalProperties: false },
);
export const ForgotPasswordResponse = Envelope(
  Type.Object({ message: Text(500) }, { additionalProperties: false }),
);
export const ResetPasswordBody = Type.Object(
  { token: Token, password: Password },
  { additionalProperties: false },
);
