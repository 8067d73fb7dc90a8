import t from 'tap';
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../src/context.ts';
import { purgeRemoved } from '../../src/connectors/purge.ts';
import { testQdrant } from '../helpers/qdrant.ts';
import { connectorApp, createConnector, snapshot, syncAndWait } from './helpers.ts';

/**
 * Documents a sync removes stay recoverable (issue 36, docs/connectors.md "Removed documents"):
 * invisible at once (GET 404, not in search), and a file that comes back within the retention
 * gets its document back — same id, same chunks, nothing embedded when its bytes are unchanged,
 * re-ingested under the same id when they changed. Past the retention the purge removes the
 * archive and the original. All through the real sync of a folder connector on a temp directory.
 */

interface Setup {
  app: FastifyInstance;
  ctx: AppContext;
  headers: Record<string, string>;
  companyId: string;
  share: string;
  away: string;
  connectorId: string;
}

async function setup(
  t: { teardown(fn: () => unknown): void },
  files: Record<string, string>,
  postgres = false,
  env: Record<string, string> = {},
): Promise<Setup> {
  const root = mkdtempSync(join(tmpdir(), 'cograg-roots-'));
  t.teardown(() => rmSync(root, { recursive: true, force: true }));
  const share = join(root, 'share');
  const away = join(root, 'away');
  mkdirSync(share);
  mkdirSync(away);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(share, name), text);
  const { app, ctx, admin } = await connectorApp(t, { CONNECTOR_FOLDER_ROOTS: root, ...env }, { postgres });
  const connector = await createConnector(app, admin.headers, {
    name: 'Share',
    kind: 'folder',
    config: { path: share },
  });
  return {
    app,
    ctx,
    headers: admin.headers,
    companyId: admin.user.companyId,
    share,
    away,
    connectorId: connector.id,
  };
}

const sync = (s: Setup) => syncAndWait(s.app, s.headers, s.connectorId);

/** The connector's documents by file name: id, chunk ids, vectorized_at. */
async function documents(s: Setup) {
  const out = new Map<string, { id: string; chunkIds: string[]; vectorizedAt: string }>();
  for (const d of (await snapshot(s.ctx, s.connectorId)).values()) {
    const row = await s.ctx.db
      .selectFrom('documents')
      .select('vectorized_at')
      .where('id', '=', d.id)
      .executeTakeFirstOrThrow();
    out.set(d.sourceUrl.split('/').pop()!, {
      id: d.id,
      chunkIds: d.chunkIds,
      // Milliseconds: String(date) keeps whole seconds, and a quick re-ingest falls in the same one.
      vectorizedAt: row.vectorized_at ? new Date(row.vectorized_at).toISOString() : '',
    });
  }
  return out;
}

const getStatus = async (s: Setup, id: string) =>
  (await s.app.inject({ method: 'GET', url: `/api/documents/${id}`, headers: s.headers })).statusCode;

/** Document ids of the search hits for `query` in `mode`. */
async function searchIds(s: Setup, query: string, mode: 'lexical' | 'dense') {
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/search',
    headers: s.headers,
    payload: { query, mode, limit: 10 },
  });
  if (res.statusCode !== 200) throw new Error(`search: ${res.statusCode} ${res.body}`);
  return (res.json().data.items as { documentId: string }[]).map((h) => h.documentId);
}

const archived = async (s: Setup) =>
  s.ctx.db
    .selectFrom('removed_documents')
    .select(['id', 'item_key'])
    .where('connector_id', '=', s.connectorId)
    .execute();

const usage = async (s: Setup) =>
  s.ctx.db
    .selectFrom('company_usage')
    .select('documents')
    .where('company_id', '=', s.companyId)
    .executeTakeFirstOrThrow();

const FILES = {
  'kiln.txt': 'Kiln schedule: the ceramics kiln fires every Thursday at nine.',
  'boat.txt': 'Boat register: the rowing boats are checked out at the harbour office.',
  'vault.txt': 'Vault rules: the archive vault needs two keys and a logbook entry.',
};

