import t from 'tap';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { buildTestApp, signUp, TEST_DATABASE_URL } from '../helpers/app.ts';
import { multipartBody, waitForDocument } from '../helpers/multipart.ts';
import { completionChunk, fakeOpenAiServer } from '../helpers/openai-server.ts';
import { parseSse } from '../helpers/sse.ts';
import { tcpProxy } from '../helpers/tcp-proxy.ts';
import { ingestionOutcomes } from '../../src/metrics/registry.ts';

/**
 * PostgreSQL failing under a running service, on a database of this test's own (so terminating
 * "every connection of the service's database" touches no other suite): dropped connections,
 * a database that refuses connections for a while, and a frozen one behind a paused TCP proxy.
 */
const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
await admin.connect();
t.teardown(() => admin.end());

async function ownDatabase(t: { teardown(fn: () => unknown): void }): Promise<{ name: string; url: string }> {
  const name = `cograg_faults_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  await c.query('create extension if not exists vector');
  await c.end();
  t.teardown(async () => {
    await admin.query(`alter database ${name} with allow_connections true`);
    await admin.query(`drop database if exists ${name} with (force)`);
  });
  return { name, url: url.toString() };
}

/** How many ingestion attempts the worker of this process saw cut off by the infrastructure. */
async function interruptions(): Promise<number> {
  const { values } = await ingestionOutcomes.get();
  return values.find((v) => v.labels.outcome === 'interrupted')?.value ?? 0;
}

/** Ends every connection to `db` (what a restart or a failover does to the clients). */
const terminateAll = (db: string) =>
  admin.query(
    'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [db],
  );

/** `n` paragraphs of distinct prose: a document whose chunks take some seconds to write. */
function longText(n: number): string {
  const words = ['ledger', 'harbor', 'quartz', 'meadow', 'signal', 'copper', 'lantern', 'orchid', 'summit'];
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const w = (k: number) => words[(i * 7 + k * 3) % words.length];
    out.push(
      `Section ${i}. The ${w(1)} report number ${i} describes how the ${w(2)} team handled the ${w(3)} ` +
        `review in week ${i % 52}, with ${i * 13} items checked, ${i % 17} open questions and a ${w(4)} ` +
        `follow-up planned for the ${w(5)} office. Reviewers noted the ${w(6)} figures again.`,
    );
  }
  return out.join('\n\n');
}

const timed = async <R>(fn: () => Promise<R>) => {
  const start = performance.now();
  const result = await fn();
  return { result, ms: performance.now() - start };
};

t.test('every connection terminated while an upload is written and a stream is open', async (t) => {
  const { name, url } = await ownDatabase(t);
  // The fake model streams until told to finish: the chat stream stays open across the outage.
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  let generating!: () => void;
  const generationStarted = new Promise<void>((resolve) => (generating = resolve));
  const llm = await fakeOpenAiServer(t, (_req, _body, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(completionChunk({ role: 'assistant', content: '' }));
    generating();
    const tick = setInterval(() => res.write(completionChunk({ content: 'Paid leave ' })), 200);
    void finished.then(() => {
      clearInterval(tick);
      res.write(completionChunk({ content: 'is two days a month [1].' }));
      res.write(completionChunk({}, 'stop'));
      res.end('data: [DONE]\n\n');
    });
  });
  const { app, ctx } = await buildTestApp(t, {
    worker: true,
    env: {
      DATABASE_URL: url,
      LIST_CACHE_SIZE: '0',
      LLM_PROVIDER: 'openai',
      OPENAI_BASE_URL: llm.baseUrl,
      DATABASE_CONNECT_TIMEOUT_MS: '2000',
    },
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const alice = await signUp(app);
  const upload = async (filename: string, text: string) => {
    const body = multipartBody({}, { filename, bytes: Buffer.from(text) });
    const res = await app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      headers: { ...alice.headers, ...body.headers },
      payload: body.payload,
    });
    t.equal(res.statusCode, 201);
    return res.json().data.id as string;
  };
  const small = await upload('policy.txt', 'Employees accrue two days of paid leave for every month.');
  t.equal((await waitForDocument(app, alice.headers, small)).status, 'VECTORIZED');

  const stream = fetch(`${base}/api/chat/stream`, {
    method: 'POST',
    headers: { ...alice.headers, 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ message: 'How much paid leave per month?' }),
  });
  await generationStarted;
  const big = await upload('reports.txt', longText(800));
  // Outage once the big document's chunks are being written: its attempt is certainly cut off.
  const watcher = new pg.Client({ connectionString: url });
  await watcher.connect();
  for (;;) {
    const { rows } = await watcher.query('select count(*)::int as n from chunks where document_id = $1', [
      big,
    ]);
    if (rows[0].n > 0) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  await watcher.end();
  const interruptedBefore = await interruptions();
  await admin.query(`alter database ${name} with allow_connections false`);
  await terminateAll(name);

  const list = await timed(() =>
    app.inject({ method: 'GET', url: '/api/documents', headers: alice.headers }),
  );
  t.equal(list.result.statusCode, 503, 'a request that needs the database: 503');
  t.match(list.result.json(), { success: false, error: { code: 'SERVICE_UNAVAILABLE' } });
  t.ok(Number(list.result.headers['retry-after']) > 0, 'with Retry-After');
  t.ok(list.ms < 2000, `fast (${list.ms.toFixed(0)} ms)`);
  const ready = await timed(() => app.inject({ method: 'GET', url: '/api/ready' }));
  t.equal(ready.result.statusCode, 503, 'readiness 503');
  t.ok(ready.ms < 2500, `fast (${ready.ms.toFixed(0)} ms)`);
  t.equal((await app.inject({ method: 'GET', url: '/api/health' })).statusCode, 200, 'liveness stays 200');

  finish(); // the answer ends while the database is away: saving it fails
  const events = parseSse(await (await stream).text());
  t.match(
    events.at(-1),
    { type: 'error', error: { code: 'SERVICE_UNAVAILABLE' } },
    'the stream ends with error',
  );

  // The database stays away until the attempt has met the outage: on a loaded machine one
  // embedding group can outlast any fixed pause, and the attempt would then never be cut off.
  const deadline = Date.now() + 120_000;
  while ((await interruptions()) === interruptedBefore && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
  }
  t.ok((await interruptions()) > interruptedBefore, 'the ingestion attempt met the outage');
  await admin.query(`alter database ${name} with allow_connections true`);
  const done = await waitForDocument(app, alice.headers, big, 240_000);
  t.equal(done.status, 'VECTORIZED', 'the upload finishes once the database is back');
  const row = await ctx.db
    .selectFrom('documents')
    .select('attempts')
    .where('id', '=', big)
    .executeTakeFirstOrThrow();
  t.equal(row.attempts, 1, 'the interrupted attempt was given back: one attempt spent');
  const { rows: jobs } = await ctx.database.pool.query(
    "select max(retry_count)::int as retries from pgboss.job where data->>'documentId' = $1",
    [big],
  );
  t.ok(jobs[0].retries >= 1, `its job was cut off and retried (${jobs[0].retries} retries)`);
  t.equal(
    (await app.inject({ method: 'GET', url: '/api/documents', headers: alice.headers })).statusCode,
    200,
  );
  t.equal((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode, 200, 'ready again');
});

t.test('a frozen PostgreSQL answers 503 within the configured timeout, then recovers', async (t) => {
  const { url } = await ownDatabase(t);
  const target = new URL(url);
  const proxy = await tcpProxy(t, { host: target.hostname, port: Number(target.port || 5432) });
  const viaProxy = new URL(url);
  viaProxy.port = String(proxy.port);
  const queryMs = 1500;
  const { app } = await buildTestApp(t, {
    env: {
      DATABASE_URL: viaProxy.toString(),
      LIST_CACHE_SIZE: '0',
      DATABASE_QUERY_TIMEOUT_MS: String(queryMs),
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
    },
  });
  const alice = await signUp(app);
  t.equal(
    (await app.inject({ method: 'GET', url: '/api/documents', headers: alice.headers })).statusCode,
    200,
  );
  proxy.freeze();
  for (const url of ['/api/documents', '/api/topics']) {
    const res = await timed(() => app.inject({ method: 'GET', url, headers: alice.headers }));
    t.equal(res.result.statusCode, 503, `${url}: 503`);
    t.ok(res.ms < queryMs + 1000, `${url}: within the query timeout (${res.ms.toFixed(0)} ms)`);
  }
  const ready = await timed(() => app.inject({ method: 'GET', url: '/api/ready' }));
  t.equal(ready.result.statusCode, 503);
  t.ok(ready.ms < queryMs + 1000, `ready: ${ready.ms.toFixed(0)} ms`);
  proxy.thaw();
  let status = 0;
  for (let i = 0; i < 50 && status !== 200; i++) {
    status = (await app.inject({ method: 'GET', url: '/api/documents', headers: alice.headers })).statusCode;
    if (status !== 200) await new Promise((r) => setTimeout(r, 100));
  }
  t.equal(status, 200, 'recovers by itself');
});
