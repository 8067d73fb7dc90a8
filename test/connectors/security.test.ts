import t from 'tap';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectorApp, createConnector, syncAndWait } from './helpers.ts';
import { signUp } from '../helpers/app.ts';
import { addUser } from '../helpers/users.ts';

/**
 * SSRF: without the operator's CONNECTOR_ALLOWLIST a connector cannot reach an internal host,
 * whether named at creation (400) or reached later (a stored URL, a redirect): the run fails and
 * the host receives nothing. Tenants: another company's connector is 404 on every route, and a
 * connector cannot be pointed at another company's topic.
 */
t.test('a connector cannot reach an internal host the operator did not allow', async (t) => {
  let hits = 0;
  const internal = createServer((_req, res) => {
    hits++;
    res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>internal admin</body></html>');
  });
  await new Promise<void>((r) => internal.listen(0, '127.0.0.1', r));
  t.teardown(() => internal.close());
  const port = (internal.address() as AddressInfo).port;
  const { app, ctx, admin } = await connectorApp(t); // no CONNECTOR_ALLOWLIST
  for (const [kind, config] of [
    ['web', { startUrls: [`http://127.0.0.1:${port}/`] }],
    ['web', { startUrls: [`http://[::ffff:127.0.0.1]:${port}/`] }],
    ['web', { startUrls: ['http://169.254.169.254/latest/meta-data/'] }],
    ['web', { sitemapUrl: `http://localhost:${port}/sitemap.xml` }],
    ['webdav', { url: `http://10.0.0.7/dav/` }],
    ['s3', { endpoint: `http://127.0.0.1:${port}`, bucket: 'docs' }],
    ['imap', { host: '127.0.0.1', port: 143, username: 'u' }],
  ] as const) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/connectors',
      headers: admin.headers,
      payload: { name: 'x', kind, config, secret: 'pw' },
    });
    t.equal(res.statusCode, 400, `${kind} ${JSON.stringify(config)}`);
    t.match(res.json().error.details[0].reason, /not reachable by connectors/);
  }
  // A row that names an internal host anyway (written before the operator narrowed the list):
  // the sync's own client refuses it at connection time.
  const row = await createConnector(app, admin.headers, {
    name: 'public',
    kind: 'web',
    config: { startUrls: ['http://93.184.215.14/'] },
  });
  await ctx.db
    .updateTable('connectors')
    .set({ config: JSON.stringify({ startUrls: [`http://127.0.0.1:${port}/`], sitemapUrl: null }) })
    .where('id', '=', row.id)
    .execute();
  const run = await syncAndWait(app, admin.headers, row.id);
  t.equal(run.status, 'failed');
  t.match(String(run.error), /not allowed|may not reach/);
  t.equal(hits, 0, 'the internal host received no request');
});

t.test('tenants: another company’s connector is 404; no writing into another company', async (t) => {
  const root = mkdtempSync(join(tmpdir(), 'cograg-roots-'));
  t.teardown(() => rmSync(root, { recursive: true, force: true }));
  writeFileSync(join(root, 'a.txt'), 'Company A handbook: lunch is at noon.');
  const { app, ctx, admin } = await connectorApp(t, { CONNECTOR_FOLDER_ROOTS: root });
  const other = await signUp(app);
  const otherTopic = await app.inject({
    method: 'POST',
    url: '/api/topics',
    headers: other.headers,
    payload: { name: 'B only' },
  });
  const theirTopicId = otherTopic.json().data.id;

  const intoOther = await app.inject({
    method: 'POST',
    url: '/api/connectors',
    headers: admin.headers,
    payload: { name: 'x', kind: 'folder', topicId: theirTopicId, config: { path: root } },
  });
  t.equal(intoOther.statusCode, 404, "another company's topic is not found");

  const mine = await createConnector(app, admin.headers, {
    name: 'A',
    kind: 'folder',
    config: { path: root },
  });
  const moved = await app.inject({
    method: 'PATCH',
    url: `/api/connectors/${mine.id}`,
    headers: admin.headers,
    payload: { topicId: theirTopicId },
  });
  t.equal(moved.statusCode, 404);
  for (const [method, url, payload] of [
    ['GET', `/api/connectors/${mine.id}`, undefined],
    ['PATCH', `/api/connectors/${mine.id}`, { name: 'hijacked' }],
    ['POST', `/api/connectors/${mine.id}/sync`, undefined],
    ['GET', `/api/connectors/${mine.id}/runs`, undefined],
    ['DELETE', `/api/connectors/${mine.id}`, undefined],
  ] as const) {
    const res = await app.inject({ method, url, headers: other.headers, ...(payload ? { payload } : {}) });
    t.equal(res.statusCode, 404, `${method} ${url}`);
    t.equal(res.json().error.code, 'NOT_FOUND');
  }
  const list = await app.inject({ method: 'GET', url: '/api/connectors', headers: other.headers });
  t.equal(list.json().data.items.length, 0);
  const run = await syncAndWait(app, admin.headers, mine.id);
  t.equal(run.added, 1);
  const docs = await ctx.db
    .selectFrom('documents')
    .select(['company_id'])
    .where('connector_id', '=', mine.id)
    .execute();
  t.same(docs, [{ company_id: admin.user.companyId }], "the connector's documents are its own company's");

  // A topic of its own company for the connector moves the documents it already mirrors there.
  const mineTopic = await app.inject({
    method: 'POST',
    url: '/api/topics',
    headers: admin.headers,
    payload: { name: 'A handbook' },
  });
  const mineTopicId = mineTopic.json().data.id;
  const retopic = await app.inject({
    method: 'PATCH',
    url: `/api/connectors/${mine.id}`,
    headers: admin.headers,
    payload: { topicId: mineTopicId },
  });
  t.equal(retopic.statusCode, 200);
  const moved2 = await ctx.db
    .selectFrom('documents')
    .select(['topic_id'])
    .where('connector_id', '=', mine.id)
    .execute();
  t.same(moved2, [{ topic_id: mineTopicId }], 'a new topic moves the mirrored documents with it');

  // Editors and readers are not admins: 403 on every connector route.
  for (const role of ['COMPANY_EDITOR', 'COMPANY_READER'] as const) {
    const user = await addUser(app, admin, role);
    const res = await app.inject({ method: 'GET', url: '/api/connectors', headers: user.headers });
    t.equal(res.statusCode, 403, role);
    const sync = await app.inject({
      method: 'POST',
      url: `/api/connectors/${mine.id}/sync`,
      headers: user.headers,
    });
    t.equal(sync.statusCode, 403, role);
  }
});