for (const postgres of [false, true]) {
  const db = postgres ? 'PostgreSQL' : 'PGlite';
  t.test(
    `${db}: a removed file is invisible, and back within the retention keeps its id and chunks`,
    async (t) => {
      const s = await setup(t, FILES, postgres);
      t.match(await sync(s), { status: 'completed', added: 3, embedded: 3 });
      const before = await documents(s);
      const kiln = before.get('kiln.txt')!;
      t.ok(kiln.chunkIds.length > 0);
      t.ok((await searchIds(s, 'ceramics kiln Thursday', 'lexical')).includes(kiln.id), 'found before');
      const uploadedEvents = await countEvents(s, kiln.id);

      renameSync(join(s.share, 'kiln.txt'), join(s.away, 'kiln.txt'));
      t.match(await sync(s), { status: 'completed', deleted: 1, added: 0 });
      t.equal(await getStatus(s, kiln.id), 404, 'GET answers 404 while removed');
      t.notOk((await searchIds(s, 'ceramics kiln Thursday', 'lexical')).includes(kiln.id), 'not in BM25');
      t.notOk(
        (await searchIds(s, 'when does the ceramics kiln fire', 'dense')).includes(kiln.id),
        'not in vectors',
      );
      t.equal(
        await s.ctx.db
          .selectFrom('chunks')
          .select('id')
          .where('document_id', '=', kiln.id)
          .execute()
          .then((r) => r.length),
        0,
      );
      t.same(await archived(s), [{ id: kiln.id, item_key: 'kiln.txt' }], 'archived under its key');
      t.equal((await usage(s)).documents, 2, 'a removed document does not count against the quota');

      renameSync(join(s.away, 'kiln.txt'), join(s.share, 'kiln.txt'));
      const back = await sync(s);
      t.match(back, { status: 'completed', added: 0, moved: 1, embedded: 0, deleted: 0, unchanged: 2 });
      const after = await documents(s);
      t.same(after.get('kiln.txt'), kiln, 'same id, same chunks, same vectorized_at: nothing embedded');
      t.equal(await getStatus(s, kiln.id), 200);
      t.ok(
        (await searchIds(s, 'ceramics kiln Thursday', 'lexical')).includes(kiln.id),
        'BM25 finds it again',
      );
      t.ok(
        (await searchIds(s, 'when does the ceramics kiln fire', 'dense')).includes(kiln.id),
        'vectors too',
      );
      t.same(await archived(s), [], 'the archive is consumed');
      t.equal((await usage(s)).documents, 3);
      t.equal(await countEvents(s, kiln.id), uploadedEvents + 1, 'document.vectorized again on restore');

      // Moved out in one sync, back under another name in a later one: found by its bytes.
      renameSync(join(s.share, 'boat.txt'), join(s.away, 'boat.txt'));
      t.match(await sync(s), { deleted: 1 });
      renameSync(join(s.away, 'boat.txt'), join(s.share, 'rowing.txt'));
      t.match(await sync(s), { status: 'completed', added: 0, moved: 1, embedded: 0 });
      const renamed = await documents(s);
      t.same(renamed.get('rowing.txt'), before.get('boat.txt'), 'same document under its new name');
      const doc = (
        await s.app.inject({
          method: 'GET',
          url: `/api/documents/${before.get('boat.txt')!.id}`,
          headers: s.headers,
        })
      ).json().data;
      t.equal(doc.name, 'rowing.txt');
    },
  );
}

/** `document.vectorized` events recorded for the document. */
async function countEvents(s: Setup, documentId: string) {
  const rows = await s.ctx.db
    .selectFrom('outbox')
    .select('id')
    .where('company_id', '=', s.companyId)
    .where('event', '=', 'document.vectorized')
    .where(sql`payload->>'documentId'`, '=', documentId)
    .execute();
  return rows.length;
}

