import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { createTransport, type Transporter } from 'nodemailer';

/** One plain-text message: recipient, subject and body (never markup: names are user input). */
export interface PlainMail {
  to: string;
  subject: string;
  text: string;
}

/** How long a send may take before it counts as failed, ms. */
export const SMTP_SEND_TIMEOUT_MS = 15_000;

/**
 * Sends plain-text e-mail through the SMTP server of `SMTP_URL` (nodemailer; docs/auth.md).
 * @returns a sender that answers true when the server accepted the message, false when the
 *   send failed or took over SMTP_SEND_TIMEOUT_MS (it never throws: the caller's action stands).
 */
export function plainMailer(smtp: { url: string; from: string }) {
  const transport: Transporter = createTransport(smtp.url);
  return async (mail: PlainMail): Promise<boolean> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('SMTP timeout')), SMTP_SEND_TIMEOUT_MS);
      });
      await Promise.race([transport.sendMail({ from: smtp.from, ...mail }), timeout]);
      return true;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  };
}

/** The console's origin for links in e-mails: PUBLIC_URL, else the request's own. */
export const publicOrigin = (publicUrl: string | null, request: { protocol: string; host: string }) =>
  publicUrl ?? `${request.protocol}://${request.host}`;

/** The company's name as e-mails say it ('your company' if it is gone). */
export async function companyNameOf(db: Kysely<DB>, companyId: string): Promise<string> {
  const row = await db.selectFrom('companies').select('name').where('id', '=', companyId).executeTakeFirst();
  return row?.name ?? 'your company';
}
