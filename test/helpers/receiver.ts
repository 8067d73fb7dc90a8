import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request a receiver got, with the outcome of its own Standard Webhooks verification. */
export interface Received {
  path: string;
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  verified: boolean;
}

/**
 * Verifies a Standard Webhooks signature the way a receiver would, written from the spec and not
 * with our signer: HMAC-SHA256 keyed with base64-decode(secret minus `whsec_`) over
 * `id.timestamp.body`, compared in constant time against each `v1,` entry of the header.
 */
export function verifySignature(secret: string, id: string, timestamp: string, body: string, header: string) {
  const expected = createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
    .update(`${id}.${timestamp}.${body}`)
    .digest();
  return header.split(' ').some((entry) => {
    const [version, sig] = entry.split(',');
    if (version !== 'v1' || !sig) return false;
    const given = Buffer.from(sig, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/**
 * A local webhook receiver on 127.0.0.1. `respond(path, n)` picks the status of the n-th request
 * (0-based) to a path, or `'hang'` to never answer; `secrets` maps a path to its secret.
 */
export async function startReceiver(
  t: { teardown(fn: () => void): void },
  respond: (path: string, n: number) => number | 'hang',
) {
  const secrets = new Map<string, string>();
  const received: Received[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => (body += d));
    req.on('end', () => {
      const path = req.url ?? '/';
      const h = (name: string) => String(req.headers[name] ?? '');
      const secret = secrets.get(path);
      const n = received.filter((r) => r.path === path).length;
      received.push({
        path,
        id: h('webhook-id'),
        timestamp: h('webhook-timestamp'),
        signature: h('webhook-signature'),
        body,
        verified:
          !!secret &&
          verifySignature(secret, h('webhook-id'), h('webhook-timestamp'), body, h('webhook-signature')),
      });
      const status = respond(path, n);
      if (status !== 'hang') res.writeHead(status).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.teardown(() => {
    server.closeAllConnections();
    server.close();
  });
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, secrets, received };
}

/** Polls `check` every 50 ms until it returns a value, up to `ms`. */
export async function eventually<T>(check: () => Promise<T | undefined | false>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
