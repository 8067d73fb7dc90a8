import t from 'tap';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpClient, OutboundRequestError } from '../../src/lib/http-client.ts';

/** A local server: /ok, /redirect (to loopback), /big (2 MB), /slow (answers after 2 s). */
async function startServer(t: { teardown(fn: () => void): void }): Promise<number> {
  const server: Server = createServer((req, res) => {
    if (req.url === '/ok') return res.end('hello');
    if (req.url === '/redirect') {
      res.writeHead(302, { location: `http://127.0.0.1:${port}/ok` });
      return res.end();
    }
    if (req.url === '/big') return res.end(Buffer.alloc(2 * 1024 * 1024, 'a'));
    if (req.url === '/slow') return void setTimeout(() => res.end('late'), 2000).unref();
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  t.teardown(() => {
    server.closeAllConnections();
    server.close();
  });
  return port;
}

async function reason(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'allowed';
  } catch (err) {
    return err instanceof OutboundRequestError ? err.reason : `other: ${String(err)}`;
  }
}

t.test('SSRF table: refused with an empty allowlist', async (t) => {
  const port = await startServer(t);
  const client = createHttpClient({ allowlist: [], timeoutMs: 2000, maxResponseBytes: 1024 });
  t.teardown(() => client.close());
  const table = [
    `http://127.0.0.1:${port}/ok`,
    `http://[::ffff:127.0.0.1]:${port}/ok`,
    `http://[::1]:${port}/ok`,
    `http://2130706433:${port}/ok`,
    `http://0177.0.0.1:${port}/ok`,
    `http://0x7f.1:${port}/ok`,
    `http://localhost:${port}/ok`,
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/',
    'http://192.168.1.1/',
    'http://0.0.0.0/',
    'http://[fd00::1]/',
  ];
  for (const url of table) {
    t.equal(await reason(client.request(url)), 'refused', `request ${url}`);
    t.equal(await reason(client.assertAllowed(url)), 'refused', `assertAllowed ${url}`);
  }
  for (const url of ['ftp://example.com/', 'file:///etc/passwd', 'gopher://127.0.0.1/']) {
    t.equal(await reason(client.request(url)), 'refused', url);
  }
  t.equal(await reason(client.request('not a url')), 'invalid_url');
});

t.test('a redirect to loopback is refused at the hop', async (t) => {
  const port = await startServer(t);
  // Only the name "localhost" is allowlisted: the first hop is allowed, its target is not.
  const client = createHttpClient({ allowlist: ['localhost'], timeoutMs: 2000, maxResponseBytes: 1024 });
  t.teardown(() => client.close());
  const noFollow = await client.request(`http://localhost:${port}/redirect`);
  t.equal(noFollow.status, 302, 'redirects are not followed by default');
  t.equal(
    await reason(client.request(`http://localhost:${port}/redirect`, { maxRedirects: 3 })),
    'refused',
    'followed redirect re-checked',
  );
  t.equal((await client.request(`http://localhost:${port}/ok`)).body.toString(), 'hello');
});

t.test('allowlisted CIDR: responses, size cap, timeout', async (t) => {
  const port = await startServer(t);
  const client = createHttpClient({ allowlist: ['127.0.0.0/8'], timeoutMs: 5000, maxResponseBytes: 1024 });
  t.teardown(() => client.close());
  const ok = await client.request(`http://127.0.0.1:${port}/ok`);
  t.equal(ok.status, 200);
  t.equal(ok.body.toString(), 'hello');
  const followed = await client.request(`http://127.0.0.1:${port}/redirect`, { maxRedirects: 1 });
  t.equal(followed.body.toString(), 'hello', 'allowed redirect followed');
  t.equal(await reason(client.request(`http://127.0.0.1:${port}/big`)), 'too_large');
  t.equal(await reason(client.request(`http://127.0.0.1:${port}/slow`, { timeoutMs: 200 })), 'timeout');
  t.equal(
    await reason(client.request(`http://[::ffff:127.0.0.1]:${port}/ok`)),
    'allowed',
    'mapped form judged as IPv4',
  );
  t.equal(await reason(client.request('http://169.254.169.254/')), 'refused', 'metadata still refused');
});
