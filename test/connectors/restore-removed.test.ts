import t from 'tap';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signUp } from '../helpers/app.ts';
import { addUser } from '../helpers/users.ts';
import { connectorApp, createConnector, syncAndWait } from './helpers.ts';

/**
 * Removed documents can be listed and restored by an admin (issue 36, docs/connectors.md
 * "Removed documents"): GET /api/connectors/{id}/removed-documents pages the archive; POST
 * …/{documentId}/restore puts one back with the same id and chunks, searchable at once (BM25 and
 * vectors), nothing embedded. Restored as the connector's, the next sync removes it again while
 * the source lacks the item; restored with `detach=true` it stays. Another company: 404; editors
 * and readers: 403; a live document of the same key: 409.
 */
t.test('list and restore removed documents', async (t) => {
  const root = mkdtempSync(join(tmpdir(), 'cograg-roots-'));
  t.teardown(() => rmSync(root, { recursive: true, force: true }));
  const share = join(root, 'share');
  const away = join(root, 'away');
  mkdirSync(share);
  mkdirSync(away);
  const files: Record<string, string> = {
    'kiln.txt': 'Kiln schedule: the ceramics kiln fires every Thursday at nine.',
    'boat.txt': 'Boat register: the rowing boats are checked out at the harbour office.',
    'vault.txt': 'Vault rules: the archive vault needs two keys and a logbook entry.',
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(share, name), text);
  const { app, ctx, admin } = await connectorApp(t, { CONNECTOR_FOLDER_ROOTS: root });
  const headers = admin.headers;
  const connector = await createConnector(app, headers, {
    name: 'Share',
    kind: 'folder',
    config: { path: share },
  });
  const base = `/api/connectors/${connector.id}/removed-documents`;
  const sync = () => syncAndWait(app, headers, connector.id);
  const idOf = async (name: string) =>
    (
      await ctx.db
        .selectFrom('documents')
        .select('id')
        .where('connector_id', '=', connector.id)
        .where('name', '=', name)
        .executeTakeFirstOrThrow()
    ).id;
  const chunkIds = async (documentId: string) =>
    (
      await ctx.db
        .selectFrom('chunks')
        .select('id')
        .where('document_id', '=', documentId)
        .orderBy('id')
        .execute()
    ).map((c) => c.id);
  const search = async (query: string, mode: 'lexical' | 'dense') => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/search',
      headers,
      payload: { query, mode, limit: 10 },
    });
    return (res.json().data.items as { documentId: string }[]).map((h) => h.documentId);
  };
  const list = (query = '', h = headers) => app.inject({ method: 'GET', url: `${base}${query}`, headers: h });
  const restore = (id: string, query = '', h = headers) =>
    app.inject({ method: 'POST', url: `${base}/${id}/restore${query}`, headers: h });

  t.match(await sync(), { status: 'completed', added: 3 });
  const kiln = await idOf('kiln.txt');
  const boat = await idOf('boat.txt');
  const kilnChunks = await chunkIds(kiln);
  t.ok(kilnChunks.length > 0);
  const empty = await list();
  t.equal(empty.statusCode, 200);
  t.same(empty.json().data, { items: [], pagination: { page: 1, limit: 20, total: 0, totalPages: 0 } });

  renameSync(join(share, 'kiln.txt'), join(away, 'kiln.txt'));
  renameSync(join(share, 'boat.txt'), join(away, 'boat.txt'));
  t.match(await sync(), { status: 'completed', deleted: 2 });

  const page1 = await list('?limit=1');
  t.equal(page1.statusCode, 200, page1.body);
  t.match(page1.json().data.pagination, { page: 1, limit: 1, total: 2, totalPages: 2 });
  const page2 = (await list('?limit=1&page=2')).json().data;
  const items = [...page1.json().data.items, ...page2.items] as Record<string, unknown>[];
  t.same(items.map((i) => i.id).sort(), [kiln, boat].sort(), 'both removed documents, paged');
  const kilnItem = items.find((i) => i.id === kiln)!;
  t.match(kilnItem, {
    connectorId: connector.id,
    itemKey: 'kiln.txt',
    name: 'kiln.txt',
    status: 'VECTORIZED',
    chunkCount: kilnChunks.length,
    attachments: 0,
  });
  const days = (Date.parse(kilnItem.purgeAfter as string) - Date.parse(kilnItem.removedAt as string)) / 864e5;
  t.equal(days, 30, 'purged after CONNECTOR_RETENTION_DAYS');
  t.equal((await list('?limit=0')).statusCode, 400, 'a bad page size is the error envelope');

  // Another company sees neither the list nor the archive; editors and readers are not admins.
  const other = await signUp(app);
  t.equal((await list('', other.headers)).statusCode, 404, "another company's connector: 404");
  t.equal((await restore(kiln, '', other.headers)).statusCode, 404, "another company's restore: 404");
  for (const role of ['COMPANY_EDITOR', 'COMPANY_READER'] as const) {
    const user = await addUser(app, admin, role);
    t.equal((await list('', user.headers)).statusCode, 403, `${role}: list`);
    t.equal((await restore(kiln, '', user.headers)).statusCode, 403, `${role}: restore`);
  }
  t.equal((await restore('doc_nope')).statusCode, 404, 'an unknown id: 404');

  // Restored: same id, same chunks, searchable at once.
  const back = await restore(kiln);
  t.equal(back.statusCode, 200, back.body);
  t.match(back.json().data, {
    id: kiln,
    name: 'kiln.txt',
    status: 'VECTORIZED',
    chunkCount: kilnChunks.length,
  });
  t.same(await chunkIds(kiln), kilnChunks, 'its chunks back');
  t.equal((await app.inject({ method: 'GET', url: `/api/documents/${kiln}`, headers })).statusCode, 200);
  t.ok((await search('ceramics kiln Thursday', 'lexical')).includes(kiln), 'BM25 finds it at once');
  t.ok((await search('when does the ceramics kiln fire', 'dense')).includes(kiln), 'vectors too');
  t.equal((await list()).json().data.pagination.total, 1, 'one archive left');
  t.equal((await restore(kiln)).statusCode, 404, 'restored once: the archive is gone');

  // Still the connector's: the source lacks it, so the next sync removes it again (recoverable again).
  t.match(await sync(), { status: 'completed', deleted: 1 });
  t.equal((await app.inject({ method: 'GET', url: `/api/documents/${kiln}`, headers })).statusCode, 404);
  // Detached, it stays, an ordinary document.
  const detached = await restore(kiln, '?detach=true');
  t.equal(detached.statusCode, 200, detached.body);
  t.match(await sync(), { status: 'completed', deleted: 0 });
  const row = await ctx.db
    .selectFrom('documents')
    .select('connector_id')
    .where('id', '=', kiln)
    .executeTakeFirst();
  t.same(row, { connector_id: null }, 'detached: no longer the connector’s, kept by the sync');

  // A live document for the same key (here the item row of a sync that mirrored it again): 409.
  await ctx.db
    .insertInto('connector_items')
    .values({
      connector_id: connector.id,
      item_key: 'boat.txt',
      company_id: admin.user.companyId,
      version: 'v',
      sha256: null,
      document_id: await idOf('vault.txt'),
      source_url: 'boat.txt',
    })
    .execute();
  const clash = await restore(boat);
  t.equal(clash.statusCode, 409, clash.body);
  t.equal(clash.json().error.code, 'CONFLICT');
  t.equal((await list()).json().data.pagination.total, 1, 'the archive stays after a 409');
});
