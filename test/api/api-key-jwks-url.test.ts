import t from 'tap';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { createWebhookHttp } from '../../src/webhooks/outbound.ts';

/**
 * A key's visitor JWKS URL is checked when an admin sets it (issue 36), by the policy webhook URLs
 * are registered under (src/webhooks/outbound.ts assertTenantUrl), instead of failing only when a
 * visitor's token makes the service fetch it. Nothing here contacts a public address: refused URLs
 * are decided from the literal, and the accepted ones are WEBHOOK_PRIVATE_TARGETS entries, which
 * need no DNS (`idp.example.com:443`) or point at a loopback server.
 */

/** A company admin and one of its keys. */
async function keyOf(app: FastifyInstance) {
  const admin = await signUp(app);
  const made = await app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: admin.headers,
    payload: { name: 'widget', allDocuments: true },
  });
  return { admin, id: (made.json().data as { id: string }).id };
}

/** Every spelling here is refused whatever the targets; each is a hole an audit used or a parse error. */
const REFUSED = [
  'http://127.0.0.1/jwks.json',
  'https://127.0.0.1:8443/jwks.json',
  'https://[::127.0.0.1]/jwks.json', // IPv4-compatible IPv6 (issue 36)
  'https://[::ffff:7f00:1]/jwks.json', // IPv4-mapped, hex
  'https://[::ffff:127.0.0.1]/jwks.json',
  'https://2130706433/jwks.json', // decimal 127.0.0.1
  'https://0177.0.0.1/jwks.json', // octal
  'http://169.254.169.254/latest/meta-data',
  'https://10.0.0.5/jwks.json',
  'https://[fd00::1]/jwks.json',
  'https://[::1]/jwks.json',
  'http://localhost/jwks.json', // resolves to loopback (DNS of the name itself, no connection)
  'https://user:pw@idp.example.com/jwks.json',
  'https://user@idp.example.com/jwks.json',
  'ftp://idp.example.com/jwks.json',
  'not-a-url',
  'https://',
];

t.test('PUT /api/api-keys/:id refuses a visitor JWKS URL the tenant policy refuses', async (t) => {
  // The operator allows loopback for its own requests: tenant URLs must not inherit it.
  const { app } = await buildTestApp(t, {
    env: { OUTBOUND_ALLOWLIST: '127.0.0.0/8,::1,localhost,10.0.0.0/8', WEBHOOK_PRIVATE_TARGETS: '' },
  });
  const { admin, id } = await keyOf(app);
  for (const url of REFUSED) {
    const res = await app.inject({
      method: 'PUT',
      url: `/api/api-keys/${id}`,
      headers: admin.headers,
      payload: { visitorJwksUrl: url },
    });
    t.equal(res.statusCode, 400, `${url}: 400`);
    const body = res.json();
    t.equal(body.success, false, `${url}: error envelope`);
    t.equal(body.error?.code, 'VALIDATION_ERROR', `${url}: VALIDATION_ERROR`);
    t.ok(
      (body.error?.details as { field: string }[] | undefined)?.some((d) => d.field === 'visitorJwksUrl'),
      `${url}: details name visitorJwksUrl`,
    );
  }
  const after = await app.inject({ url: '/api/api-keys', headers: admin.headers });
  const key = (
    after.json().data.items as { id: string; visitorJwksUrl: string | null; visitorTokens: string }[]
  ).find((k) => k.id === id);
  t.equal(key?.visitorJwksUrl, null, 'nothing refused was stored');
  t.equal(key?.visitorTokens, 'none');

  // The refusal is about the URL only: the same request's other fields are not applied either.
  const mixed = await app.inject({
    method: 'PUT',
    url: `/api/api-keys/${id}`,
    headers: admin.headers,
    payload: { name: 'renamed', visitorJwksUrl: 'https://[::127.0.0.1]/jwks.json' },
  });
  t.equal(mixed.statusCode, 400);
  const listed = await app.inject({ url: '/api/api-keys', headers: admin.headers });
  t.equal(
    (listed.json().data.items as { id: string; name: string }[]).find((k) => k.id === id)?.name,
    'widget',
    'a refused request changes nothing',
  );
});

