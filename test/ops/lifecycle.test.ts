import t from 'tap';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { MODELS_DIR } from '../helpers/app.ts';
import { completionChunk, fakeOpenAiServer } from '../helpers/openai-server.ts';
import { parseSse } from '../helpers/sse.ts';
import { freePort, startServer, waitFor } from '../helpers/server-process.ts';

const dataDir = (t: { teardown: (fn: () => unknown) => void }) => {
  const dir = mkdtempSync(join(tmpdir(), 'cograg-life-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

/** Prose of `n` distinct paragraphs: a document whose embedding takes a few seconds. */
const longText = (n: number) =>
  Array.from(
    { length: n },
    (_, i) =>
      `Item ${i}: the committee reviewed budget line ${i * 7} and asked for figures on site ${i % 31} by week ${i % 52}.`,
  ).join('\n\n');

t.test(
  'SIGTERM: readiness 503, drain, open stream ends with error, embedding in flight, exit 0',
  async (t) => {
    const llm = await fakeOpenAiServer(t, (_req, _body, res) => {
      // Never finishes: only the drain's end closes the stream.
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(completionChunk({ role: 'assistant', content: '' }));
      const tick = setInterval(() => res.write(completionChunk({ content: 'still thinking ' })), 200);
      res.on('close', () => clearInterval(tick));
    });
    const port = await freePort();
    const base = `http://127.0.0.1:${port}/api`;
    const dir = dataDir(t);
    const env = {
      PORT: String(port),
      DATA_DIR: dir,
      MODELS_DIR,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'a long password',
      LLM_PROVIDER: 'openai',
      OPENAI_BASE_URL: llm.baseUrl,
      OUTBOUND_ALLOWLIST: '127.0.0.1',
      SHUTDOWN_DRAIN_SECONDS: '3',
      RATE_LIMIT_ENABLED: 'false',
      EMBED_THREADS: '1',
    };
    const server = startServer(t, env);
    t.ok(await waitFor(`${base}/health`), 'started');
    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'a long password' }),
    });
    const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
    const auth = { authorization: `Bearer ${token}` };
    const upload = async (name: string, text: string) => {
      const form = new FormData();
      form.append('file', new Blob([text]), name);
      const res = await fetch(`${base}/documents/upload`, { method: 'POST', headers: auth, body: form });
      return ((await res.json()) as { data: { id: string } }).data.id;
    };
    const status = async (id: string) =>
      (
        (await (await fetch(`${base}/documents/${id}`, { headers: auth })).json()) as {
          data: { status: string };
        }
      ).data;
    const small = await upload('leave.txt', 'Employees accrue two days of paid leave for every month.');
    for (let i = 0; i < 300 && (await status(small)).status !== 'VECTORIZED'; i++)
      await new Promise((r) => setTimeout(r, 200));

    const stream = fetch(`${base}/chat/stream`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ message: 'How much paid leave per month?' }),
    });
    const opened = await stream;
    t.equal(opened.status, 200, 'the stream is open');
    const big = await upload('minutes.txt', longText(1500));
    for (let i = 0; i < 300 && (await status(big)).status !== 'PROCESSING'; i++)
      await new Promise((r) => setTimeout(r, 50));
    t.equal((await status(big)).status, 'PROCESSING', 'a document is being processed');
    await new Promise((r) => setTimeout(r, 500)); // into its embedding

    const sigterm = Date.now();
    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    t.equal((await fetch(`${base}/ready`)).status, 503, 'readiness 503 at once');
    t.equal((await fetch(`${base}/health`)).status, 200, 'still serving while draining');
    t.equal((await fetch(`${base}/documents`, { headers: auth })).status, 200, 'requests still served');
    const events = parseSse(await opened.text());
    const closedAfter = Date.now() - sigterm;
    t.match(
      events.at(-1),
      { type: 'error', error: { code: 'SERVICE_UNAVAILABLE' } },
      'the stream ends with error',
    );
    t.ok(closedAfter >= 2500 && closedAfter < 6000, `at the end of the drain period (${closedAfter} ms)`);
    const exit = await server.exited;
    t.same(exit, { code: 0, signal: null }, 'exits 0, no native abort');
    t.notMatch(server.output(), /Abort|terminate called|core dumped|Unhandled/);
    t.match(
      server.output(),
      /handed over by shutdown; its continuation is queued|cut off by shutdown; its attempt was given back/,
      'the attempt in flight was handed over (or given back)',
    );

    // Handed over (or given back): after a restart the document ends VECTORIZED on attempt 1.
    const again = startServer(t, env);
    t.ok(await waitFor(`${base}/health`), 'restarted');
    let final = await status(big);
    for (let i = 0; i < 600 && final.status !== 'VECTORIZED' && final.status !== 'ERROR'; i++) {
      await new Promise((r) => setTimeout(r, 500));
      final = await status(big);
    }
    t.equal(final.status, 'VECTORIZED');
    again.child.kill('SIGTERM');
    t.same(await again.exited, { code: 0, signal: null });
  },
);

t.test(
  'ROLE=worker serves /health and /ready on WORKER_PORT, exits within 5 s of SIGTERM when idle',
  async (t) => {
    const workerPort = await freePort();
    const server = startServer(t, {
      ROLE: 'worker',
      WORKER_PORT: String(workerPort),
      DATA_DIR: dataDir(t),
      MODELS_DIR,
      JWT_SECRET: randomBytes(32).toString('hex'),
      // The API's drain (10 s) does not hold a worker: it has no traffic to drain.
      SHUTDOWN_DRAIN_SECONDS: '10',
      METRICS_TOKEN: 'worker-metrics-token-123456',
    });
    const base = `http://127.0.0.1:${workerPort}`;
    t.ok(await waitFor(`${base}/ready`), 'ready');
    t.match(await (await fetch(`${base}/health`)).json(), { success: true, data: { status: 'ok' } });
    const metrics = await fetch(`${base}/metrics`, {
      headers: { authorization: 'Bearer worker-metrics-token-123456' },
    });
    t.match(await metrics.text(), /cograg_ingestion_queue_depth/);
    const sigterm = Date.now();
    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    // With no job in flight a worker has nothing to drain: 503 while it closes, or already gone.
    const ready = await fetch(`${base}/ready`).catch(() => null);
    t.ok(
      ready === null || ready.status === 503,
      `not ready once told to stop (${ready?.status ?? 'closed'})`,
    );
    t.same(await server.exited, { code: 0, signal: null });
    const exitMs = Date.now() - sigterm;
    t.ok(exitMs < 5000, `exited ${exitMs} ms after SIGTERM (idle; was 5–5.4 s before the fix)`);
    t.match(server.output(), /"msg":"closed"/, 'every closing step ran');
  },
);
