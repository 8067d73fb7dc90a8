import t from 'tap';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectorApp, createConnector, ingested, syncAndWait } from './helpers.ts';

const TOKEN = 'metrics-token-0123456789abcdef';

/**
 * A folder with a corrupt PDF among good files: the sync fetches every file (no fetch failure),
 * the parser then refuses the PDF and its document ends ERROR. Read afterwards, the run counts it
 * as failed with the document's error, and /metrics shows the connector's figures.
 */
t.test('a corrupt file counts as a failed item of its run, and in /metrics', async (t) => {
  const root = mkdtempSync(join(tmpdir(), 'cograg-roots-'));
  t.teardown(() => rmSync(root, { recursive: true, force: true }));
  const dir = join(root, 'share');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'good.txt'), 'The loading dock opens at six on weekdays.');
  writeFileSync(join(dir, 'also-good.md'), '# Badges\n\nBadges are renewed every January.');
  // A PDF header, then garbage: fetched like any file, refused by the parser.
  writeFileSync(
    join(dir, 'broken.pdf'),
    Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2048, 0x8f)]),
  );

  const { app, admin } = await connectorApp(t, { CONNECTOR_FOLDER_ROOTS: root, METRICS_TOKEN: TOKEN });
  const connector = await createConnector(app, admin.headers, {
    name: 'Share',
    kind: 'folder',
    config: { path: dir },
  });
  const started = Date.now();
  await syncAndWait(app, admin.headers, connector.id);
  await ingested(app.ctx, connector.id);
  const runs = await app.inject({
    method: 'GET',
    url: `/api/connectors/${connector.id}/runs`,
    headers: admin.headers,
  });
  const run = runs.json().data.items[0];
  t.match(
    run,
    { status: 'completed', listed: 3, added: 3, failed: 1 },
    'the refused file is a failed item (was 0)',
  );
  t.match(
    run.errors,
    [{ item: /broken\.pdf$/, error: /^ingestion: / }],
    "with its document's error, the item named",
  );
  const shown = await app.inject({
    method: 'GET',
    url: `/api/connectors/${connector.id}`,
    headers: admin.headers,
  });
  t.equal(shown.json().data.lastRun.failed, 1, 'the connector view agrees');

  const metrics = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  const value = (name: string, extra = '') => {
    const m = new RegExp(`^${name}\\{connector="${connector.id}",kind="folder"${extra}\\} (\\S+)`, 'm').exec(
      metrics.body,
    );
    return m ? Number(m[1]) : null;
  };
  t.equal(value('cograg_connector_items', ',state="seen"'), 3, 'items seen');
  t.equal(value('cograg_connector_items', ',state="changed"'), 3, 'items changed');
  t.equal(value('cograg_connector_items', ',state="failed"'), 1, 'items failed');
  const duration = value('cograg_connector_run_duration_seconds');
  t.ok(
    duration !== null && duration > 0 && duration < (Date.now() - started) / 1000,
    `run duration ${duration} s`,
  );
  const success = value('cograg_connector_last_success_timestamp_seconds');
  t.ok(
    success !== null && success * 1000 >= started - 1000 && success * 1000 <= Date.now(),
    'last success: this run',
  );

  // An unchanged second run does not count the document that is still ERROR again.
  const again = await syncAndWait(app, admin.headers, connector.id);
  t.match(again, { status: 'completed', unchanged: 3, failed: 0 }, 'the next run, nothing changed: 0 failed');
});
