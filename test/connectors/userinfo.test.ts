import t from 'tap';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connectorApp, createConnector, syncAndWait } from './helpers.ts';
import { html, startSite } from './site.ts';
import { withSourceUrls } from '../../src/connectors/source-urls.ts';

/**
 * A `user:password@` in a connector's URL (issue 36) is stored nowhere and shown to no one: not
 * in the connector's config, not in its documents' source URLs, not in the citations an API key's
 * (widget) answer carries — also for rows written before it was stripped. A WebDAV URL's
 * credentials become its username and encrypted secret, and the sync still signs in with them.
 */
t.test('userinfo in connector URLs is neither stored nor shown', async (t) => {
  const pages = new Map([
    ['/', { body: html('Home', 'Welcome to the intranet home page of the userinfo test.', ['/a']) }],
    ['/a', { body: html('Page A', 'Page A explains the travel policy for the userinfo test.') }],
  ]);
  const site = await startSite(pages);
  pages.set('/sitemap.xml', {
    body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${site.origin}/a</loc></url></urlset>`,
  });
  t.teardown(site.close);
  const { app, ctx, admin } = await connectorApp(t, { CONNECTOR_ALLOWLIST: '127.0.0.0/8' });
  const companyId = admin.user.companyId;
  const withCreds = site.origin.replace('http://', 'http://alice:pa%24%24word@');

  const web = await createConnector(app, admin.headers, {
    name: 'intranet',
    kind: 'web',
    config: { startUrls: [`${withCreds}/`], sitemapUrl: `${withCreds}/sitemap.xml` },
  });
  t.same(web.config, { startUrls: [`${site.origin}/`], sitemapUrl: `${site.origin}/sitemap.xml` });
  const stored = await ctx.db
    .selectFrom('connectors')
    .select('config')
    .where('id', '=', web.id)
    .executeTakeFirstOrThrow();
  t.notMatch(JSON.stringify(stored.config), /alice|pa%24%24word/, 'not in the stored config');
  const run = await syncAndWait(app, admin.headers, web.id);
  t.equal(run.status, 'completed', 'the crawl completes');
  const docs = await ctx.db
    .selectFrom('documents')
    .select(['id', 'metadata'])
    .where('connector_id', '=', web.id)
    .execute();
  t.same(
    docs.map((d) => d.metadata.sourceUrl).sort(),
    [`${site.origin}/`, `${site.origin}/a`],
    'documents’ source URLs carry no userinfo',
  );

  // Rows written before the fix: the config and a document's URL still carry credentials.
  await ctx.db
    .updateTable('connectors')
    .set({ config: JSON.stringify({ startUrls: [`${withCreds}/`], sitemapUrl: null }) })
    .where('id', '=', web.id)
    .execute();
  const legacy = docs[0]!;
  await ctx.db
    .updateTable('documents')
    .set({ metadata: JSON.stringify({ ...legacy.metadata, sourceUrl: `${withCreds}/legacy` }) })
    .where('id', '=', legacy.id)
    .execute();
  const shown = await app.inject({ method: 'GET', url: `/api/connectors/${web.id}`, headers: admin.headers });
  t.same(shown.json().data.config.startUrls, [`${site.origin}/`], 'an old config is shown without it');
  for (const publicOnly of [true, false]) {
    const [cited] = await withSourceUrls(
      ctx.db,
      companyId,
      [{ id: legacy.id } as { id: string; url?: string }],
      publicOnly,
    );
    t.equal(
      cited!.url,
      `${site.origin}/legacy`,
      `a citation (${publicOnly ? 'API key' : 'member'}) shows no userinfo`,
    );
  }

  // WebDAV: the URL's credentials become username and secret; the sync signs in with them.
  const authorizations: (string | undefined)[] = [];
  const dav = createServer((req, res) => {
    authorizations.push(req.headers.authorization);
    if (req.headers.authorization !== `Basic ${Buffer.from('bob:hunter2').toString('base64')}`)
      return res.writeHead(401).end();
    if (req.method === 'PROPFIND')
      return res
        .writeHead(207, { 'content-type': 'application/xml' })
        .end(
          `<?xml version="1.0"?><d:multistatus xmlns:d="DAV:"><d:response><d:href>/dav/</d:href><d:propstat><d:prop><d:resourcetype><d:collection/></d:resourcetype></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>` +
            `<d:response><d:href>/dav/notes.md</d:href><d:propstat><d:prop><d:resourcetype/><d:getetag>"1"</d:getetag></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>`,
        );
    res
      .writeHead(200, { 'content-type': 'text/markdown' })
      .end('# Notes\n\nThe WebDAV notes of the userinfo test.\n');
  });
  await new Promise<void>((r) => dav.listen(0, '127.0.0.1', r));
  t.teardown(() => new Promise((r) => dav.close(r)));
  const davOrigin = `http://127.0.0.1:${(dav.address() as AddressInfo).port}`;
  const webdav = await createConnector(app, admin.headers, {
    name: 'dav',
    kind: 'webdav',
    config: { url: davOrigin.replace('http://', 'http://bob:hunter2@') + '/dav/' },
  });
  t.same(webdav.config, { url: `${davOrigin}/dav/`, username: 'bob' });
  t.equal(webdav.hasSecret, true, 'the password is kept as the encrypted secret');
  const davRun = await syncAndWait(app, admin.headers, webdav.id);
  t.equal(davRun.status, 'completed');
  t.ok(authorizations.length >= 2 && authorizations.every((a) => a?.startsWith('Basic ')), 'signed in');
  const davDoc = await ctx.db
    .selectFrom('documents')
    .select('metadata')
    .where('connector_id', '=', webdav.id)
    .executeTakeFirstOrThrow();
  t.equal(davDoc.metadata.sourceUrl, `${davOrigin}/dav/notes.md`);
});
