import t from 'tap';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { eventually, startReceiver } from '../helpers/receiver.ts';
import { createWebhook } from '../../src/webhooks/webhooks.repository.ts';

t.test('registration refuses URLs the SSRF policy refuses (allowlist empty)', async (t) => {
  const { app } = await buildTestApp(t);
  const admin = await signUp(app);
  for (const url of [
    'http://127.0.0.1:8080/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://2130706433/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://localhost/hook',
    'ftp://example.com/hook',
  ]) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: admin.headers,
      payload: { url, events: ['document.uploaded'] },
    });
    t.equal(res.statusCode, 400, url);
    t.equal(res.json().error.code, 'VALIDATION_ERROR');
    t.equal(res.json().error.details?.[0]?.field, 'url', `${url}: details name the field`);
  }
  const editor = await signUp(app);
  await app.ctx.db
    .updateTable('users')
    .set({ role: 'COMPANY_EDITOR' })
    .where('id', '=', editor.user.id)
    .execute();
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: editor.email, password: editor.password },
  });
  const editorHeaders = { authorization: `Bearer ${login.json().data.accessToken}` };
  const denied = await app.inject({ url: '/api/webhooks', headers: editorHeaders });
  t.equal(denied.statusCode, 403, 'editors cannot manage webhooks');
  t.equal(denied.json().error.requiredRole, 'COMPANY_ADMIN');
  const spec = (await app.inject({ url: '/api/openapi.json' })).json();
  for (const path of [
    '/api/webhooks',
    '/api/webhooks/{id}',
    '/api/webhooks/{id}/test',
    '/api/webhooks/{id}/deliveries',
  ])
    t.ok(spec.paths[path], `OpenAPI documents ${path}`);
  const bad = await app.inject({
    method: 'POST',
    url: '/api/webhooks',
    headers: admin.headers,
    payload: { url: 'https://example.com/h', events: ['nope'] },
  });
  t.equal(bad.statusCode, 400, 'unknown event');
});

