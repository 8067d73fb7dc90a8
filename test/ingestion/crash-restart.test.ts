import t from 'tap';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTestApp, DATASETS, MODELS_DIR, signUp } from '../helpers/app.ts';
import { multipartBody, waitForDocument } from '../helpers/multipart.ts';
import { listeningPort, startServer, waitFor } from '../helpers/server-process.ts';

/**
 * Kills a real server process (SIGKILL) while it ingests, then starts the app again on the same
 * DATA_DIR: every document must end VECTORIZED or ERROR, with no duplicate or orphan chunks.
 */
t.test('crash mid-ingestion, restart, every document settles with no duplicate chunks', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cograg-crash-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  // PORT=0: the kernel picks a free port at bind time, read back from the log (no race with the
  // other test files that start servers in parallel).
  const server = startServer(t, {
    ...(process.env as Record<string, string>),
    DATA_DIR: dataDir,
    MODELS_DIR,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    RATE_LIMIT_ENABLED: 'false',
    JWT_SECRET: 'crash-test-secret-at-least-32-bytes-long',
    ADMIN_EMAIL: 'crash@example.com',
    ADMIN_PASSWORD: 'crash test password',
    MODELS_SOURCE: 'pypi',
  });
  const base = `http://127.0.0.1:${await listeningPort(server)}`;
  t.ok(await waitFor(`${base}/api/health`), 'server answers its health check');
  const login = (await (
    await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'crash@example.com', password: 'crash test password' }),
    })
  ).json()) as { data: { accessToken: string } };
  const headers = { authorization: `Bearer ${login.data.accessToken}` };
  const files = [
    'docx/handbook-872p.docx',
    'pdf/tracemonkey.pdf',
    'pdf/federal-register-2020-17221.pdf',
    'md/mammoth-README.md',
  ];
  const ids: string[] = [];
  for (const rel of files) {
    const body = multipartBody(
      {},
      { filename: rel.split('/')[1]!, bytes: readFileSync(join(DATASETS, 'documents', rel)) },
    );
    const res = await fetch(`${base}/api/documents/upload`, {
      method: 'POST',
      headers: { ...headers, ...body.headers },
      body: body.payload,
    });
    t.equal(res.status, 201);
    ids.push(((await res.json()) as { data: { id: string } }).data.id);
  }
  // Let the worker get into the big document, then kill the process without warning.
  for (let i = 0; i < 100; i++) {
    const d = (await (await fetch(`${base}/api/documents/${ids[0]}`, { headers })).json()) as {
      data: { status: string };
    };
    if (d.data.status === 'PROCESSING') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await new Promise((r) => setTimeout(r, 1500));
  server.child.kill('SIGKILL');
  await server.exited;

  // Restart on the same data directory (in-process this time) with a worker.
  const { app, ctx } = await buildTestApp(t, {
    worker: true,
    dataDir,
    env: { JWT_SECRET: 'crash-test-secret-at-least-32-bytes-long' },
  });
  const me = await signUp(app);
  void me;
  for (const id of ids) {
    const final = await waitForDocument(app, headers, id, 300_000);
    t.ok(['VECTORIZED', 'ERROR'].includes(final.status), `${id} settled: ${final.status}`);
    t.equal(final.status, 'VECTORIZED', `${id} vectorized`);
    const chunks = await ctx.db
      .selectFrom('chunks')
      .select(['chunk_index'])
      .where('document_id', '=', id)
      .execute();
    t.equal(chunks.length, final.chunkCount, 'chunk rows match chunkCount (no duplicates)');
    t.equal(new Set(chunks.map((c) => c.chunk_index)).size, chunks.length, 'chunk indexes unique');
  }
  const orphans = await ctx.db
    .selectFrom('chunks')
    .leftJoin('documents', 'documents.id', 'chunks.document_id')
    .select('chunks.id')
    .where('documents.id', 'is', null)
    .execute();
  t.equal(orphans.length, 0, 'no orphan chunks');
  // `.cograg-store-id` names the store (src/documents/store-identity.ts); the rest are company folders.
  const folders = readdirSync(join(dataDir, 'files')).filter((name) => !name.startsWith('.'));
  t.same(folders.length, 1, 'originals kept under one company folder');
});
