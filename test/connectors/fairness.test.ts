import t from 'tap';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signUp } from '../helpers/app.ts';
import { connectorApp, createConnector, syncAndWait } from './helpers.ts';
import { html } from './site.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Fair with other companies: while company A's sync is held up by a slow source, company B's sync
 * runs beside it and completes; A's second connector waits for A's first (one sync per company at
 * a time in a worker of CONNECTOR_CONCURRENCY 2).
 */
t.test('a long sync of one company does not hold up another company’s sync', async (t) => {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let held = 0;
  const slow = createServer((req, res) => {
    void (async () => {
      if (req.url === '/robots.txt') return void res.writeHead(404).end();
      held++;
      await gate;
      res.writeHead(200, { 'content-type': 'text/html' }).end(html('Slow', 'A page of the slow intranet.'));
    })();
  });
  await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
  t.teardown(() => {
    release();
    slow.close();
  });
  const origin = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
  const root = mkdtempSync(join(tmpdir(), 'cograg-roots-'));
  t.teardown(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(join(root, 'b'));
  writeFileSync(join(root, 'b', 'b.txt'), 'Company B: the warehouse opens at six.');
  mkdirSync(join(root, 'a2'));
  writeFileSync(join(root, 'a2', 'a2.txt'), 'Company A, second share: invoices go to finance.');

  const { app, admin } = await connectorApp(
    t,
    { CONNECTOR_ALLOWLIST: '127.0.0.1', CONNECTOR_FOLDER_ROOTS: root, CONNECTOR_TIMEOUT_MS: '60000' },
    { concurrency: 2 },
  );
  const other = await signUp(app);
  const aSlow = await createConnector(app, admin.headers, {
    name: 'slow',
    kind: 'web',
    config: { startUrls: [`${origin}/`] },
  });
  const aShare = await createConnector(app, admin.headers, {
    name: 'a2',
    kind: 'folder',
    config: { path: join(root, 'a2') },
  });
  const bShare = await createConnector(app, other.headers, {
    name: 'b',
    kind: 'folder',
    config: { path: join(root, 'b') },
  });
  const started = await app.inject({
    method: 'POST',
    url: `/api/connectors/${aSlow.id}/sync`,
    headers: admin.headers,
  });
  t.equal(started.statusCode, 202);
  while (held === 0) await sleep(50); // A's sync is now waiting on its source
  const a2 = await app.inject({
    method: 'POST',
    url: `/api/connectors/${aShare.id}/sync`,
    headers: admin.headers,
  });
  t.equal(a2.statusCode, 202);

  const b = await syncAndWait(app, other.headers, bShare.id);
  t.match(b, { status: 'completed', added: 1 }, 'company B synced while company A’s sync was held up');
  const runOf = async (headers: Record<string, string>, id: string) =>
    (await app.inject({ method: 'GET', url: `/api/connectors/${id}/runs`, headers })).json().data.items[0];
  t.equal((await runOf(admin.headers, aSlow.id)).status, 'running', 'A’s long sync still runs');
  t.equal((await runOf(admin.headers, aShare.id)).status, 'queued', 'A’s second sync waits for A’s first');

  release();
  const aDone = await syncAndWait(app, admin.headers, aSlow.id); // answers the run in progress
  t.match(aDone, { status: 'completed', added: 1 });
  for (;;) {
    const run = await runOf(admin.headers, aShare.id);
    if (run.status === 'completed' || run.status === 'failed') {
      t.match(run, { status: 'completed', added: 1 }, 'then A’s second sync runs');
      break;
    }
    await sleep(200);
  }
});
