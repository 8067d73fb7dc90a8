import t from 'tap';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { createConnector } from './helpers.ts';
import { html, startSite, type Page } from './site.ts';

/**
 * Issue 40, "test connection" before saving a connector: the config checked as saving would, the
 * first items listed through the same source code and network policy, nothing stored.
 */
t.test('POST /api/connectors/test lists the first items or says why it cannot', async (t) => {
  const root = mkdtempSync(join(tmpdir(), 'cograg-probe-'));
  t.teardown(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(join(root, 'share'));
  for (let i = 1; i <= 7; i++) writeFileSync(join(root, 'share', `note-${i}.txt`), `Note ${i}.`);
  const site = await startSite(
    new Map<string, Page>([
      ['/', { body: html('Home', 'The harbour opens at seven.', ['/a', '/b']) }],
      ['/a', { body: html('A', 'Page A.') }],
      ['/b', { body: html('B', 'Page B.') }],
    ]),
  );
  t.teardown(site.close);
  const { app } = await buildTestApp(t, {
    env: { CONNECTOR_FOLDER_ROOTS: root, CONNECTOR_ALLOWLIST: '127.0.0.1' },
  });
  const admin = await signUp(app);
  const other = await signUp(app);
  const probe = (body: object, headers = admin.headers) =>
    app.inject({ method: 'POST', url: '/api/connectors/test', headers, payload: body });

  const folder = await probe({ kind: 'folder', config: { path: join(root, 'share') } });
  t.equal(folder.statusCode, 200);
  t.equal(folder.json().data.ok, true);
  t.equal(folder.json().data.items.length, 5, 'at most five items');
  t.equal(folder.json().data.more, true, 'and it says there are more');
  t.match(folder.json().data.items[0].name, /^note-\d\.txt$/);

  const web = await probe({ kind: 'web', config: { startUrls: [`${site.origin}/`] } });
  t.equal(web.json().data.ok, true, web.body);
  t.ok(web.json().data.items.some((i: { sourceUrl: string }) => i.sourceUrl === `${site.origin}/`));

  await site.close();
  const down = await probe({ kind: 'web', config: { startUrls: [`${site.origin}/`] } });
  t.equal(down.statusCode, 200);
  t.equal(down.json().data.ok, false, 'an unreachable source is ok: false');
  t.ok(down.json().data.error, `with why: ${down.json().data.error}`);

  const outside = await probe({ kind: 'folder', config: { path: tmpdir() } });
  t.equal(outside.statusCode, 400, 'a folder outside CONNECTOR_FOLDER_ROOTS is refused as saving would');
  t.match(outside.json().error.details[0], { field: 'config.path' });
  const missing = await probe({ kind: 's3', config: {} });
  t.equal(missing.statusCode, 400, 'a kind’s required field');

  const saved = await createConnector(app, admin.headers, {
    name: 'Share',
    kind: 'folder',
    config: { path: join(root, 'share') },
  });
  const edit = await probe({ kind: 'folder', config: { path: join(root, 'share') }, connectorId: saved.id });
  t.equal(edit.json().data.ok, true, 'testing changes to a saved connector');
  const foreign = await probe(
    { kind: 'folder', config: { path: join(root, 'share') }, connectorId: saved.id },
    other.headers,
  );
  t.equal(foreign.statusCode, 404, 'another company’s connector is 404');
  const list = await app.inject({ method: 'GET', url: '/api/connectors', headers: admin.headers });
  t.equal(list.json().data.items.length, 1, 'testing stored nothing');
});