for (const postgres of [false, true]) {
  t.test(`webhooks end to end (${postgres ? 'PostgreSQL' : 'PGlite'})`, async (t) => {
    const receiver = await startReceiver(t, (path, n) => {
      if (path === '/flaky') return n < 2 ? 500 : 200;
      if (path === '/gone') return 410;
      if (path === '/down') return 503;
      return 200;
    });
    const { app } = await buildTestApp(t, {
      postgres,
      webhooks: true,
      env: {
        WEBHOOK_PRIVATE_TARGETS: `*=${receiver.base.slice('http://'.length)}`,
        WEBHOOK_RETRY_DELAYS: '0,0',
        WEBHOOK_POLL_MS: '50',
      },
    });
    const admin = await signUp(app);
    const other = await signUp(app);
    const create = async (path: string, events = ['conversation.created']) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/webhooks',
        headers: admin.headers,
        payload: { url: receiver.base + path, events },
      });
      t.equal(res.statusCode, 201, `created ${path}`);
      const data = res.json().data;
      receiver.secrets.set(path, data.secret);
      return data as { id: string; secret: string };
    };
    const flaky = await create('/flaky');
    t.match(flaky.secret, /^whsec_/);
    const gone = await create('/gone');
    const down = await create('/down');
    // A repeated event counts once: the list is not `uniqueItems` (generators would make it a Set).
    const uploadsOnly = await create('/uploads-only', ['document.uploaded', 'document.uploaded']);
    const stored = await app.inject({ url: `/api/webhooks/${uploadsOnly.id}`, headers: admin.headers });
    t.same(stored.json().data.events, ['document.uploaded'], 'a repeated event is stored once');

    const list = await app.inject({ url: '/api/webhooks', headers: admin.headers });
    t.equal(list.json().data.pagination.total, 4);
    t.notOk(JSON.stringify(list.json()).includes('whsec_'), 'secrets are never listed');
    const get = await app.inject({ url: `/api/webhooks/${flaky.id}`, headers: admin.headers });
    t.notOk('secret' in get.json().data, 'nor shown again');
    for (const url of [`/api/webhooks/${flaky.id}`, `/api/webhooks/${flaky.id}/deliveries`])
      t.equal(
        (await app.inject({ url, headers: other.headers })).statusCode,
        404,
        `other company: 404 ${url}`,
      );
    const patchOther = await app.inject({
      method: 'PATCH',
      url: `/api/webhooks/${flaky.id}`,
      headers: other.headers,
      payload: { active: false },
    });
    t.equal(patchOther.statusCode, 404);
    const patchBad = await app.inject({
      method: 'PATCH',
      url: `/api/webhooks/${flaky.id}`,
      headers: admin.headers,
      payload: { url: 'http://10.1.2.3/x' },
    });
    t.equal(patchBad.statusCode, 400, 'a changed URL is checked too');

    const conv = await app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: admin.headers,
      payload: {},
    });
    t.equal(conv.statusCode, 201);
    const conversationId = conv.json().data.id as string;

    const deliveries = (id: string) =>
      app
        .inject({ url: `/api/webhooks/${id}/deliveries`, headers: admin.headers })
        .then((r) => r.json().data.items);
    const [flakyDone] = await eventually(async () => {
      const items = await deliveries(flaky.id);
      return items[0]?.status === 'delivered' && items;
    });
    t.equal(flakyDone.attempts, 3, 'two 500s, then delivered');
    t.equal(flakyDone.lastStatusCode, 200);
    const flakyReqs = receiver.received.filter((r) => r.path === '/flaky');
    t.equal(flakyReqs.length, 3);
    t.ok(
      flakyReqs.every((r) => r.verified),
      'every attempt carries a valid signature',
    );
    t.same(new Set(flakyReqs.map((r) => r.id)), new Set([flakyDone.id]), 'one webhook-id across retries');
    t.same(new Set(flakyReqs.map((r) => r.body)).size, 1, 'the same body on every attempt');
    const body = JSON.parse(flakyReqs[0]!.body);
    t.equal(body.type, 'conversation.created');
    t.equal(body.data.conversationId, conversationId);

    await eventually(async () => (await deliveries(gone.id))[0]?.status === 'failed');
    const goneHook = (await app.inject({ url: `/api/webhooks/${gone.id}`, headers: admin.headers })).json()
      .data;
    t.equal(goneHook.active, false, '410 disables the endpoint');
    t.match(goneHook.disabledReason, /410/);
    t.equal(receiver.received.filter((r) => r.path === '/gone').length, 1, '410 is not retried');

    const [downDone] = await eventually(async () => {
      const items = await deliveries(down.id);
      return items[0]?.status === 'failed' && items;
    });
    t.equal(downDone.attempts, 3, 'first attempt and the two configured retries');
    const downHook = (await app.inject({ url: `/api/webhooks/${down.id}`, headers: admin.headers })).json()
      .data;
    t.equal(downHook.active, false, 'retries exhausted disable the endpoint');
    t.equal(
      receiver.received.filter((r) => r.path === '/uploads-only').length,
      0,
      'unsubscribed event not sent',
    );

    // A disabled endpoint gets no new deliveries; re-activating it clears the reason.
    await app.inject({ method: 'POST', url: '/api/conversations', headers: admin.headers, payload: {} });
    await eventually(async () => (await deliveries(flaky.id)).length === 2);
    t.equal((await deliveries(gone.id)).length, 1, 'disabled endpoint skipped');
    const reactivated = await app.inject({
      method: 'PATCH',
      url: `/api/webhooks/${gone.id}`,
      headers: admin.headers,
      payload: { active: true },
    });
    t.same([reactivated.json().data.active, reactivated.json().data.disabledReason], [true, null]);

    const test = await app.inject({
      method: 'POST',
      url: `/api/webhooks/${flaky.id}/test`,
      headers: admin.headers,
    });
    t.equal(test.statusCode, 200);
    t.equal(test.json().data.status, 'delivered');
    const testReq = receiver.received.at(-1)!;
    t.equal(JSON.parse(testReq.body).type, 'webhook.test');
    t.ok(testReq.verified);
    t.equal(testReq.id, test.json().data.id);

    const del = await app.inject({
      method: 'DELETE',
      url: `/api/webhooks/${flaky.id}`,
      headers: admin.headers,
    });
    t.equal(del.statusCode, 200);
    t.equal((await app.inject({ url: `/api/webhooks/${flaky.id}`, headers: admin.headers })).statusCode, 404);
  });
}

t.test(
  'the address is checked again at delivery: an endpoint now resolving to loopback is refused',
  async (t) => {
    const receiver = await startReceiver(t, () => 200);
    // Allowlist empty. The row stands for an endpoint whose name resolved to a public address at
    // registration and to 127.0.0.1 now (DNS rebinding): it is stored as registration would.
    const { app, ctx } = await buildTestApp(t, {
      webhooks: true,
      env: { WEBHOOK_RETRY_DELAYS: '0', WEBHOOK_POLL_MS: '50' },
    });
    const admin = await signUp(app);
    const hook = await createWebhook(ctx.db, ctx.webhookKey, {
      companyId: admin.user.companyId,
      url: `${receiver.base}/hook`,
      events: ['conversation.created'],
      active: true,
    });
    await app.inject({ method: 'POST', url: '/api/conversations', headers: admin.headers, payload: {} });
    const [failed] = await eventually(async () => {
      const items = (
        await app.inject({ url: `/api/webhooks/${hook.id}/deliveries`, headers: admin.headers })
      ).json().data.items;
      return items[0]?.status === 'failed' && items;
    });
    t.match(failed.lastError, /^no connection/, 'no detail that would tell refused from closed');
    t.equal(failed.attempts, 2);
    t.equal(receiver.received.length, 0, 'nothing reached the receiver');
  },
);
