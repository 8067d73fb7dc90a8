import t from 'tap';
import { connectorApp, createConnector, snapshot, syncAndWait } from './helpers.ts';
import { html, onePagePdf, startSite, type Page } from './site.ts';

/**
 * Web source against a site generated here on 127.0.0.1: sitemap, robots.txt, a redirect, a
 * linked PDF; then a page edited, one removed, one added and one moved. The second sync mirrors
 * the site exactly, asks unchanged pages conditionally (304, no download) and re-embeds only the
 * pages that changed.
 */
t.test('web: sitemap, robots, redirects, conditional requests, edits mirrored', async (t) => {
  const pages = new Map<string, Page>();
  const site = await startSite(pages);
  t.teardown(site.close);
  const o = site.origin;
  pages.set('/robots.txt', { body: 'User-agent: *\nDisallow: /private/\n', type: 'text/plain' });
  pages.set('/sitemap.xml', {
    type: 'application/xml',
    body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${o}/</loc></url><url><loc>${o}/old-about</loc></url></urlset>`,
  });
  const index = (links: string[]) =>
    html('Intranet home', 'Welcome to the intranet of the harbour office.', links);
  pages.set('/', {
    body: index([
      '/docs/a',
      '/docs/b',
      '/docs/d',
      '/private/secret',
      '/files/report.pdf',
      'http://example.com/',
    ]),
  });
  pages.set('/old-about', { location: '/about' });
  pages.set('/about', { body: html('About', 'The harbour office was founded in 1921 by the pilots guild.') });
  pages.set('/docs/a', { body: html('Opening hours', 'The ferry desk opens at seven every weekday.') });
  pages.set('/docs/b', { body: html('Parking', 'Staff parking is behind the customs house.') });
  pages.set('/docs/d', { body: html('Old notice', 'The canteen is closed for renovation in March.') });
  pages.set('/private/secret', { body: html('Secret', 'Nobody should index this page.') });
  pages.set('/files/report.pdf', {
    body: onePagePdf('Annual report: tonnage rose by twelve percent.'),
    type: 'application/pdf',
  });

  const { app, ctx, admin } = await connectorApp(t, { CONNECTOR_ALLOWLIST: '127.0.0.1' });
  const connector = await createConnector(app, admin.headers, {
    name: 'Intranet',
    kind: 'web',
    config: { sitemapUrl: `${o}/sitemap.xml` },
    limits: { maxDepth: 2 },
  });
  const first = await syncAndWait(app, admin.headers, connector.id);
  t.match(first, { status: 'completed', added: 6, failed: 0, embedded: 6 });
  const before = await snapshot(ctx, connector.id);
  t.same(
    [...before.keys()].sort(),
    ['/', '/about', '/docs/a', '/docs/b', '/docs/d', '/files/report.pdf'].map((p) => o + p).sort(),
    'sitemap and same-site links, the redirect resolved, robots.txt obeyed, external links ignored',
  );
  t.notOk(
    site.log.some((r) => r.path.startsWith('/private/')),
    'a disallowed page is never requested',
  );
  t.match(before.get(`${o}/files/report.pdf`)!.text, /tonnage rose by twelve percent/);
  t.match(before.get(`${o}/about`)!.text, /founded in 1921/);
  for (const d of before.values()) t.equal(d.status, 'VECTORIZED', d.sourceUrl);

  pages.set('/docs/a', { body: html('Opening hours', 'The ferry desk now opens at eight every weekday.') });
  pages.set('/docs/b2', pages.get('/docs/b')!);
  pages.delete('/docs/b');
  pages.delete('/docs/d');
  pages.set('/docs/c', { body: html('Bicycles', 'Bicycles are stored in the east shed.') });
  pages.set('/', { body: index(['/docs/a', '/docs/b2', '/docs/c', '/files/report.pdf']) });
  site.log.length = 0;

  const second = await syncAndWait(app, admin.headers, connector.id);
  t.match(second, {
    status: 'completed',
    added: 1,
    updated: 2,
    moved: 1,
    deleted: 1,
    unchanged: 2,
    failed: 0,
    embedded: 3,
  });
  const after = await snapshot(ctx, connector.id);
  t.same(
    [...after.keys()].sort(),
    ['/', '/about', '/docs/a', '/docs/b2', '/docs/c', '/files/report.pdf'].map((p) => o + p).sort(),
  );
  t.match(after.get(`${o}/docs/a`)!.text, /opens at eight/);
  t.notMatch(after.get(`${o}/docs/a`)!.text, /seven/);
  t.equal(after.get(`${o}/docs/b2`)!.id, before.get(`${o}/docs/b`)!.id, 'the moved page keeps its document');
  t.same(after.get(`${o}/docs/b2`)!.chunkIds, before.get(`${o}/docs/b`)!.chunkIds, 'and its chunks');
  t.same(
    after.get(`${o}/about`)!.chunkIds,
    before.get(`${o}/about`)!.chunkIds,
    'unchanged page not re-embedded',
  );
  const unchanged = site.log.filter((r) => r.path === '/about' || r.path === '/files/report.pdf');
  t.same(
    unchanged.map((r) => r.status),
    [304, 304],
    'unchanged pages answered 304: no download',
  );

  // Citations open in source: a cited page carries its URL.
  const chat = await app.inject({
    method: 'POST',
    url: '/api/chat/message',
    headers: admin.headers,
    payload: { message: 'When does the ferry desk open?' },
  });
  t.equal(chat.statusCode, 200);
  const cited = (chat.json().data.sources as { id: string; url?: string }[]).find(
    (s) => s.id === after.get(`${o}/docs/a`)!.id,
  );
  t.equal(cited?.url, `${o}/docs/a`, 'the cited page links to its source');

  // A page that fails for now (503) is not a deleted page: it keeps its document and chunks, and
  // the links it had are still followed (the PDF is only linked from pages).
  const aboutPage = pages.get('/about')!;
  pages.set('/about', { status: 503 });
  pages.set('/', { status: 503 });
  const third = await syncAndWait(app, admin.headers, connector.id);
  t.match(third, { status: 'completed', added: 0, updated: 0, moved: 0, deleted: 0, failed: 0, embedded: 0 });
  const during = await snapshot(ctx, connector.id);
  t.same([...during.keys()].sort(), [...after.keys()].sort(), 'a 503 deletes nothing');
  t.same(during.get(`${o}/about`)!.chunkIds, after.get(`${o}/about`)!.chunkIds, 'nor re-embeds it');
  pages.set('/about', aboutPage);
  pages.set('/', { body: index(['/docs/a', '/docs/b2', '/docs/c', '/files/report.pdf']) });
});
