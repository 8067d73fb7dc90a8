/**
 * `npm run drill:rolling-restart [-- --seconds-between 5 --drain 3 --clients 4]`: the rolling
 * restart of docs/deployment.md under load. Two `ROLE=api` replicas and one `ROLE=worker` on the
 * PostgreSQL at TEST_DATABASE_URL (a fresh database of its own, dropped at the end) and the Redis
 * at REDIS_URL (a key prefix of its own), one shared DATA_DIR. A client-side load balancer sends
 * each request to the next replica whose `/api/ready` answered 200 at its last check (every
 * 250 ms, as a load balancer's health check does); `--clients` loops run searches and chat
 * streams back to back while an uploader adds a document every 2 s. Each process in turn gets
 * SIGTERM, must exit 0, and is started again; the next one goes once it is ready.
 * `--answer-ms N` answers chats from a local server on OpenAI's streaming wire format that takes
 * N ms per answer (default 0: the extractive answerer, ~40 ms), so streams are open when their
 * replica drains.
 *
 * Counts as failed: a request that got no answer or a status other than 200/201, and a stream
 * that ended without `done` or `error`. A stream closed with an `error` event by a draining
 * replica is counted apart (the issue allows it). Prints the figures; exits 1 on any failure.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { Redis } from 'ioredis';
import { freePort, waitUntilUp } from './bench/servers.ts';
import { percentile } from './bench/run-queries.ts';

const { values } = parseArgs({
  options: {
    'seconds-between': { type: 'string', default: '5' },
    drain: { type: 'string', default: '3' },
    clients: { type: 'string', default: '4' },
    'answer-ms': { type: 'string', default: '0' },
  },
});
const answerMs = Number(values['answer-ms']);
const DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const between = Number(values['seconds-between']) * 1000;
const EMAIL = 'drill@example.com';
const PASSWORD = 'drill password 123';

const admin = new pg.Client({ connectionString: DATABASE_URL });
await admin.connect();
const dbName = `cograg_drill_${randomBytes(4).toString('hex')}`;
await admin.query(`create database ${dbName}`);
const dbUrl = new URL(DATABASE_URL);
dbUrl.pathname = `/${dbName}`;
const setup = new pg.Client({ connectionString: dbUrl.toString() });
await setup.connect();
await setup.query('create extension if not exists vector');
const dataDir = mkdtempSync(join(tmpdir(), 'cograg-drill-'));
const prefix = `drill-${randomBytes(3).toString('hex')}:`;
/** A model server on OpenAI's Chat Completions streaming format: 10 tokens over `answerMs`. */
async function slowModel(): Promise<string> {
  const chunk = (delta: object, finish: string | null = null) =>
    `data: ${JSON.stringify({ id: 'd', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      let sent = 0;
      const tick = setInterval(() => {
        if (sent++ < 10)
          return void res.write(chunk({ content: sent === 10 ? 'Extra leave applies [1].' : 'Staff ' }));
        clearInterval(tick);
        res.write(chunk({}, 'stop'));
        res.end('data: [DONE]\n\n');
      }, answerMs / 10);
      res.on('close', () => clearInterval(tick));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  server.unref();
  return `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`;
}
const llm: Record<string, string> =
  answerMs > 0
    ? { LLM_PROVIDER: 'openai', OPENAI_BASE_URL: await slowModel(), OUTBOUND_ALLOWLIST: '127.0.0.1' }
    : {};

const env: Record<string, string> = {
  ...llm,
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '',
  HOST: '127.0.0.1',
  DATABASE_URL: dbUrl.toString(),
  REDIS_URL,
  REDIS_PREFIX: prefix,
  DATA_DIR: dataDir,
  MODELS_DIR: resolve(process.env.MODELS_DIR ?? './models'),
  JWT_SECRET: randomBytes(32).toString('hex'),
  SHUTDOWN_DRAIN_SECONDS: String(values.drain),
  // The drill measures restarts, not the limits: one user sends the whole load.
  RATE_LIMIT_AUTHENTICATED: '1000000',
  RATE_LIMIT_UPLOAD: '1000',
  RATE_LIMIT_CHAT_STREAM_PER_KEY: '1000000',
  LOG_LEVEL: 'warn',
  EMBED_THREADS: '1',
  TRUST_PROXY: 'true',
};

interface Proc {
  name: string;
  env: Record<string, string>;
  ready: string;
  child?: ChildProcess;
  up: boolean;
}
const apiPorts = [await freePort(), await freePort()];
const workerPort = await freePort();
const procs: Proc[] = [
  ...apiPorts.map((port, i) => ({
    name: `api-${i + 1}`,
    env: {
      ...env,
      ROLE: 'api',
      PORT: String(port),
      ...(i === 0 ? { ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD: PASSWORD } : {}),
    },
    ready: `http://127.0.0.1:${port}/api/ready`,
    up: false,
  })),
  {
    name: 'worker',
    env: { ...env, ROLE: 'worker', WORKER_PORT: String(workerPort) },
    ready: `http://127.0.0.1:${workerPort}/ready`,
    up: false,
  },
];
const start = (p: Proc) => {
  p.child = spawn(process.execPath, ['src/server.ts'], {
    env: p.env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
};
// The first replica migrates the database alone (docs/deployment.md "Rolling upgrade").
start(procs[0]!);
await waitUntilUp(procs[0]!.ready);
for (const p of procs.slice(1)) start(p);
for (const p of procs.slice(1)) await waitUntilUp(p.ready);

// The load balancer's view: each API replica's readiness, checked every 250 ms.
const apis = procs.slice(0, 2);
const checker = setInterval(() => {
  for (const p of apis)
    fetch(p.ready, { signal: AbortSignal.timeout(1000) }).then(
      (r) => (p.up = r.status === 200),
      () => (p.up = false),
    );
}, 250);
for (const p of apis) p.up = true;
let rr = 0;
const pick = () => {
  const healthy = apis.filter((p) => p.up);
  const p = healthy[rr++ % Math.max(1, healthy.length)] ?? apis[0]!;
  return p.ready.replace('/api/ready', '/api');
};

const base0 = pick();
const login = await fetch(`${base0}/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
});
const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
const auth = { authorization: `Bearer ${token}` };
const upload = async (i: number) => {
  const form = new FormData();
  const text = `Policy ${i}. Staff in office ${i} accrue ${i % 5} extra days of leave after ${i % 7} years of service.`;
  form.append('file', new Blob([text]), `policy-${i}.txt`);
  const res = await fetch(`${pick()}/documents/upload`, { method: 'POST', headers: auth, body: form });
  return res.status;
};
for (let i = 0; i < 3; i++) await upload(i);

const stats = {
  search: [] as number[],
  chat: [] as number[],
  failed: [] as string[],
  streamErrors: 0,
  uploads: 0,
  uploadFailures: 0,
};
let running = true;
async function client(n: number) {
  for (let i = 0; running; i++) {
    const chat = (i + n) % 3 === 0;
    const started = performance.now();
    const base = pick();
    try {
      if (chat) {
        const res = await fetch(`${base}/chat/stream`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json', accept: 'text/event-stream' },
          body: JSON.stringify({ message: `How many extra days of leave in office ${i % 9} (${n}-${i})?` }),
        });
        const body = await res.text();
        if (res.status !== 200) stats.failed.push(`chat ${res.status} ${body.slice(0, 120)}`);
        else if (body.includes('"type":"error"')) stats.streamErrors++;
        else if (!body.includes('"type":"done"')) stats.failed.push('chat stream ended without done');
        else stats.chat.push(performance.now() - started);
      } else {
        const res = await fetch(`${base}/search`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          // Distinct questions: each one is embedded and searched, none served from the answer cache.
          body: JSON.stringify({ query: `leave after ${i % 7} years in office ${n}-${i}`, limit: 5 }),
        });
        if (res.status !== 200) stats.failed.push(`search ${res.status} ${(await res.text()).slice(0, 120)}`);
        else stats.search.push(performance.now() - started);
      }
    } catch (err) {
      stats.failed.push(`${chat ? 'chat' : 'search'} via ${base}: ${(err as Error).message}`);
    }
  }
}
async function uploader() {
  for (let i = 3; running; i++) {
    const status = await upload(i).catch(() => 0);
    stats.uploads++;
    if (status !== 201) {
      stats.uploadFailures++;
      stats.failed.push(`upload ${status}`);
    }
    await new Promise((r) => setTimeout(r, 2000));
  }
}

const t0 = Date.now();
const loops = [...Array.from({ length: Number(values.clients) }, (_, n) => client(n)), uploader()];
const restarts: { name: string; exit: string; drainedMs: number; readyMs: number }[] = [];
await new Promise((r) => setTimeout(r, between));
for (const p of procs) {
  const stopAt = Date.now();
  const exited = new Promise<string>((r) => p.child!.once('exit', (code, signal) => r(`${code ?? signal}`)));
  p.child!.kill('SIGTERM');
  const exit = await exited;
  const drainedMs = Date.now() - stopAt;
  start(p);
  await waitUntilUp(p.ready);
  restarts.push({ name: p.name, exit, drainedMs, readyMs: Date.now() - stopAt - drainedMs });
  await new Promise((r) => setTimeout(r, between));
}
running = false;
await Promise.all(loops);
const seconds = (Date.now() - t0) / 1000;

// Every upload ends VECTORIZED, none spending more than one attempt on a restart.
const deadline = Date.now() + 120_000;
let docs: { status: string; attempts: number }[] = [];
while (Date.now() < deadline) {
  docs = (await setup.query('select status, attempts from documents')).rows;
  if (docs.every((d) => d.status === 'VECTORIZED' || d.status === 'ERROR')) break;
  await new Promise((r) => setTimeout(r, 500));
}
clearInterval(checker);
for (const p of procs) p.child!.kill('SIGTERM');
await Promise.all(
  procs.map((p) => new Promise((r) => (p.child!.exitCode !== null ? r(null) : p.child!.once('exit', r)))),
);
await setup.end();
await admin.query(`drop database if exists ${dbName} with (force)`);
await admin.end();
const redis = new Redis(REDIS_URL);
const keys = await redis.keys(`${prefix}*`);
if (keys.length) await redis.del(...keys);
redis.disconnect();
rmSync(dataDir, { recursive: true, force: true });

const ms = (xs: number[], p: number) => percentile(xs, p).toFixed(0);
const requests = stats.search.length + stats.chat.length + stats.streamErrors + stats.failed.length;
console.log(
  `\nrolling restart drill: ${seconds.toFixed(0)} s, ${values.clients} clients, drain ${values.drain} s, ` +
    (answerMs > 0 ? `answers streamed over ${answerMs} ms` : 'extractive answers'),
);
for (const r of restarts)
  console.log(
    `  ${r.name.padEnd(7)} SIGTERM → exit ${r.exit} in ${r.drainedMs} ms; ready again ${r.readyMs} ms later`,
  );
console.log(`  requests ${requests} (${(requests / seconds).toFixed(1)}/s)`);
console.log(
  `  search ok ${stats.search.length}: p50 ${ms(stats.search, 50)} ms, p99 ${ms(stats.search, 99)} ms`,
);
console.log(
  `  chat streams ok ${stats.chat.length}: p50 ${ms(stats.chat, 50)} ms, p99 ${ms(stats.chat, 99)} ms`,
);
console.log(`  chat streams closed with an error event: ${stats.streamErrors}`);
console.log(`  uploads ${stats.uploads + 3}, failed ${stats.uploadFailures}`);
const vectorized = docs.filter((d) => d.status === 'VECTORIZED').length;
const maxAttempts = Math.max(0, ...docs.map((d) => d.attempts));
console.log(
  `  documents ${docs.length}: VECTORIZED ${vectorized}, ERROR ${docs.length - vectorized}, most attempts ${maxAttempts}`,
);
console.log(`  FAILED requests: ${stats.failed.length}`);
for (const f of stats.failed.slice(0, 10)) console.log(`    ${f}`);
const bad =
  stats.failed.length > 0 ||
  vectorized !== docs.length ||
  maxAttempts > 1 ||
  restarts.some((r) => r.exit !== '0');
process.exit(bad ? 1 : 0);