t.test('an allowed URL is accepted and can be cleared; a refused update keeps the stored one', async (t) => {
  // idp.example.com:443 is granted by name, so the check needs no DNS and nothing is fetched.
  const { app } = await buildTestApp(t, { env: { WEBHOOK_PRIVATE_TARGETS: '*=idp.example.com:443' } });
  const { admin, id } = await keyOf(app);
  const put = (visitorJwksUrl: string | null) =>
    app.inject({
      method: 'PUT',
      url: `/api/api-keys/${id}`,
      headers: admin.headers,
      payload: { visitorJwksUrl },
    });

  const good = await put('https://idp.example.com/.well-known/jwks.json');
  t.equal(good.statusCode, 200, 'accepted');
  t.equal(good.json().data.visitorJwksUrl, 'https://idp.example.com/.well-known/jwks.json');
  t.equal(good.json().data.visitorTokens, 'rs256');

  // The same host on another port is not the granted target: refused, the stored URL stays.
  const otherPort = await put('https://idp.example.com:8443/jwks.json');
  t.equal(otherPort.statusCode, 400, 'a granted host on another port is no target');
  t.equal(otherPort.json().error.details[0].field, 'visitorJwksUrl');
  const withUser = await put('https://admin:hunter2@idp.example.com/.well-known/jwks.json');
  t.equal(withUser.statusCode, 400, 'userinfo refused even for a granted target');
  t.notMatch(withUser.body, /hunter2/, 'the password is not echoed back');
  const listed = await app.inject({ url: '/api/api-keys', headers: admin.headers });
  t.equal(
    (listed.json().data.items as { id: string; visitorJwksUrl: string | null }[]).find((k) => k.id === id)
      ?.visitorJwksUrl,
    'https://idp.example.com/.well-known/jwks.json',
    'the refused updates left the stored URL alone',
  );

  const cleared = await put(null);
  t.equal(cleared.statusCode, 200, 'null clears it without any check');
  t.equal(cleared.json().data.visitorJwksUrl, null);
  t.equal(cleared.json().data.visitorTokens, 'none');
});

t.test('a company-scoped target is accepted for that company only, and setting never connects', async (t) => {
  let hits = 0;
  const server = createServer((_q, res) => {
    hits++;
    res.writeHead(500).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.teardown(() => new Promise((r) => server.close(r)));
  const port = (server.address() as AddressInfo).port;

  const { app, ctx } = await buildTestApp(t);
  const granted = await keyOf(app);
  const other = await keyOf(app);
  // Company ids exist only once the companies do, and WEBHOOK_PRIVATE_TARGETS is read at start-up:
  // the policy is rebuilt as start-up would build it from `<grantedCompany>=127.0.0.1:<port>`.
  const webhookHttp = createWebhookHttp({
    targets: [{ companyId: granted.admin.user.companyId, host: '127.0.0.1', port }],
    timeoutMs: 2000,
    maxResponseBytes: 1024,
  });
  ctx.webhookHttp = webhookHttp;
  t.teardown(() => webhookHttp.close());

  const url = `http://127.0.0.1:${port}/jwks.json`;
  const ok = await app.inject({
    method: 'PUT',
    url: `/api/api-keys/${granted.id}`,
    headers: granted.admin.headers,
    payload: { visitorJwksUrl: url },
  });
  t.equal(ok.statusCode, 200, 'the granted company may name its internal IdP (http, as webhooks may)');
  t.equal(ok.json().data.visitorJwksUrl, url);
  const refused = await app.inject({
    method: 'PUT',
    url: `/api/api-keys/${other.id}`,
    headers: other.admin.headers,
    payload: { visitorJwksUrl: url },
  });
  t.equal(refused.statusCode, 400, 'another company: the same loopback target is refused');
  t.equal(refused.json().error.details[0].field, 'visitorJwksUrl');
  t.equal(hits, 0, 'setting a URL never connects to it');
});

t.test('POST /api/api-keys takes no visitorJwksUrl (it is set with PUT only)', async (t) => {
  const { app } = await buildTestApp(t);
  const admin = await signUp(app);
  const res = await app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: admin.headers,
    payload: { name: 'widget', visitorJwksUrl: 'http://127.0.0.1/jwks.json' },
  });
  t.equal(res.statusCode, 400, 'an unknown field is refused, not ignored');
  t.equal(res.json().error.code, 'VALIDATION_ERROR');
  t.ok(
    (res.json().error.details as { field: string }[]).some((d) => d.field === 'visitorJwksUrl'),
    'details name visitorJwksUrl',
  );
});
