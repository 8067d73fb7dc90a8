import t from 'tap';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { startReceiver } from '../helpers/receiver.ts';
import { ConfigError, loadConfig } from '../../src/config/index.ts';
import { createWebhookHttp } from '../../src/webhooks/outbound.ts';
import { createWebhook } from '../../src/webhooks/webhooks.repository.ts';

/** 'allowed', or the OutboundRequestError's reason. */
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'allowed',
    (err: { reason?: string }) => err.reason ?? 'error',
  );

/** A loopback port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

t.test('WEBHOOK_PRIVATE_TARGETS: companyId=host:port entries, * for every company', async (t) => {
  t.same(loadConfig({}).webhookPrivateTargets, []);
  t.same(
    loadConfig({
      WEBHOOK_PRIVATE_TARGETS: 'comp_01ABC=Hooks.Corp.internal:443, *=10.0.0.7:8080,comp_x=[fd00::7]:9',
    }).webhookPrivateTargets,
    [
      { companyId: 'comp_01ABC', host: 'hooks.corp.internal', port: 443 },
      { companyId: '*', host: '10.0.0.7', port: 8080 },
      { companyId: 'comp_x', host: 'fd00::7', port: 9 },
    ],
  );
  for (const bad of [
    '10.0.0.7:8080',
    'comp_a=10.0.0.7',
    'comp_a=10.0.0.0/8:80',
    'comp_a=h:0',
    'comp_a=[nope]:80',
  ])
    t.throws(() => loadConfig({ WEBHOOK_PRIVATE_TARGETS: bad }), ConfigError, bad);
});

t.test(
  "the operator's OUTBOUND_ALLOWLIST is not the tenants': loopback services stay out of reach",
  async (t) => {
    const { app } = await buildTestApp(t, { env: { OUTBOUND_ALLOWLIST: '127.0.0.1' } });
    const admin = await signUp(app);
    for (const url of [
      'http://127.0.0.1:5432/',
      'http://127.0.0.1:6379/',
      'http://localhost:3000/api/health',
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/webhooks',
        headers: admin.headers,
        payload: { url, events: ['document.vectorized'] },
      });
      t.equal(res.statusCode, 400, `${url} refused although OUTBOUND_ALLOWLIST lists 127.0.0.1`);
      t.equal(res.json().error.details[0].field, 'url');
    }
  },
);

t.test('a private target reaches only the company it is granted to, on its port only', async (t) => {
  const receiver = await startReceiver(t, () => 200);
  const hostPort = receiver.base.slice('http://'.length);
  const [host, port] = hostPort.split(':');
  const http = createWebhookHttp({
    targets: [{ companyId: 'comp_a', host: host!, port: Number(port) }],
    timeoutMs: 2000,
    maxResponseBytes: 1024,
  });
  t.teardown(() => http.close());
  await http.forCompany('comp_a').assertAllowed(`${receiver.base}/hook`);
  const res = await http
    .forCompany('comp_a')
    .request(`${receiver.base}/hook`, { method: 'POST', body: '{}' });
  t.equal(res.status, 200);
  t.equal(receiver.received.length, 1, 'the granted company reaches its target');
  t.equal(await outcome(http.forCompany('comp_b').assertAllowed(`${receiver.base}/hook`)), 'refused');
  t.equal(await outcome(http.forCompany('comp_b').request(`${receiver.base}/hook`)), 'refused');
  t.equal(await outcome(http.forCompany('comp_a').assertAllowed(`http://${host}:6379/`)), 'refused');
  t.equal(receiver.received.length, 1, 'nothing else reached it');
});

t.test('test deliveries say "failed" alike for a refused address and a closed port', async (t) => {
  const closed = await closedPort();
  const { app, ctx } = await buildTestApp(t, {
    env: { OUTBOUND_ALLOWLIST: '127.0.0.1', WEBHOOK_PRIVATE_TARGETS: `*=127.0.0.1:${closed}` },
  });
  const admin = await signUp(app);
  const allowed = await app.inject({
    method: 'POST',
    url: '/api/webhooks',
    headers: admin.headers,
    payload: { url: `http://127.0.0.1:${closed}/hook`, events: ['document.vectorized'] },
  });
  t.equal(allowed.statusCode, 201, 'the granted target registers');
  // As if its name had resolved to a public address at registration (DNS rebinding since).
  const refused = await createWebhook(ctx.db, ctx.webhookKey, {
    companyId: admin.user.companyId,
    url: 'http://127.0.0.1:6379/hook',
    events: ['document.vectorized'],
    active: true,
  });
  const send = async (id: string) =>
    (await app.inject({ method: 'POST', url: `/api/webhooks/${id}/test`, headers: admin.headers })).json()
      .data;
  const a = await send(allowed.json().data.id);
  const b = await send(refused.id);
  t.equal(a.status, 'failed');
  t.equal(b.status, 'failed');
  t.match(a.lastError, /^no connection/);
  t.equal(a.lastError, b.lastError, `same words for closed and refused: ${a.lastError}`);
  t.equal(a.lastStatusCode ?? null, b.lastStatusCode ?? null);
});