t.test('a changed file that comes back keeps its id and is ingested again', async (t) => {
  const s = await setup(t, FILES);
  await sync(s);
  const vault = (await documents(s)).get('vault.txt')!;
  rmSync(join(s.share, 'vault.txt'));
  t.match(await sync(s), { deleted: 1 });
  writeFileSync(
    join(s.share, 'vault.txt'),
    'Vault rules, revised: the archive vault now opens with a badge and a PIN.',
  );
  t.match(await sync(s), { status: 'completed', added: 0, updated: 1, embedded: 1, moved: 0 });
  const back = (await documents(s)).get('vault.txt')!;
  t.equal(back.id, vault.id, 'same document id');
  t.notSame(back.chunkIds, vault.chunkIds, 'new chunks from the new content');
  t.ok(Date.parse(back.vectorizedAt) > Date.parse(vault.vectorizedAt), 'embedded again');
  t.ok((await searchIds(s, 'badge PIN vault', 'lexical')).includes(vault.id), 'the new text is searchable');
  const row = await s.ctx.db
    .selectFrom('connector_items')
    .selectAll()
    .where('connector_id', '=', s.connectorId)
    .where('item_key', '=', 'vault.txt')
    .executeTakeFirstOrThrow();
  t.not(row.version, '!restored', 'the item row carries the real version');
  t.match(await sync(s), { unchanged: 3, embedded: 0 }, 'and the next sync sees nothing new');
});

t.test('the purge removes archives past the retention, and their originals', async (t) => {
  const s = await setup(t, FILES);
  await sync(s);
  const ids = await documents(s);
  rmSync(join(s.share, 'kiln.txt'));
  renameSync(join(s.share, 'boat.txt'), join(s.away, 'boat.txt'));
  t.match(await sync(s), { deleted: 2 });
  const stored = await s.ctx.db
    .selectFrom('removed_documents')
    .select(['id', sql<string>`documents->0->>'storage_key'`.as('key')])
    .execute();
  t.equal(stored.length, 2);
  for (const r of stored)
    t.ok(await s.ctx.files.get(r.key), `${r.id}: the original is kept while recoverable`);

  t.equal(await purgeRemoved(s.ctx, 30), 0, 'nothing is past 30 days');
  const kilnId = ids.get('kiln.txt')!.id;
  await s.ctx.db
    .updateTable('removed_documents')
    .set({ removed_at: sql`now() - interval '31 days'` })
    .where('id', '=', kilnId)
    .execute();
  t.equal(await purgeRemoved(s.ctx, 30), 1, 'the 31-day-old archive goes');
  t.same(
    (await archived(s)).map((r) => r.id),
    [ids.get('boat.txt')!.id],
  );
  const kilnKey = stored.find((r) => r.id === kilnId)!.key;
  await t.rejects(s.ctx.files.get(kilnKey), 'its original is deleted');
  t.equal(
    Number(
      (
        await sql<{
          n: string;
        }>`select count(*) as n from removed_chunks where removed_id = ${kilnId}`.execute(s.ctx.db)
      ).rows[0]!.n,
    ),
    0,
    'and its chunks',
  );

  // Past the retention (not purged yet) an archive is not restored either: a new document.
  writeFileSync(join(s.share, 'kiln.txt'), FILES['kiln.txt']);
  await s.ctx.db
    .updateTable('removed_documents')
    .set({ removed_at: sql`now() - interval '31 days'` })
    .execute();
  renameSync(join(s.away, 'boat.txt'), join(s.share, 'boat.txt'));
  t.match(await sync(s), { status: 'completed', added: 2, moved: 0, embedded: 2 });
  const now = await documents(s);
  t.not(now.get('kiln.txt')!.id, kilnId);
  t.not(now.get('boat.txt')!.id, ids.get('boat.txt')!.id);

  // A deleted connector's archives go at the next purge whatever their age.
  rmSync(join(s.share, 'vault.txt'));
  t.match(await sync(s), { deleted: 1 });
  await s.ctx.db
    .updateTable('removed_documents')
    .set({ removed_at: sql`now()` })
    .execute();
  const del = await s.app.inject({
    method: 'DELETE',
    url: `/api/connectors/${s.connectorId}`,
    headers: s.headers,
  });
  t.equal(del.statusCode, 200);
  t.equal(await purgeRemoved(s.ctx, 30), 2, 'the deleted connector’s archives are purged');
  t.same(await archived(s), []);
});

