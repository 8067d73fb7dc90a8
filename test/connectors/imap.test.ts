import t from 'tap';
import { ImapFlow } from 'imapflow';
import { connectorApp, createConnector, snapshot, syncAndWait } from './helpers.ts';
import { DOVECOT, haveDovecot, startDovecot } from './dovecot.ts';

/** An RFC 5322 message; with `attachment`, a multipart one carrying a text file. */
function message(subject: string, body: string, attachment?: { name: string; text: string }): string {
  const head = `From: Ops <ops@example.com>\r\nTo: Team <team@example.com>\r\nSubject: ${subject}\r\nDate: Mon, 2 Nov 2026 09:00:00 +0000\r\nMessage-ID: <${subject.replace(/\W/g, '')}@example.com>\r\nMIME-Version: 1.0\r\n`;
  if (!attachment) return `${head}Content-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`;
  return (
    `${head}Content-Type: multipart/mixed; boundary="b1"\r\n\r\n--b1\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n` +
    `--b1\r\nContent-Type: text/plain; name="${attachment.name}"\r\nContent-Disposition: attachment; filename="${attachment.name}"\r\n\r\n${attachment.text}\r\n--b1--\r\n`
  );
}

/**
 * IMAP source against Debian's dovecot-imapd run by this test on a loopback port: messages and
 * their attachments imported; after a deletion, a message replaced by an edited one, a message
 * moved out and back (a new UID, the same bytes) and a new message, the next sync mirrors the
 * mailbox and re-embeds only the edited and the new message.
 */
t.test(
  'imap: a mailbox folder mirrored',
  { skip: haveDovecot() ? false : `no ${DOVECOT}: apt-get install dovecot-imapd` },
  async (t) => {
    const dovecot = await startDovecot('alice', 'wonderland');
    t.teardown(() => dovecot.stop());
    const client = new ImapFlow({
      host: '127.0.0.1',
      port: dovecot.port,
      secure: false,
      auth: { user: 'alice', pass: 'wonderland' },
      logger: false,
    });
    await client.connect();
    t.teardown(() => client.logout().catch(() => {}));
    await client.mailboxCreate('Archive');
    const append = (raw: string) => client.append('INBOX', raw);
    await append(
      message('Alpha hours', 'The ferry desk opens at seven.', {
        name: 'roster.txt',
        text: 'Roster: Ines works Mondays.',
      }),
    );
    await append(message('Beta parking', 'Staff parking is behind the customs house.'));
    await append(message('Gamma bikes', 'Bicycles are stored in the east shed.'));
    await append(message('Delta badges', 'Badges are renewed every January.'));

    const { app, ctx, admin } = await connectorApp(t, { CONNECTOR_ALLOWLIST: '127.0.0.1' });
    const connector = await createConnector(app, admin.headers, {
      name: 'Shared mailbox',
      kind: 'imap',
      config: { host: '127.0.0.1', port: dovecot.port, tls: false, username: 'alice', mailbox: 'INBOX' },
      secret: 'wonderland',
    });
    const byName = async () =>
      new Map([...(await snapshot(ctx, connector.id)).values()].map((d) => [d.name, d]));
    const first = await syncAndWait(app, admin.headers, connector.id);
    t.match(first, { status: 'completed', added: 4, failed: 0, embedded: 4 });
    const before = await byName();
    t.same([...before.keys()].sort(), [
      'Alpha hours.eml',
      'Beta parking.eml',
      'Delta badges.eml',
      'Gamma bikes.eml',
    ]);
    t.match(before.get('Alpha hours.eml')!.text, /opens at seven/);
    const child = await ctx.db
      .selectFrom('documents')
      .select(['name', 'status'])
      .where('parent_id', '=', before.get('Alpha hours.eml')!.id)
      .execute();
    t.match(child, [{ name: 'roster.txt' }], 'the attachment is a child document, as for an uploaded e-mail');

    const lock = await client.getMailboxLock('INBOX');
    try {
      const all = await client.fetchAll('1:*', { uid: true, envelope: true });
      const uidOf = (subject: string) => String(all.find((m) => m.envelope?.subject === subject)!.uid);
      await client.messageDelete(uidOf('Beta parking'), { uid: true });
      await client.messageDelete(uidOf('Delta badges'), { uid: true });
      await client.messageMove(uidOf('Gamma bikes'), 'Archive', { uid: true });
    } finally {
      lock.release();
    }
    const archive = await client.getMailboxLock('Archive');
    try {
      await client.messageMove('1:*', 'INBOX', { uid: false });
    } finally {
      archive.release();
    }
    await append(message('Delta badges', 'Badges are now renewed every February.'));
    await append(message('Epsilon soup', 'The cafeteria serves soup on Fridays.'));

    const second = await syncAndWait(app, admin.headers, connector.id);
    t.match(second, {
      status: 'completed',
      added: 2,
      updated: 0,
      deleted: 2,
      moved: 1,
      unchanged: 1,
      failed: 0,
      embedded: 2,
    });
    const after = await byName();
    t.same([...after.keys()].sort(), [
      'Alpha hours.eml',
      'Delta badges.eml',
      'Epsilon soup.eml',
      'Gamma bikes.eml',
    ]);
    t.match(after.get('Delta badges.eml')!.text, /February/);
    t.notMatch(after.get('Delta badges.eml')!.text, /January/);
    t.equal(
      after.get('Gamma bikes.eml')!.id,
      before.get('Gamma bikes.eml')!.id,
      'moved out and back: same document',
    );
    t.same(
      after.get('Gamma bikes.eml')!.chunkIds,
      before.get('Gamma bikes.eml')!.chunkIds,
      'not re-embedded',
    );
    t.same(after.get('Alpha hours.eml')!.chunkIds, before.get('Alpha hours.eml')!.chunkIds, 'unchanged');
    const third = await syncAndWait(app, admin.headers, connector.id);
    t.match(third, { added: 0, updated: 0, deleted: 0, moved: 0, unchanged: 4, embedded: 0 });
  },
);

/**
 * The two mistakes an admin makes most, each named: a wrong password ("authentication failed",
 * not imapflow's "Command failed") and a mailbox that does not exist.
 */
t.test(
  'imap: a wrong password and a missing mailbox say which',
  { skip: haveDovecot() ? false : `no ${DOVECOT}: apt-get install dovecot-imapd` },
  async (t) => {
    const dovecot = await startDovecot('alice', 'wonderland');
    t.teardown(() => dovecot.stop());
    const { app, admin } = await connectorApp(t, { CONNECTOR_ALLOWLIST: '127.0.0.1' });
    const attempt = async (mailbox: string, secret: string) => {
      const connector = await createConnector(app, admin.headers, {
        name: `${mailbox} ${secret}`,
        kind: 'imap',
        config: { host: '127.0.0.1', port: dovecot.port, tls: false, username: 'alice', mailbox },
        secret,
      });
      return syncAndWait(app, admin.headers, connector.id);
    };
    const wrongPassword = await attempt('INBOX', 'not-the-password');
    t.equal(wrongPassword.status, 'failed');
    t.match(wrongPassword.error, /authentication failed for user "alice"/, String(wrongPassword.error));
    t.notMatch(wrongPassword.error, /^[^:]*:[^:]*: Command failed$/, 'not the bare "Command failed"');
    const missing = await attempt('Projects-2031', 'wonderland');
    t.equal(missing.status, 'failed');
    t.match(missing.error, /the mailbox "Projects-2031" does not exist/, String(missing.error));
    const fine = await attempt('INBOX', 'wonderland');
    t.equal(fine.status, 'completed', 'the right password and mailbox: the control');
  },
);
