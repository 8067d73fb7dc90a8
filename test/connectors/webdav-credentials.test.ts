import t from 'tap';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createConnectorNet } from '../../src/connectors/outbound.ts';
import { webdavSource } from '../../src/connectors/sources/webdav.ts';
import type { ListContext, SourceItem } from '../../src/connectors/types.ts';

/**
 * WebDAV's Basic credentials go to the configured origin only (issue 36): a PROPFIND answer that
 * names another host (an absolute href), an href outside the collection, or a GET that redirects
 * elsewhere never makes the source send them there. Both servers are real ones on 127.0.0.1: the
 * WebDAV server answers PROPFIND on the wire; the other origin records what reaches it.
 */

const AUTH = `Basic ${Buffer.from('alice:s3cret').toString('base64')}`;

async function listen(
  t: { teardown(fn: () => void): void },
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<number> {
  const server: Server = createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.teardown(() => {
    server.closeAllConnections();
    server.close();
  });
  return (server.address() as AddressInfo).port;
}

const multistatus = (hrefs: string[]) =>
  `<?xml version="1.0" encoding="utf-8"?><d:multistatus xmlns:d="DAV:">${hrefs
    .map(
      (href) =>
        `<d:response><d:href>${href}</d:href><d:propstat><d:prop>${
          href.endsWith('/') ? '<d:resourcetype><d:collection/></d:resourcetype>' : '<d:resourcetype/>'
        }<d:getetag>"${href.length}"</d:getetag></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>`,
    )
    .join('')}</d:multistatus>`;

const context = (): ListContext => ({
  limits: { maxItems: 100, maxBytes: 1 << 20, maxDepth: 3, maxItemBytes: 1 << 20 },
  known: () => undefined,
  incomplete: () => {},
  signal: new AbortController().signal,
});

t.test('Basic credentials never leave the configured origin', async (t) => {
  const elsewhere: { method: string; url: string; authorization?: string }[] = [];
  const otherPort = await listen(t, (req, res) => {
    elsewhere.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization });
    res
      .writeHead(req.method === 'PROPFIND' ? 207 : 200)
      .end(req.method === 'PROPFIND' ? multistatus([]) : 'x');
  });
  const other = `http://127.0.0.1:${otherPort}`;
  const atOrigin: { method: string; url: string; authorization?: string }[] = [];
  const port = await listen(t, (req, res) => {
    atOrigin.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization });
    if (req.headers.authorization !== AUTH) return res.writeHead(401).end();
    if (req.method === 'PROPFIND' && req.url === '/dav/')
      return res
        .writeHead(207, { 'content-type': 'application/xml' })
        .end(
          multistatus([
            '/dav/',
            '/dav/a.txt',
            `${other}/dav/b.txt`,
            `${other}/dav/sub/`,
            '/dav/moved.txt',
            '/private/outside.txt',
          ]),
        );
    if (req.method === 'PROPFIND' && req.url === '/dav/sub/')
      return res.writeHead(207).end(multistatus(['/dav/sub/', `${other}/dav/sub/c.txt`]));
    if (req.url === '/dav/moved.txt') return res.writeHead(302, { location: `${other}/steal` }).end();
    if (req.method === 'GET') return res.end(`content of ${req.url}`);
    res.writeHead(404).end();
  });
  const net = createConnectorNet({ allowlist: ['127.0.0.0/8'], timeoutMs: 2000, maxResponseBytes: 1 << 20 });
  t.teardown(() => net.close());
  const source = webdavSource({ url: `http://127.0.0.1:${port}/dav/`, username: 'alice' }, 's3cret', net);
  const items: SourceItem[] = [];
  for await (const item of source.list(context())) items.push(item);
  t.same(
    items.map((i) => [i.key, i.sourceUrl]).sort(),
    [
      ['a.txt', `http://127.0.0.1:${port}/dav/a.txt`],
      ['b.txt', `http://127.0.0.1:${port}/dav/b.txt`],
      ['moved.txt', `http://127.0.0.1:${port}/dav/moved.txt`],
      ['sub/c.txt', `http://127.0.0.1:${port}/dav/sub/c.txt`],
    ],
    'hrefs naming another host are read as paths on the configured origin; /private/ is skipped',
  );
  const fetched: Record<string, string> = {};
  for (const item of items) {
    fetched[item.key] = await source
      .fetch(item, 1 << 20)
      .then((b) => Buffer.from(b).toString())
      .catch((err: Error) => `error: ${err.message}`);
  }
  t.equal(fetched['b.txt'], 'content of /dav/b.txt');
  t.match(fetched['moved.txt'], /error: GET answered 302/, 'a redirect is not followed');
  // An item that names another origin anyway (as a stored row could) is refused before a request.
  const foreign = await source
    .fetch({ key: 'x', version: '1', name: 'x', sourceUrl: `${other}/dav/x.txt` }, 1 << 20)
    .catch((err: Error) => err.message);
  t.match(foreign, /not on the connector's origin/);
  t.same(elsewhere, [], 'the other origin received no request at all');
  t.notOk(
    atOrigin.some((r) => r.url.startsWith('/private')),
    'nothing outside the collection was asked for',
  );
});

t.test('a user:password@ in a stored URL is neither used nor shown', async (t) => {
  const seen: (string | undefined)[] = [];
  const port = await listen(t, (req, res) => {
    seen.push(req.headers.authorization);
    if (req.method === 'PROPFIND') return res.writeHead(207).end(multistatus(['/dav/', '/dav/a.txt']));
    res.end('a');
  });
  const net = createConnectorNet({ allowlist: ['127.0.0.0/8'], timeoutMs: 2000, maxResponseBytes: 1 << 20 });
  t.teardown(() => net.close());
  const source = webdavSource(
    { url: `http://bob:hunter2@127.0.0.1:${port}/dav/`, username: null },
    null,
    net,
  );
  const items: SourceItem[] = [];
  for await (const item of source.list(context())) items.push(item);
  t.same(
    items.map((i) => i.sourceUrl),
    [`http://127.0.0.1:${port}/dav/a.txt`],
  );
  t.same(seen, [undefined], 'no credentials from the URL were sent');
});
