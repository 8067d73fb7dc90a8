import t from 'tap';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpClient, OutboundPolicy, OutboundRequestError } from '../../src/lib/http-client.ts';
import { resolveAllowed } from '../../src/connectors/outbound.ts';

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

/** Every IPv6 spelling of an internal address (issue 36): refused wherever an address is judged. */
const INTERNAL_IPV6 = [
  ['::127.0.0.1', 'IPv4-compatible loopback'],
  ['::7f00:1', 'IPv4-compatible loopback, hex'],
  ['0:0:0:0:0:0:127.0.0.1', 'IPv4-compatible loopback, long form'],
  ['::10.0.0.1', 'IPv4-compatible private'],
  ['::a9fe:a9fe', 'IPv4-compatible metadata 169.254.169.254'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
  ['::ffff:0:7f00:1', 'IPv4-translated loopback'],
  ['64:ff9b::7f00:1', 'NAT64 loopback'],
  ['64:ff9b::127.0.0.1', 'NAT64 loopback, dotted'],
  ['64:ff9b::c0a8:101', 'NAT64 192.168.1.1'],
  ['64:ff9b:1::7f00:1', 'NAT64 local-use prefix'],
  ['2002:7f00:1::', '6to4 loopback'],
  ['2002:a9fe:a9fe::1', '6to4 metadata'],
  ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'Teredo'],
  ['fe80::1', 'link-local'],
  ['fd00::1', 'unique-local'],
  ['fc00::1', 'unique-local fc00::/8'],
  ['fec0::1', 'deprecated site-local'],
  ['ff02::1', 'multicast'],
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['100::1', 'discard-only'],
  ['2001:db8::1', 'documentation'],
] as const;

t.test('IPv6 table: every form of an internal address is refused', async (t) => {
  const port = await startServer(t);
  const policy = new OutboundPolicy([]);
  const client = createHttpClient({ allowlist: [], timeoutMs: 2000, maxResponseBytes: 1024 });
  t.teardown(() => client.close());
  for (const [address, what] of INTERNAL_IPV6) {
    t.equal(policy.addressAllowed(address), false, `addressAllowed ${address} (${what})`);
    const url = `http://[${address}]:${port}/ok`;
    t.equal(await reason(client.request(url)), 'refused', `request ${url}`);
    t.equal(await reason(client.assertAllowed(url)), 'refused', `assertAllowed ${url}`);
  }
  // Public addresses, IPv6 ones carrying a public IPv4 included (DNS64 networks), stay allowed.
  for (const address of [
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
    '8.8.8.8',
  ])
    t.equal(policy.addressAllowed(address), true, `public ${address}`);
  // An operator's IPv4 allowlist entry covers the IPv6 forms that carry that address.
  const operator = new OutboundPolicy(['127.0.0.1']);
  t.equal(operator.addressAllowed('::7f00:1'), true, 'allowlisted 127.0.0.1 as ::7f00:1');
  t.equal(operator.addressAllowed('64:ff9b::7f00:2'), false, '127.0.0.2 is not listed');
});

t.test('the connector policy judges the IPv6 forms the same way', async (t) => {
  const policy = new OutboundPolicy([]);
  for (const [address, what] of INTERNAL_IPV6) {
    t.equal(await reason(resolveAllowed(policy, `[${address}]`)), 'refused', `${address} (${what})`);
  }
});

t.test('credentials are not carried to another origin by a redirect', async (t) => {
  const seen: { host: string; authorization?: string; cookie?: string }[] = [];
  const other = createServer((req, res) => {
    seen.push({ host: 'other', authorization: req.headers.authorization, cookie: req.headers.cookie });
    res.end('other');
  });
  await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
  const otherPort = (other.address() as AddressInfo).port;
  const origin = createServer((req, res) => {
    seen.push({ host: 'origin', authorization: req.headers.authorization, cookie: req.headers.cookie });
    if (req.url === '/same') return res.writeHead(302, { location: '/final' }).end();
    if (req.url === '/away') return res.writeHead(302, { location: `http://127.0.0.1:${otherPort}/x` }).end();
    res.end('origin');
  });
  await new Promise<void>((r) => origin.listen(0, '127.0.0.1', r));
  const port = (origin.address() as AddressInfo).port;
  t.teardown(() => {
    for (const s of [origin, other]) {
      s.closeAllConnections();
      s.close();
    }
  });
  const client = createHttpClient({ allowlist: ['127.0.0.0/8'], timeoutMs: 2000, maxResponseBytes: 1024 });
  t.teardown(() => client.close());
  const headers = { authorization: 'Basic dTpw', cookie: 'sid=1', 'x-other': 'kept' };
  const same = await client.request(`http://127.0.0.1:${port}/same`, { headers, maxRedirects: 2 });
  t.equal(same.body.toString(), 'origin');
  t.same(
    seen.splice(0),
    [
      { host: 'origin', authorization: 'Basic dTpw', cookie: 'sid=1' },
      { host: 'origin', authorization: 'Basic dTpw', cookie: 'sid=1' },
    ],
    'a same-origin redirect keeps them',
  );
  const away = await client.request(`http://127.0.0.1:${port}/away`, { headers, maxRedirects: 2 });
  t.equal(away.body.toString(), 'other');
  t.same(
    seen.splice(0),
    [
      { host: 'origin', authorization: 'Basic dTpw', cookie: 'sid=1' },
      { host: 'other', authorization: undefined, cookie: undefined },
    ],
    'the other origin gets neither Authorization nor Cookie',
  );
});
