import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A minimal SMTP server on 127.0.0.1 (EHLO, MAIL, RCPT, DATA, QUIT; no TLS, no auth) that keeps
 * every message's raw text, for tests of the mail the server sends. Closed at teardown.
 */
export async function localSmtpServer(t: { teardown: (fn: () => unknown) => void }) {
  const messages: { from: string; to: string[]; raw: string }[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buffer = '';
    let inData = false;
    let current = { from: '', to: [] as string[], raw: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 localhost ESMTP test');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.raw = buffer.slice(0, end).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          messages.push(current);
          current = { from: '', to: [], raw: '' };
          inData = false;
          reply('250 queued');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'MAIL') current.from = line.slice(10);
        if (verb === 'RCPT') current.to.push(line.slice(8));
        if (verb === 'DATA') inData = true;
        reply(
          verb === 'EHLO'
            ? '250-localhost\r\n250 8BITMIME'
            : verb === 'DATA'
              ? '354 go ahead'
              : verb === 'QUIT'
                ? '221 bye'
                : '250 ok',
        );
        if (verb === 'QUIT') socket.end();
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.teardown(() => {
    for (const s of sockets) s.destroy();
    return new Promise((r) => server.close(r));
  });
  return { url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`, messages };
}
