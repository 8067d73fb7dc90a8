import t from 'tap';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { buildMessages, WEB_RULE } from '../../src/chat/prompt.ts';
import { webSources } from '../../src/chat/web-sources.ts';

/**
 * A local server speaking SearXNG's JSON API (`GET /search?q=…&format=json`). The query picks
 * the behaviour: `empty`, `slow`, `huge`, `broken`, `nolist`, `forbidden`; anything else answers
 * three results, one of them without an http(s) URL.
 */
async function fakeSearxng(t: { teardown(fn: () => void): void }) {
  const seen: URL[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    seen.push(url);
    const q = url.searchParams.get('q');
    const json = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname !== '/search' || url.searchParams.get('format') !== 'json')
      return res.writeHead(404).end();
    if (q === 'empty') return json({ query: q, results: [] });
    if (q === 'slow') return void setTimeout(() => json({ results: [] }), 3000).unref();
    if (q === 'huge')
      return json({ results: [{ title: 'x', url: 'https://x.test', content: 'a'.repeat(2_000_000) }] });
    if (q === 'broken') return res.end('<html>not json');
    if (q === 'nolist') return json({ query: q, answers: [] });
    if (q === 'forbidden') return res.writeHead(403).end('format not allowed');
    json({
      query: q,
      number_of_results: 3,
      results: [
        {
          title: 'Air  gapped',
          url: 'https://a.example/1',
          content: 'Snippet one: air-gapped sites run SearXNG on an internal index.',
          engine: 'wikipedia',
          engines: ['wikipedia', 'ddg'],
        },
        { title: 'Bad', url: 'javascript:alert(1)', content: 'dropped' },
        {
          title: 'Second',
          url: 'http://b.example/2',
          content: 'Snippet two: results come back as JSON with title, url and content.',
          engine: 'bing',
        },
      ],
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.teardown(() => {
    server.closeAllConnections();
    server.close();
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

t.test('web search through a local SearXNG', async (t) => {
  const searx = await fakeSearxng(t);
  const { app } = await buildTestApp(t, {
    env: { SEARXNG_URL: searx.url, OUTBOUND_ALLOWLIST: '127.0.0.1', WEB_SEARCH_TIMEOUT_MS: '300' },
  });
  const admin = await signUp(app);
  const key = (
    await app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: admin.headers,
      payload: { name: 'widget', allDocuments: true },
    })
  ).json().data.key as string;
  const pub = (payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/public/search/web', headers: { 'x-api-key': key }, payload });

  const ok = await pub({ query: 'air gapped search', limit: 5 });
  t.equal(ok.statusCode, 200);
  t.same(ok.json().data, {
    provider: 'searxng',
    items: [
      {
        title: 'Air gapped',
        url: 'https://a.example/1',
        snippet: 'Snippet one: air-gapped sites run SearXNG on an internal index.',
        source: 'wikipedia, ddg',
      },
      {
        title: 'Second',
        url: 'http://b.example/2',
        snippet: 'Snippet two: results come back as JSON with title, url and content.',
        source: 'bing',
      },
    ],
  });
  t.equal(searx.seen.at(-1)?.searchParams.get('q'), 'air gapped search');
  t.equal((await pub({ query: 'x', limit: 1 })).json().data.items.length, 1, 'limit applies');

  const jwt = await app.inject({
    method: 'POST',
    url: '/api/search/web',
    headers: admin.headers,
    payload: { query: 'empty' },
  });
  t.equal(jwt.statusCode, 200);
  t.same(jwt.json().data.items, [], 'empty results for the JWT route');

  for (const [query, pattern] of [
    ['slow', /within 300 ms/],
    ['huge', /more than/],
    ['broken', /not JSON/],
    ['nolist', /without a results list/],
    ['forbidden', /HTTP 403.*search\.formats/],
  ] as const) {
    const res = await pub({ query });
    t.equal(res.statusCode, 502, `${query}: 502`);
    t.equal(res.json().error.code, 'BAD_GATEWAY');
    t.match(res.json().error.message, pattern, `${query}: clear message`);
  }
  t.equal((await pub({ query: '   ' })).statusCode, 400, 'blank query');
  t.equal((await pub({ query: 'x', limit: 500 })).statusCode, 400, 'limit over 20');
  t.equal((await pub({})).json().error.code, 'VALIDATION_ERROR');
  const noKey = await app.inject({ method: 'POST', url: '/api/public/search/web', payload: { query: 'x' } });
  t.equal(noKey.statusCode, 401);
});

t.test('not configured: 503 naming SEARXNG_URL', async (t) => {
  const { app } = await buildTestApp(t);
  const admin = await signUp(app);
  const res = await app.inject({
    method: 'POST',
    url: '/api/search/web',
    headers: admin.headers,
    payload: { query: 'x' },
  });
  t.equal(res.statusCode, 503);
  t.equal(res.json().error.code, 'SERVICE_UNAVAILABLE');
  t.match(res.json().error.message, /SEARXNG_URL/);
});

t.test('a SearXNG on loopback is refused without the allowlist', async (t) => {
  const searx = await fakeSearxng(t);
  const { app } = await buildTestApp(t, { env: { SEARXNG_URL: searx.url } });
  const admin = await signUp(app);
  const res = await app.inject({
    method: 'POST',
    url: '/api/search/web',
    headers: admin.headers,
    payload: { query: 'x' },
  });
  t.equal(res.statusCode, 502);
  t.match(res.json().error.message, /not allowed/);
  t.equal(searx.seen.length, 0, 'no request reached the server');
});

t.test('chat with webSearch cites web results, marked and kept apart', async (t) => {
  const searx = await fakeSearxng(t);
  const { app } = await buildTestApp(t, {
    env: { SEARXNG_URL: searx.url, OUTBOUND_ALLOWLIST: '127.0.0.1' },
  });
  const admin = await signUp(app);
  const res = await app.inject({
    method: 'POST',
    url: '/api/chat/message',
    headers: admin.headers,
    payload: { message: 'Where do air-gapped sites run SearXNG?', webSearch: true },
  });
  t.equal(res.statusCode, 200);
  const data = res.json().data;
  const web = data.sources.filter((s: { kind?: string }) => s.kind === 'web');
  const cited = Object.values(data.citationMap) as { kind?: string; url?: string; documentId: string }[];
  // The sources are the cited chunks only (a refusal lists none): here the web results cited.
  t.same(
    web.map((s: { url: string }) => s.url).sort(),
    [...new Set(cited.map((c) => c.url))].sort(),
    'the cited web results are sources marked as web',
  );
  t.ok(
    web.every((s: { url: string }) => ['https://a.example/1', 'http://b.example/2'].includes(s.url)),
    'and they are the search results',
  );
  t.ok(cited.length > 0, 'the answer cites');
  t.ok(
    cited.every((c) => c.kind === 'web' && c.documentId === 'web' && c.url?.startsWith('http')),
    'citations of web results say so and carry the URL',
  );
  t.match(data.answer, /\[\d\]/);

  const without = await app.inject({
    method: 'POST',
    url: '/api/chat/message',
    headers: admin.headers,
    payload: { message: 'What is snippet one?' },
  });
  t.notOk(
    without.json().data.sources.some((s: { kind?: string }) => s.kind === 'web'),
    'no web sources unless asked',
  );
});

t.test(
  'chat with webSearch: 503 when not configured, 502 when the provider fails, before streaming',
  async (t) => {
    const { app } = await buildTestApp(t);
    const admin = await signUp(app);
    const stream = await app.inject({
      method: 'POST',
      url: '/api/chat/stream',
      headers: { ...admin.headers, accept: 'text/event-stream' },
      payload: { message: 'x', webSearch: true },
    });
    t.equal(stream.statusCode, 503);
    t.match(stream.json().error.message, /SEARXNG_URL/);
    // A blank question has nothing to search the web for: answered (a refusal), not refused.
    const blank = await app.inject({
      method: 'POST',
      url: '/api/chat/stream',
      headers: { ...admin.headers, accept: 'text/event-stream' },
      payload: { message: '\t', webSearch: true },
    });
    t.equal(blank.statusCode, 200, 'a blank question with webSearch streams its answer');

    const searx = await fakeSearxng(t);
    const broken = await buildTestApp(t, {
      env: { SEARXNG_URL: searx.url, OUTBOUND_ALLOWLIST: '127.0.0.1' },
    });
    const other = await signUp(broken.app);
    const res = await broken.app.inject({
      method: 'POST',
      url: '/api/chat/message',
      headers: other.headers,
      payload: { message: 'broken', webSearch: true },
    });
    t.equal(res.statusCode, 502);
  },
);

t.test('prompt: web results in their own block, after the documents, with the web rule', async (t) => {
  const doc = {
    chunkId: 'chk_1',
    documentId: 'doc_1',
    documentName: 'handbook.pdf',
    text: 'Leave is two days a month.',
    pageStart: null,
    pageEnd: null,
    headingPath: [],
    score: 1,
  };
  const [web] = webSources([
    { title: 'Blog', url: 'https://blog.example/x', snippet: 'Leave is 3 days.', source: 'ddg' },
  ]);
  const messages = buildMessages('How much leave?', [doc, web!], []);
  t.match(messages[0]!.content, WEB_RULE);
  const user = messages.at(-1)!.content;
  t.match(user, /^Sources:\n\n\[1\] \(handbook\.pdf\)/);
  t.match(
    user,
    /Web results \(external, not company documents\):\n\n\[2\] \(web: Blog — https:\/\/blog\.example\/x\)/,
  );
  t.ok(user.indexOf('[1]') < user.indexOf('Web results'), 'documents first');
  t.notMatch(buildMessages('q', [doc], [])[0]!.content, WEB_RULE, 'no web rule without web sources');
});
