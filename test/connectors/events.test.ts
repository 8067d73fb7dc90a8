import t from 'tap';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually, startReceiver } from '../helpers/receiver.ts';
import { connectorApp, createConnector, syncAndWait } from './helpers.ts';

/**
 * `connector.sync.completed` and `connector.sync.failed` go through the outbox to subscribed
 * webhooks, signed, with the run's counts; on PostgreSQL, so the relational path runs too.
 */
t.test('connector.sync.completed / connector.sync.failed webhooks (PostgreSQL)', async (t) => {
  const root = mkdtempSync(join(tmpdir(), 'cograg-roots-'));
  t.teardown(() => rmSync(root, { recursive: true, force: true }));
  const share = join(root, 'share');
  mkdirSync(share);
  writeFileSync(join(share, 'a.txt'), 'Alpha: the ferry desk opens at seven.');
  const receiver = await startReceiver(t, () => 200);
  const { app, admin } = await connectorApp(
    t,
    {
      CONNECTOR_FOLDER_ROOTS: root,
      WEBHOOK_PRIVATE_TARGETS: `*=${receiver.base.slice('http://'.length)}`,
      WEBHOOK_POLL_MS: '50',
    },
    { postgres: true, webhooks: true },
  );
  const hook = await app.inject({
    method: 'POST',
    url: '/api/webhooks',
    headers: admin.headers,
    payload: { url: `${receiver.base}/hook`, events: ['connector.sync.completed', 'connector.sync.failed'] },
  });
  t.equal(hook.statusCode, 201);
  receiver.secrets.set('/hook', hook.json().data.secret);
  const connector = await createConnector(app, admin.headers, {
    name: 'Share',
    kind: 'folder',
    config: { path: share },
  });
  const run = await syncAndWait(app, admin.headers, connector.id);
  const completed = await eventually(async () =>
    receiver.received.find((r) => r.body.includes('connector.sync.completed')),
  );
  t.ok(completed.verified, 'signed');
  const body = JSON.parse(completed.body);
  t.match(body, {
    type: 'connector.sync.completed',
    data: { connectorId: connector.id, runId: run.id, added: 1, failed: 0 },
  });

  rmSync(share, { recursive: true });
  const failedRun = await syncAndWait(app, admin.headers, connector.id);
  t.equal(failedRun.status, 'failed');
  t.match(String(failedRun.error), /outside CONNECTOR_FOLDER_ROOTS|missing/);
  const failed = await eventually(async () =>
    receiver.received.find((r) => r.body.includes('connector.sync.failed')),
  );
  t.match(JSON.parse(failed.body), {
    type: 'connector.sync.failed',
    data: { connectorId: connector.id, runId: failedRun.id },
  });
});
