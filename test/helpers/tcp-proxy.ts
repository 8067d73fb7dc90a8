import { createConnection, createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP proxy on 127.0.0.1 in front of `target`, for fault tests: `freeze()` stops moving bytes
 * both ways while every connection stays open (a hung server or a black-holed network, which
 * never closes a socket), `thaw()` moves them again.
 */
export async function tcpProxy(
  t: { teardown: (fn: () => unknown) => void },
  target: { host: string; port: number },
) {
  const pairs = new Set<[Socket, Socket]>();
  let frozen = false;
  const server = createServer((client) => {
    const upstream = createConnection(target);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    client.pipe(upstream);
    upstream.pipe(client);
    if (frozen) for (const s of pair) s.pause();
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  t.teardown(async () => {
    for (const pair of pairs) for (const s of pair) s.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  return {
    port,
    freeze() {
      frozen = true;
      for (const pair of pairs) for (const s of pair) s.pause();
    },
    thaw() {
      frozen = false;
      for (const pair of pairs) for (const s of pair) s.resume();
    },
  };
}
