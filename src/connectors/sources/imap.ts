import { ImapFlow } from 'imapflow';
import type { ImapConfig } from '../config.ts';
import type { ConnectorNet } from '../outbound.ts';
import {
  ConnectorSourceError,
  SourceItemError,
  type ConnectorSource,
  type ListContext,
  type SourceItem,
} from '../types.ts';

/**
 * One IMAP mailbox folder (imapflow). Items are messages keyed `uidvalidity:uid` (a message's
 * bytes never change under one key, RFC 9051 §2.3.1.1), so an unchanged message costs one FETCH
 * line of UID, size and envelope. A message's source is an `.eml` for the e-mail parser, which
 * makes its attachments child documents. A message moved out and back gets a new UID: the sync
 * sees its bytes again and keeps the document (a move). The connection goes to an address the
 * connector policy allowed (outbound.ts), TLS still verifying the configured host name.
 */
export function imapSource(
  config: ImapConfig,
  secret: string | null,
  net: ConnectorNet,
  timeoutMs: number,
): ConnectorSource {
  let client: ImapFlow | null = null;
  const connect = async () => {
    if (client) return client;
    const address = await net.resolveAllowed(config.host).catch((err: Error) => {
      throw new ConnectorSourceError(err.message);
    });
    const c = new ImapFlow({
      host: address,
      port: config.port,
      secure: config.tls,
      ...(config.tls ? { servername: config.host } : {}),
      auth: { user: config.username, pass: secret ?? '' },
      logger: false,
      disableAutoIdle: true,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
    } as ConstructorParameters<typeof ImapFlow>[0]);
    c.on('error', () => {}); // a dropped connection fails the call in progress instead
    const where = `IMAP ${config.host}:${config.port}`;
    try {
      await c.connect();
    } catch (err) {
      throw new ConnectorSourceError(`${where}: ${imapErrorText(err, 'connect', config)}`);
    }
    try {
      await c.mailboxOpen(config.mailbox, { readOnly: true });
    } catch (err) {
      await c.logout().catch(() => c.close());
      throw new ConnectorSourceError(`${where}: ${imapErrorText(err, 'open', config)}`);
    }
    client = c;
    return c;
  };
  return {
    async *list(ctx: ListContext): AsyncIterable<SourceItem> {
      const c = await connect();
      const mailbox = c.mailbox;
      if (!mailbox || mailbox.exists === 0) return;
      const validity = String(mailbox.uidValidity);
      const messages = await c.fetchAll('1:*', { uid: true, size: true, envelope: true });
      for (const m of messages) {
        if (ctx.signal.aborted) return;
        const subject = (m.envelope?.subject ?? '')
          .replace(/[\\/:*?"<>|\r\n]+/g, ' ')
          .trim()
          .slice(0, 120);
        yield {
          key: `${validity}:${m.uid}`,
          version: `uid:${m.uid}:${m.size ?? 0}`,
          name: `${subject || `message ${m.uid}`}.eml`,
          sourceUrl: `imap://${encodeURIComponent(config.username)}@${config.host}:${config.port}/${encodeURIComponent(config.mailbox)};UIDVALIDITY=${validity}/;UID=${m.uid}`,
          ...(m.size !== undefined ? { size: m.size } : {}),
        };
      }
    },
    async fetch(item, maxBytes) {
      const c = await connect();
      const uid = item.key.split(':')[1]!;
      const message = await c.fetchOne(uid, { source: true }, { uid: true }).catch((err: Error) => {
        throw new SourceItemError(err.message);
      });
      if (!message || !message.source) throw new SourceItemError('the message is gone');
      if (message.source.length > maxBytes) throw new SourceItemError(`larger than ${maxBytes} bytes`);
      return new Uint8Array(message.source);
    },
    async close() {
      await client?.logout().catch(() => client?.close());
      client = null;
    },
  };
}

/** What imapflow puts on its errors (ImapFlowError): the server's words and codes. */
interface ImapFailure {
  message?: string;
  code?: string;
  authenticationFailed?: boolean;
  serverResponseCode?: string;
  responseText?: string;
}

/**
 * An admin-facing reason for an IMAP failure, instead of imapflow's bare "Command failed": the
 * login refused (wrong user name or password, RFC 5530 AUTHENTICATIONFAILED), the mailbox missing
 * (NONEXISTENT, or a NO to SELECT/EXAMINE), or the server's own words. `step`: where it failed.
 */
export function imapErrorText(
  err: unknown,
  step: 'connect' | 'open',
  config: Pick<ImapConfig, 'username' | 'mailbox'>,
): string {
  const e = (err ?? {}) as ImapFailure;
  const said = e.responseText ? ` (the server said: ${e.responseText.slice(0, 200)})` : '';
  if (e.authenticationFailed || e.serverResponseCode === 'AUTHENTICATIONFAILED')
    return `authentication failed for user "${config.username}": check the user name and the password${said}`;
  if (step === 'open') {
    if (
      e.serverResponseCode === 'NONEXISTENT' ||
      /doesn'?t exist|not exist|unknown mailbox|no such/i.test(e.responseText ?? '')
    )
      return `the mailbox "${config.mailbox}" does not exist for user "${config.username}"${said}`;
    return `could not open the mailbox "${config.mailbox}"${said || `: ${e.message ?? 'unknown error'}`}`;
  }
  return `${e.message ?? 'connection failed'}${e.code ? ` [${e.code}]` : ''}${said}`;
}
