import t from 'tap';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { multipartBody, waitForDocument } from '../helpers/multipart.ts';

const TOKEN = 'metrics-token-0123456789abcdef';

t.test('probes are never rate-limited', async (t) => {
  const { app } = await buildTestApp(t, {
    env: { RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_AUTHENTICATED: '5' },
  });
  for (let i = 0; i < 12; i++) {
    for (const url of ['/api/health', '/api/ready']) {
      const res = await app.inject({ method: 'GET', url });
      t.equal(res.statusCode, 200, `${url} #${i}: never limited`);
      t.notOk(res.headers['x-ratelimit-limit'], 'not counted');
    }
  }
  // The control: an unauthenticated route of the same class from the same address is limited.
  const codes = [];
  for (let i = 0; i < 7; i++)
    codes.push((await app.inject({ method: 'GET', url: '/api/auth/providers' })).statusCode);
  t.ok(codes.includes(429), `the same address is limited elsewhere (${codes.join(',')})`);
});

t.test('/metrics: token, series, request ids', async (t) => {
  const { app } = await buildTestApp(t, { worker: true, env: { METRICS_TOKEN: TOKEN } });
  const alice = await signUp(app);
  const body = multipartBody(
    {},
    { filename: 'a.txt', bytes: Buffer.from('Quarterly revenue grew nine percent.') },
  );
  const up = await app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    headers: { ...alice.headers, ...body.headers },
    payload: body.payload,
  });
  await waitForDocument(app, alice.headers, up.json().data.id);

  const chosen = await app.inject({
    method: 'GET',
    url: '/api/documents',
    headers: { ...alice.headers, 'x-request-id': 'lb-4f2a.9' },
  });
  t.equal(chosen.headers['x-request-id'], 'lb-4f2a.9', 'a well-formed X-Request-Id is honoured');
  const forged = await app.inject({
    method: 'GET',
    url: '/api/health',
    headers: { 'x-request-id': 'bad id\nforged: line' },
  });
  t.match(forged.headers['x-request-id'], /^[0-9a-f-]{36}$/, 'a malformed one is replaced by a UUID');

  t.equal((await app.inject({ method: 'GET', url: '/metrics' })).statusCode, 401, 'no token: 401');
  t.equal(
    (await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong' } }))
      .statusCode,
    401,
  );
  const res = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  t.equal(res.statusCode, 200);
  t.match(res.headers['content-type'], /text\/plain/);
  const text = res.body;
  t.match(text, /cograg_http_request_duration_seconds_bucket\{[^}]*route="\/api\/documents"[^}]*\}/);
  t.match(text, /cograg_ingestion_queue_depth\{state="queued"\} \d+/);
  t.match(text, /cograg_ingestion_oldest_job_age_seconds\{state="active"\}/);
  t.match(text, /cograg_ingestion_step_duration_seconds_count\{step="embed"\} [1-9]/);
  t.match(text, /cograg_embedded_chunks_total [1-9]/);
  t.match(text, /cograg_dependency_up\{dependency="pglite"\} 1/);
  t.match(text, /cograg_db_pool_connections\{state="total"\}/);
  t.match(text, /cograg_cache_lookups_total\{cache="(session|list)",result="(hit|miss)"\}/);
  t.match(text, /cograg_rate_limit_rejections_total/);
});

t.test('/metrics is 404 without METRICS_TOKEN', async (t) => {
  const { app } = await buildTestApp(t);
  t.equal((await app.inject({ method: 'GET', url: '/metrics' })).statusCode, 404);
});

/** A free TCP port on 127.0.0.1. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const PROMETHEUS = process.env.PROMETHEUS_BIN ?? 'prometheus';
const hasPrometheus = spawnSync(PROMETHEUS, ['--version']).status === 0;

t.test(
  'a real Prometheus scrapes /metrics',
  { skip: hasPrometheus ? false : `no ${PROMETHEUS} binary (apt-get install prometheus; .ci/run does)` },
  async (t) => {
    const { app } = await buildTestApp(t, { env: { METRICS_TOKEN: TOKEN } });
    const base = new URL(await app.listen({ port: 0, host: '127.0.0.1' }));
    await app.inject({ method: 'GET', url: '/api/health' });
    const dir = mkdtempSync(join(tmpdir(), 'cograg-prom-'));
    t.teardown(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(
      join(dir, 'prometheus.yml'),
      [
        'global: { scrape_interval: 1s, evaluation_interval: 1s }',
        'scrape_configs:',
        '  - job_name: cograg',
        '    authorization: { type: Bearer, credentials: ' + JSON.stringify(TOKEN) + ' }',
        `    static_configs: [{ targets: ['127.0.0.1:${base.port}'] }]`,
      ].join('\n'),
    );
    const port = await freePort();
    const prom = spawn(
      PROMETHEUS,
      [
        `--config.file=${join(dir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${join(dir, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
      ],
      { stdio: 'ignore' },
    );
    t.teardown(() => void prom.kill('SIGTERM'));
    const query = async (q: string) => {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/query?query=${encodeURIComponent(q)}`).catch(
        () => null,
      );
      if (!res?.ok) return [];
      return ((await res.json()) as { data: { result: unknown[] } }).data.result;
    };
    const series = ['cograg_ingestion_queue_depth', 'cograg_http_request_duration_seconds_count'];
    const found = new Map<string, number>();
    for (let i = 0; i < 60 && found.size < series.length; i++) {
      for (const s of series) {
        const result = await query(s);
        if (result.length > 0) found.set(s, result.length);
      }
      if (found.size < series.length) await new Promise((r) => setTimeout(r, 500));
    }
    for (const s of series) t.ok(found.get(s), `Prometheus holds ${s} (${found.get(s) ?? 0} series)`);
    const up = await query('up{job="cograg"}');
    t.match(up, [{ value: [Number, '1'] }], 'the target is up');
    // Every query of the example dashboard is valid PromQL over these series.
    const dashboard = JSON.parse(readFileSync('docs/grafana-dashboard.json', 'utf8')) as {
      panels: { title: string; targets: { expr: string }[] }[];
    };
    for (const panel of dashboard.panels)
      for (const { expr } of panel.targets) {
        const res = await fetch(`http://127.0.0.1:${port}/api/v1/query?query=${encodeURIComponent(expr)}`);
        t.equal(res.status, 200, `dashboard "${panel.title}": ${expr}`);
      }
  },
);
