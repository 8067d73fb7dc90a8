import t from 'tap';
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Selectable } from 'kysely';
import type { ConnectorItemsTable } from '../../src/db/schema.ts';
import {
  MASS_DELETE_MIN_DOCUMENTS,
  MASS_DELETE_SHARE,
  PAUSED_ERROR,
  massDeletion,
} from '../../src/connectors/sync.ts';
import { connectorApp, createConnector, snapshot, syncAndWait } from './helpers.ts';

/**
 * A sync that cannot empty a company by accident (issue 36): a source that lists nothing, or
 * whose sync would delete more than half of what the connector holds, deletes nothing, pauses
 * the connector with a reason an admin sees, and the documents keep their ids when the files
 * come back. An admin confirms a real mass deletion by enabling the connector again.
 */

const FILES = 12;

const rowsOf = (n: number, withDocuments = true) =>
  Array.from({ length: n }, (_, i) => ({
    item_key: `f${i}.txt`,
    document_id: withDocuments ? `doc_${i}` : null,
  })) as unknown as Selectable<ConnectorItemsTable>[];

t.test('massDeletion: the documented thresholds', async (t) => {
  t.equal(MASS_DELETE_SHARE, 0.5);
  t.equal(MASS_DELETE_MIN_DOCUMENTS, 10);
  const rows = rowsOf(20);
  t.equal(massDeletion(rows, 20, []), null, 'nothing to delete');
  t.equal(massDeletion(rows, 10, rows.slice(0, 10)), null, 'exactly half may go');
  t.match(massDeletion(rows, 9, rows.slice(0, 11)), /^Paused, nothing deleted: this sync would delete 11 of/);
  t.match(massDeletion(rows, 0, rows), /the source listed nothing while the connector holds 20 documents/);
  // New items do not hide the deletions (a share swapped for another one).
  t.match(massDeletion(rows, 40, rows.slice(0, 15)), /would delete 15 of the connector's 20 documents/);
  const few = rowsOf(4);
  t.equal(massDeletion(few, 1, few.slice(0, 3)), null, 'below 10 documents deletions go ahead');
  t.match(massDeletion(few, 0, few), /listed nothing/, 'but a listing of nothing does not');
  const failed = rowsOf(20, false);
  t.equal(massDeletion(failed, 0, failed), null, 'items that never became documents go freely');
  t.equal(massDeletion([], 0, []), null, 'a new connector');
});

t.test('an emptied folder pauses the connector and keeps its documents and their ids', async (t) => {
  const root = mkdtempSync(join(tmpdir(), 'cograg-roots-'));
  t.teardown(() => rmSync(root, { recursive: true, force: true }));
  const share = join(root, 'share');
  const away = join(root, 'away');
  mkdirSync(join(share, 'sub'), { recursive: true });
  mkdirSync(away);
  for (let i = 0; i < FILES; i++)
    writeFileSync(
      join(share, i % 2 ? 'sub' : '', `note-${i}.txt`),
      `Note ${i}: shelf ${i * 7} holds the binders of series ${i % 5}.`,
    );
  // Everything out of the share (it stays, empty: how an unmounted share looks), and back.
  const unmount = () => {
    for (const name of readdirSync(share)) renameSync(join(share, name), join(away, name));
  };
  const remount = () => {
    for (const name of readdirSync(away)) renameSync(join(away, name), join(share, name));
  };

  const { app, ctx, admin } = await connectorApp(t, { CONNECTOR_FOLDER_ROOTS: root });
  const connector = await createConnector(app, admin.headers, {
    name: 'Share',
    kind: 'folder',
    config: { path: share },
  });
  const get = async () =>
    (
      await app.inject({ method: 'GET', url: `/api/connectors/${connector.id}`, headers: admin.headers })
    ).json().data;
  const ids = async () =>
    new Map([...(await snapshot(ctx, connector.id)).values()].map((d) => [d.sourceUrl, d.id]));

  t.match(await syncAndWait(app, admin.headers, connector.id), { status: 'completed', added: FILES });
  const before = await snapshot(ctx, connector.id);
  t.equal(before.size, FILES);
  const beforeIds = await ids();

  unmount();
  const empty = await syncAndWait(app, admin.headers, connector.id);
  t.match(empty, { status: 'failed', deleted: 0, listed: 0 });
  t.match(
    empty.error,
    new RegExp(`^${PAUSED_ERROR} the source listed nothing while the connector holds ${FILES} documents`),
  );
  t.match(empty.error, /unmounted share/);
  const shown = await get();
  t.equal(shown.enabled, false, 'the connector is paused');
  t.equal(shown.lastRun.status, 'failed');
  t.equal(shown.lastRun.error, empty.error, 'the reason is on the connector for the admin');
  const during = await snapshot(ctx, connector.id);
  t.same(await ids(), beforeIds, 'no document was deleted');
  for (const d of during.values()) {
    t.equal(d.status, 'VECTORIZED', `${d.name} still searchable`);
    t.same(d.chunkIds, before.get(d.sourceUrl)!.chunkIds, `${d.name}: same chunks`);
  }
  const events = await ctx.db
    .selectFrom('outbox')
    .select('payload')
    .where('company_id', '=', admin.user.companyId)
    .where('event', '=', 'connector.sync.failed')
    .execute();
  t.match(
    events.map((e) => e.payload),
    [{ connectorId: connector.id, runId: empty.id, error: empty.error }],
    'connector.sync.failed carries the reason to webhooks',
  );

  // A second sync while still empty (manual: paused connectors are not scheduled): still nothing.
  t.match(await syncAndWait(app, admin.headers, connector.id), { status: 'failed', deleted: 0 });
  t.same(await ids(), beforeIds);

  // More than half gone (7 of 12) is paused too; half or less goes ahead below.
  remount();
  const gone = readdirSync(join(share, 'sub')).slice(0, 6);
  for (const name of gone) renameSync(join(share, 'sub', name), join(away, name));
  renameSync(join(share, 'note-0.txt'), join(away, 'note-0.txt'));
  const most = await syncAndWait(app, admin.headers, connector.id);
  t.match(most, { status: 'failed', deleted: 0, listed: FILES - 7 });
  t.match(most.error, new RegExp(`would delete 7 of the connector's ${FILES} documents`));
  t.same(await ids(), beforeIds);

  // The files come back: the same documents, nothing re-imported or re-embedded.
  for (const name of gone) renameSync(join(away, name), join(share, 'sub', name));
  renameSync(join(away, 'note-0.txt'), join(share, 'note-0.txt'));
  const back = await syncAndWait(app, admin.headers, connector.id);
  t.match(back, { status: 'completed', added: 0, deleted: 0, embedded: 0, unchanged: FILES, error: null });
  t.same(await ids(), beforeIds, 'every file kept its document id');
  const after = await snapshot(ctx, connector.id);
  for (const d of after.values())
    t.same(d.chunkIds, before.get(d.sourceUrl)!.chunkIds, `${d.name}: not re-embedded`);
  t.equal((await get()).enabled, false, 'the connector stays paused until an admin enables it');

  // The admin enables it again; a deletion of half goes ahead as before.
  const enable = await app.inject({
    method: 'PATCH',
    url: `/api/connectors/${connector.id}`,
    headers: admin.headers,
    payload: { enabled: true },
  });
  t.equal(enable.statusCode, 200);
  for (const name of readdirSync(join(share, 'sub'))) renameSync(join(share, 'sub', name), join(away, name));
  t.match(await syncAndWait(app, admin.headers, connector.id), {
    status: 'completed',
    deleted: FILES / 2,
  });
  t.equal((await snapshot(ctx, connector.id)).size, FILES / 2);
});

t.test('an admin confirms a real mass deletion by enabling the paused connector', async (t) => {
  const root = mkdtempSync(join(tmpdir(), 'cograg-roots-'));
  t.teardown(() => rmSync(root, { recursive: true, force: true }));
  const share = join(root, 'share');
  mkdirSync(share);
  for (let i = 0; i < 3; i++)
    writeFileSync(join(share, `memo-${i}.txt`), `Memo ${i}: the canteen opens at ${i + 7}.`);
  const { app, ctx, admin } = await connectorApp(t, { CONNECTOR_FOLDER_ROOTS: root });
  const connector = await createConnector(app, admin.headers, {
    name: 'Share',
    kind: 'folder',
    config: { path: share },
  });
  t.match(await syncAndWait(app, admin.headers, connector.id), { status: 'completed', added: 3 });

  for (const name of readdirSync(share)) rmSync(join(share, name));
  const paused = await syncAndWait(app, admin.headers, connector.id);
  t.match(paused, { status: 'failed', deleted: 0 });
  t.match(paused.error, /listed nothing while the connector holds 3 documents/);
  t.equal((await snapshot(ctx, connector.id)).size, 3);

  // Still paused: another sync asks again.
  t.match(await syncAndWait(app, admin.headers, connector.id), { status: 'failed', deleted: 0 });

  const enable = await app.inject({
    method: 'PATCH',
    url: `/api/connectors/${connector.id}`,
    headers: admin.headers,
    payload: { enabled: true },
  });
  t.equal(enable.json().data.enabled, true);
  t.match(await syncAndWait(app, admin.headers, connector.id), { status: 'completed', deleted: 3 });
  t.equal((await snapshot(ctx, connector.id)).size, 0, 'the confirmed deletion went ahead');
});