t.test(
  'the empty folder: documents intact, connector paused, reason shown; files back keep their ids',
  async (t) => {
    const many = Object.fromEntries(
      Array.from({ length: 12 }, (_, i) => [
        `note-${i}.txt`,
        `Note ${i}: shelf ${i * 7} holds binders of series ${i}.`,
      ]),
    );
    const s = await setup(t, many);
    let started = Date.now();
    t.match(await sync(s), { status: 'completed', added: 12 });
    const importMs = Date.now() - started;
    const before = await documents(s);
    const unmount = () => {
      for (const name of readdirSync(s.share)) renameSync(join(s.share, name), join(s.away, name));
    };
    const remount = () => {
      for (const name of readdirSync(s.away)) renameSync(join(s.away, name), join(s.share, name));
    };

    unmount();
    const paused = await sync(s);
    t.match(paused, { status: 'failed', deleted: 0 });
    const shown = (
      await s.app.inject({ method: 'GET', url: `/api/connectors/${s.connectorId}`, headers: s.headers })
    ).json().data;
    t.equal(shown.enabled, false, 'paused');
    t.match(
      shown.lastRun.error,
      /^Paused, nothing deleted: the source listed nothing while the connector holds 12 documents/,
      'the reason, through the API',
    );
    t.same(await documents(s), before, 'every document intact');
    for (const d of before.values()) t.equal(await getStatus(s, d.id), 200);

    // The admin confirms the deletion (enables the connector) while the share is still empty:
    // everything is removed, and still recoverable when the share comes back.
    t.equal(
      (
        await s.app.inject({
          method: 'PATCH',
          url: `/api/connectors/${s.connectorId}`,
          headers: s.headers,
          payload: { enabled: true },
        })
      ).statusCode,
      200,
    );
    t.match(await sync(s), { status: 'completed', deleted: 12 });
    t.equal((await documents(s)).size, 0);
    remount();
    started = Date.now();
    t.match(await sync(s), { status: 'completed', added: 0, moved: 12, embedded: 0 });
    t.comment(`12 files: first import ${importMs} ms (parse, embed), restore ${Date.now() - started} ms`);
    t.same(await documents(s), before, 'every file back with its document id, chunks and vectorized_at');
  },
);

t.test(
  'Qdrant: a removed document leaves the store, and comes back from its stored embeddings',
  async (t) => {
    const qdrant = await testQdrant(t);
    const s = await setup(t, FILES, false, qdrant.env);
    t.equal(s.ctx.vectorStore.kind, 'qdrant');
    await sync(s);
    const kiln = (await documents(s)).get('kiln.txt')!;
    const points = async () => new Set(await s.ctx.vectorStore.listChunkIds(s.companyId));
    const all = await points();
    t.ok(
      kiln.chunkIds.every((id) => all.has(id)),
      'its points are in the store',
    );

    renameSync(join(s.share, 'kiln.txt'), join(s.away, 'kiln.txt'));
    t.match(await sync(s), { deleted: 1 });
    const removed = await points();
    t.notOk(
      kiln.chunkIds.some((id) => removed.has(id)),
      'its points leave the store',
    );
    t.notOk((await searchIds(s, 'when does the ceramics kiln fire', 'dense')).includes(kiln.id));

    renameSync(join(s.away, 'kiln.txt'), join(s.share, 'kiln.txt'));
    t.match(await sync(s), { moved: 1, embedded: 0 });
    const back = await points();
    t.ok(
      kiln.chunkIds.every((id) => back.has(id)),
      'its points are written again, same ids',
    );
    t.ok(
      (await searchIds(s, 'when does the ceramics kiln fire', 'dense')).includes(kiln.id),
      'dense search finds it',
    );
  },
);
