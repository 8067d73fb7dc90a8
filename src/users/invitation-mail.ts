import { plainMailer } from './mail.ts';

/** What an invitation e-mail says: who is invited, by which company, the link and its expiry. */
export interface InvitationMail {
  to: string;
  name: string;
  companyName: string;
  link: string;
  expiresAt: string;
}

/** The console's page that redeems an invitation token (console/src/screens/invitation.tsx). */
export const invitationLink = (origin: string, token: string) =>
  `${origin}/app/accept-invitation?token=${encodeURIComponent(token)}`;

/**
 * Sends invitation e-mails through the SMTP server of `SMTP_URL` (docs/auth.md "An invitation").
 * Plain text only: the name and company are the admin's input and never become markup. A send
 * that fails or takes over 15 s answers false; the invitation stands and the admin still has the
 * link to copy.
 */
export function invitationMailer(smtp: { url: string; from: string }) {
  const send = plainMailer(smtp);
  return (mail: InvitationMail): Promise<boolean> =>
    send({
      to: mail.to,
      subject: `Your invitation to ${mail.companyName} on Cog-RAG`,
      text:
        `Hello ${mail.name},\n\n` +
        `You are invited to ${mail.companyName}'s document search on Cog-RAG.\n` +
        `Open this link to choose your password and sign in:\n\n${mail.link}\n\n` +
        `The link works once and expires on ${new Date(mail.expiresAt).toUTCString()}.\n`,
    });
}
