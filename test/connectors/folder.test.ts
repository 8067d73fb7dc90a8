import t from 'tap';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { connectorApp, createConnector, snapshot, syncAndWait } from './helpers.ts';

/**
 * Folder source against a real directory: first sync imports everything the globs take; after an
 * edit, an addition, a deletion and a move, the next sync mirrors the folder exactly and
 * re-embeds only the edited and the added file. Connector documents cannot be deleted by hand.
 */
t.test('folder: import, then edits, additions, deletions and a move mirrored', async (t) => {
  const root = mkdtempSync(join(tmpdir(), 'cograg-roots-'));
  t.teardown(() => rmSync(root, { recursive: true, force: true }));
  const dir = join(root, 'share');
  mkdirSync(join(dir, 'sub'), { recursive: true });
  const write = (rel: string, text: string) => writeFileSync(join(dir, rel), text);
  write('alpha.txt', 'Alpha policy: the warehouse opens at seven in the morning.');
  write('beta.md', '# Beta\n\nBeta handbook: expenses are filed within thirty days.');
  write('sub/gamma.txt', 'Gamma notes: the parking garage closes at midnight.');
  write('sub/delta.txt', 'Delta memo: badges are renewed every January.');
  write('skip.log', 'a log file the include globs leave out');
  write('sub/draft.tmp.txt', 'excluded by the exclude glob');

  const { app, ctx, admin } = await connectorApp(t, { CONNECTOR_FOLDER_ROOTS: root });
  const topic = await app.inject({
    method: 'POST',
    url: '/api/topics',
    headers: admin.headers,
    payload: { name: 'Share' },
  });
  const topicId = topic.json().data.id;
  const connector = await createConnector(app, admin.headers, {
    name: 'Share',
    kind: 'folder',
    topicId,
    config: { path: dir, include: ['**/*.txt', '**/*.md'], exclude: ['**/*.tmp.txt'] },
  });
  const url = (rel: string) => pathToFileURL(join(dir, rel)).href;

  const first = await syncAndWait(app, admin.headers, connector.id);
  t.match(first, {
    status: 'completed',
    added: 4,
    updated: 0,
    deleted: 0,
    moved: 0,
    unchanged: 0,
    failed: 0,
    embedded: 4,
  });
  const before = await snapshot(ctx, connector.id);
  t.same(
    [...before.keys()].sort(),
    ['alpha.txt', 'beta.md', 'sub/delta.txt', 'sub/gamma.txt'].map(url).sort(),
  );
  for (const doc of before.values()) t.equal(doc.status, 'VECTORIZED', doc.name);
  t.match(before.get(url('alpha.txt'))!.text, /warehouse opens at seven/);
  const docRow = await ctx.db
    .selectFrom('documents')
    .select('topic_id')
    .where('id', '=', before.get(url('alpha.txt'))!.id)
    .executeTakeFirstOrThrow();
  t.equal(docRow.topic_id, topicId, 'documents land in the chosen topic');

  // An unchanged re-sync costs a listing only.
  const again = await syncAndWait(app, admin.headers, connector.id);
  t.match(again, { added: 0, updated: 0, deleted: 0, moved: 0, unchanged: 4, embedded: 0, bytes: 0 });

  write('alpha.txt', 'Alpha policy: the warehouse now opens at eight in the morning.');
  write('sub/new.txt', 'Epsilon: the cafeteria serves soup on Fridays.');
  rmSync(join(dir, 'beta.md'));
  mkdirSync(join(dir, 'archive'));
  renameSync(join(dir, 'sub/gamma.txt'), join(dir, 'archive/gamma-2024.txt'));

  const second = await syncAndWait(app, admin.headers, connector.id);
  t.match(second, {
    status: 'completed',
    added: 1,
    updated: 1,
    deleted: 1,
    moved: 1,
    unchanged: 1,
    failed: 0,
    embedded: 2,
  });
  const after = await snapshot(ctx, connector.id);
  t.same(
    [...after.keys()].sort(),
    ['alpha.txt', 'archive/gamma-2024.txt', 'sub/delta.txt', 'sub/new.txt'].map(url).sort(),
    'the document set is the folder, no duplicates',
  );
  t.match(after.get(url('alpha.txt'))!.text, /opens at eight/);
  t.notMatch(after.get(url('alpha.txt'))!.text, /seven/);
  t.equal(
    after.get(url('alpha.txt'))!.id,
    before.get(url('alpha.txt'))!.id,
    'an edited file keeps its document',
  );
  const moved = after.get(url('archive/gamma-2024.txt'))!;
  t.equal(moved.id, before.get(url('sub/gamma.txt'))!.id, 'a moved file keeps its document');
  t.same(moved.chunkIds, before.get(url('sub/gamma.txt'))!.chunkIds, 'a moved file is not re-embedded');
  t.equal(moved.name, 'gamma-2024.txt');
  t.same(
    after.get(url('sub/delta.txt'))!.chunkIds,
    before.get(url('sub/delta.txt'))!.chunkIds,
    'unchanged: same chunks',
  );
  t.match(after.get(url('sub/new.txt'))!.text, /soup on Fridays/);

  // Connector-managed: a delete by hand is refused while the connector owns the document.
  const del = await app.inject({
    method: 'DELETE',
    url: `/api/documents/${moved.id}`,
    headers: admin.headers,
  });
  t.equal(del.statusCode, 409);
  t.equal(del.json().error.code, 'CONFLICT');
  t.match(del.json().error.message, /managed by connector/);

  // Deleting the connector deletes its documents.
  const gone = await app.inject({
    method: 'DELETE',
    url: `/api/connectors/${connector.id}`,
    headers: admin.headers,
  });
  t.equal(gone.statusCode, 200);
  const left = await ctx.db
    .selectFrom('documents')
    .select('id')
    .where('company_id', '=', admin.user.companyId)
    .execute();
  t.equal(left.length, 0);
});

t.test('folder: a path outside CONNECTOR_FOLDER_ROOTS is refused', async (t) => {
  const root = mkdtempSync(join(tmpdir(), 'cograg-roots-'));
  const outside = mkdtempSync(join(tmpdir(), 'cograg-outside-'));
  t.teardown(() => [root, outside].forEach((d) => rmSync(d, { recursive: true, force: true })));
  const { app, admin } = await connectorApp(t, { CONNECTOR_FOLDER_ROOTS: root });
  for (const path of [outside, join(root, '..'), '/etc', 'relative/path']) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/connectors',
      headers: admin.headers,
      payload: { name: 'x', kind: 'folder', config: { path } },
    });
    t.equal(res.statusCode, 400, path);
    t.equal(res.json().error.details[0].field, 'config.path');
  }
});
