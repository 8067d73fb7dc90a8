import t from 'tap';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildTestApp, signUp } from '../helpers/app.ts';

const T1 = '11111111-1111-1111-1111-111111111111';
const T2 = '22222222-2222-2222-2222-222222222222';
const T3 = '33333333-3333-3333-3333-333333333333';

/**
 * A local server speaking Microsoft Graph v1.0 for `GET /me` and `GET /organization` with a
 * bearer access token; unknown tokens get Graph's 401 `InvalidAuthenticationToken` error.
 */
async function graphServer(t: { teardown(fn: () => unknown): void }) {
  const accounts = new Map<string, { tenant: string; me: Record<string, unknown> }>();
  const server = createServer((req, res) => {
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const account = accounts.get(token);
    const send = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (!account) {
      return send(401, { error: { code: 'InvalidAuthenticationToken', message: 'Access token is empty.' } });
    }
    if (req.url?.startsWith('/v1.0/me')) return send(200, account.me);
    if (req.url?.startsWith('/v1.0/organization')) return send(200, { value: [{ id: account.tenant }] });
    send(404, { error: { code: 'Request_ResourceNotFound', message: 'not found' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise((resolve) => server.close(resolve)));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1.0`,
    add: (token: string, tenant: string, me: Record<string, unknown>) => accounts.set(token, { tenant, me }),
  };
}

for (const postgres of [false, true]) {
  t.test(`Microsoft sign-in against a local Graph (${postgres ? 'PostgreSQL' : 'PGlite'})`, async (t) => {
    const graph = await graphServer(t);
    const { app } = await buildTestApp(t, {
      postgres,
      env: { MICROSOFT_GRAPH_URL: graph.url, MICROSOFT_ALLOWED_TENANTS: `${T1}, ${T2}` },
    });
    const admin = await signUp(app, 'admin@contoso.test');
    const ms = (accessToken: string) =>
      app.inject({ method: 'POST', url: '/api/auth/microsoft', payload: { accessToken } });
    const claim = () =>
      app.inject({
        method: 'PUT',
        url: `/api/companies/${admin.user.companyId}`,
        headers: admin.headers,
        payload: { settings: { ssoDomains: ['contoso.test'] } },
      });
    t.equal((await claim()).statusCode, 403, 'no claim without proof');
    // The admin's own work account in the domain is the proof; the claim is bound to its tenant.
    graph.add('tok-admin-t1', T1, { id: 'oid-admin', displayName: 'Admin', mail: 'admin@contoso.test' });
    t.equal((await ms('tok-admin-t1')).statusCode, 200);
    t.equal((await claim()).statusCode, 200);
    const [bound] = await app.ctx.db.selectFrom('company_domains').selectAll().execute();
    t.match(bound, { domain: 'contoso.test', proof: 'microsoft', microsoft_tenant_id: T1 });

    graph.add('tok-bob-t1', T1, { id: 'oid-bob', displayName: 'Bob', mail: 'Bob@contoso.test' });
    const good = await ms('tok-bob-t1');
    t.equal(good.statusCode, 200);
    t.match(good.json().data.user, { email: 'bob@contoso.test', name: 'Bob', role: 'COMPANY_READER' });
    const identity = await app.ctx.db
      .selectFrom('user_identities')
      .selectAll()
      .where('subject', 'like', '%oid-bob')
      .executeTakeFirstOrThrow();
    t.equal(identity.subject, `${T1}:oid-bob`, 'keyed on tenant + object id');

    const bad = await ms('expired-or-forged');
    t.equal(bad.statusCode, 401, '401 from Graph');
    t.equal(bad.json().error.code, 'UNAUTHORIZED');

    graph.add('tok-t3', T3, { id: 'oid-x', displayName: 'X', mail: 'x@contoso.test' });
    t.equal((await ms('tok-t3')).statusCode, 403, 'a tenant not in MICROSOFT_ALLOWED_TENANTS');

    graph.add('tok-bob-t2', T2, { id: 'oid-bob', displayName: 'Bob Two', mail: 'bob@contoso.test' });
    const twin = await ms('tok-bob-t2');
    t.equal(twin.statusCode, 403, 'a second tenant with the same e-mail is not the same account');
    t.match(twin.json().error.message, /another microsoft account/);
    t.equal((await ms('tok-bob-t1')).json().data.user.id, good.json().data.user.id, 'the first stays');

    graph.add('tok-t2-new', T2, { id: 'oid-eve', displayName: 'Eve', mail: 'eve@contoso.test' });
    t.equal((await ms('tok-t2-new')).statusCode, 403, 'another tenant cannot join by the domain bound to T1');

    graph.add('tok-upn', T1, {
      id: 'oid-amy',
      displayName: 'Amy',
      mail: null,
      userPrincipalName: 'amy@contoso.test',
    });
    t.equal(
      (await ms('tok-upn')).json().data.user.email,
      'amy@contoso.test',
      'userPrincipalName when no mail',
    );
  });
}

t.test('Microsoft: 503 when not configured', async (t) => {
  const { app } = await buildTestApp(t);
  const res = await app.inject({ method: 'POST', url: '/api/auth/microsoft', payload: { accessToken: 'x' } });
  t.equal(res.statusCode, 503);
  t.equal(res.json().error.code, 'SERVICE_UNAVAILABLE');
});
