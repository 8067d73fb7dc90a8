/**
 * `npm run bench:profile [-- --route health|me|documents|topics|search|search-new|chat] [--duration 8]
 * [--data-dir DIR] [--top 15]`: where one route's time goes (issue 37). Starts the app as
 * `npm start` does, under `node --cpu-prof`, loads the route with autocannon (16 connections; chat:
 * questions one after another), then prints the API process's self time per request by place
 * (our files, packages, Node internals, native calls) and the top functions, as the Markdown
 * tables of docs/benchmarks.md. Only the load's window is counted (start-up and shutdown are cut by
 * the clock). With `--data-dir` the documents of an earlier `bench:http` run (its DATA_DIR and
 * admin) are used; without it the store is empty and fresh.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { freePort, waitUntilUp } from './bench/servers.ts';
import { summarizeProfile, topRows } from './bench/cpu-profile.ts';

const { values } = parseArgs({
  options: {
    route: { type: 'string', default: 'documents' },
    duration: { type: 'string', default: '8' },
    'data-dir': { type: 'string' },
    top: { type: 'string', default: '15' },
  },
});
const EMAIL = 'bench-http@example.com';
const PASSWORD = 'bench http password';
const profileDir = mkdtempSync(join(tmpdir(), 'cograg-profile-'));
const dataDir = values['data-dir'] ?? mkdtempSync(join(tmpdir(), 'cograg-profile-data-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const child = fork('src/server.ts', [], {
  execArgv: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--cpu-prof-interval', '200'],
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    RATE_LIMIT_ENABLED: 'false',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: EMAIL,
    ADMIN_PASSWORD: PASSWORD,
    ADMIN_COMPANY: 'Bench HTTP',
  },
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
});
const started = performance.now();
// /api/ready, not /api/health: the schemas compile after listen, and that warm-up is not the route.
await waitUntilUp(`${base}/api/ready`);
const post = async <T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> => {
  const res = await fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return ((await res.json()) as { data: T }).data;
};
const { accessToken } = await post<{ accessToken: string }>('/auth/login', {
  email: EMAIL,
  password: PASSWORD,
});
const auth = { authorization: `Bearer ${accessToken}` };
const json = { ...auth, 'content-type': 'application/json' };
let questionNumber = 0;
const newQuestion = () =>
  JSON.stringify({ query: `which treatment changed outcome ${questionNumber++} in the trial cohort` });
const routes: Record<string, () => Promise<autocannon.Options>> = {
  health: async () => ({ url: `${base}/api/health` }),
  me: async () => ({ url: `${base}/api/auth/me`, headers: auth }),
  documents: async () => ({ url: `${base}/api/documents`, headers: auth }),
  topics: async () => {
    const { key } = await post<{ key: string }>(
      '/api-keys',
      { name: `profile ${Date.now()}`, allDocuments: true },
      auth,
    );
    return { url: `${base}/api/public/topics`, headers: { 'x-api-key': key } };
  },
  search: async () => ({
    url: `${base}/api/search`,
    method: 'POST',
    headers: json,
    body: JSON.stringify({ query: 'comment deadline for the 737 MAX directive' }),
  }),
  'search-new': async () => ({
    url: `${base}/api/search`,
    method: 'POST',
    headers: json,
    requests: [{ setupRequest: (req: object) => ({ ...req, body: newQuestion() }) }],
  }),
};
const duration = Number(values.duration);
let requests = 0;
let fromMs: number;
let toMs: number;
if (values.route === 'chat') {
  // One question after another, each new (no answer cache): the latency path, not throughput.
  fromMs = performance.now() - started;
  const until = performance.now() + duration * 1000;
  while (performance.now() < until) {
    const res = await fetch(`${base}/api/chat/stream`, {
      method: 'POST',
      headers: { ...json, accept: 'text/event-stream' },
      body: JSON.stringify({ message: `What does the directive require of operators, case ${requests}?` }),
    });
    await res.text();
    requests++;
  }
  toMs = performance.now() - started;
} else {
  const options = await routes[values.route]!();
  await autocannon({ ...options, connections: 16, duration: 2 }); // warm-up, not counted
  fromMs = performance.now() - started;
  const result = await autocannon({ ...options, connections: 16, duration });
  toMs = performance.now() - started;
  requests = result.requests.total;
  console.log(
    `${values.route}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, errors ${result.errors + result.non2xx}`,
  );
}
await new Promise<void>((resolve) => {
  child.once('exit', () => resolve());
  child.kill('SIGTERM');
});
// The API process's profile is the largest one (the parser and embedding children write theirs too).
const file = readdirSync(profileDir)
  .filter((f) => f.endsWith('.cpuprofile'))
  .map((f) => join(profileDir, f))
  .sort((a, b) => statSync(b).size - statSync(a).size)[0]!;
// The profile's clock starts with the process, a little before `started`: the window is widened by
// nothing and cut by at most the fork's own start (milliseconds).
const summary = summarizeProfile(file, fromMs * 1000, toMs * 1000);
const busy = summary.totalUs - summary.idleUs;
const top = Number(values.top);
const lost = summary.lostUs / (summary.totalUs + summary.lostUs);
console.log(
  `\n${values.route}: ${requests} requests in ${((toMs - fromMs) / 1000).toFixed(1)} s; API thread busy ${((100 * busy) / summary.totalUs).toFixed(0)} %, ${(busy / Math.max(1, requests)).toFixed(0)} µs of CPU per request` +
    (lost > 0.02
      ? ` (the sampler missed ${(100 * lost).toFixed(0)} % of the window: per-request µs are low by as much; read the shares)`
      : '') +
    '\n',
);
console.log('| where (self time) | µs per request | share of busy time |\n|---|---|---|');
console.log(topRows(summary.byPlace, top, requests, busy).join('\n'));
console.log('\n| function | µs per request | share of busy time |\n|---|---|---|');
console.log(topRows(summary.byFunction, top, requests, busy).join('\n'));
console.log(`\nprofile: ${file}`);
