import t from 'tap';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { updateApiKey } from '../../src/api-keys/api-keys.repository.ts';

/**
 * A visitor JWKS URL is a tenant's choice (issue 36): it is fetched under the tenant outbound
 * policy (public addresses, plus the operator's exact WEBHOOK_PRIVATE_TARGETS for that company),
 * never under the operator's OUTBOUND_ALLOWLIST. The JWKS server here is a real one on 127.0.0.1.
 */
t.test('visitor JWKS URLs never inherit OUTBOUND_ALLOWLIST', async (t) => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'site-1', alg: 'RS256' };
  let hits = 0;
  const server = createServer((_q, res) => {
    hits++;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.teardown(() => new Promise((r) => server.close(r)));
  const port = (server.address() as AddressInfo).port;

  /**
   * A company whose key verifies RS256 visitor tokens against `jwksUrl`; a token-carrying request.
   * `stored`: the URL is written through the repository, past the route's set-time check, as a
   * URL stored before that check existed would be: the fetch must refuse it on its own.
   */
  async function visitorRequest(app: FastifyInstance, jwksUrl: string, stored = false) {
    const admin = await signUp(app);
    const made = await app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: admin.headers,
      payload: { name: 'widget', allDocuments: true },
    });
    const { id, key } = made.json().data as { id: string; key: string };
    if (stored) {
      const view = await updateApiKey(
        app.ctx.db,
        admin.user.companyId,
        id,
        { visitorJwksUrl: jwksUrl },
        app.ctx.authCache,
      );
      t.equal(view?.visitorTokens, 'rs256');
    } else {
      const set = await app.inject({
        method: 'PUT',
        url: `/api/api-keys/${id}`,
        headers: admin.headers,
        payload: { visitorJwksUrl: jwksUrl },
      });
      t.equal(set.json().data.visitorTokens, 'rs256');
    }
    const token = await new SignJWT({ sub: 'visitor-1', aud: id })
      .setProtectedHeader({ alg: 'RS256', kid: 'site-1' })
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(pair.privateKey);
    return app.inject({
      method: 'GET',
      url: '/api/public/topics',
      headers: { 'x-api-key': key, 'x-visitor-token': token },
    });
  }

  t.test('the operator allowlists loopback for its own requests: no tenant JWKS fetch', async (t) => {
    const { app } = await buildTestApp(t, { env: { OUTBOUND_ALLOWLIST: '127.0.0.0/8,localhost' } });
    const admin = await signUp(app);
    const made = await app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: admin.headers,
      payload: { name: 'widget', allDocuments: true },
    });
    const keyId = (made.json().data as { id: string }).id;
    for (const host of ['127.0.0.1', 'localhost', '[::ffff:127.0.0.1]', '[::127.0.0.1]']) {
      const before = hits;
      const set = await app.inject({
        method: 'PUT',
        url: `/api/api-keys/${keyId}`,
        headers: admin.headers,
        payload: { visitorJwksUrl: `http://${host}:${port}/jwks.json` },
      });
      t.equal(set.statusCode, 400, `${host}: refused when set (test/api/api-key-jwks-url.test.ts)`);
      // A URL stored before the set-time check: the fetch refuses it on its own.
      const res = await visitorRequest(app, `http://${host}:${port}/jwks.json`, true);
      t.equal(res.statusCode, 503, `${host}: the JWKS is not fetched`);
      t.equal(res.json().error.code, 'SERVICE_UNAVAILABLE');
      t.equal(hits, before, `${host}: no request reached the server`);
    }
  });

  t.test('an exact target the operator allowed for every company is reached', async (t) => {
    const { app } = await buildTestApp(t, { env: { WEBHOOK_PRIVATE_TARGETS: `*=127.0.0.1:${port}` } });
    const before = hits;
    const res = await visitorRequest(app, `http://127.0.0.1:${port}/jwks.json`);
    t.equal(res.statusCode, 200, 'RS256 through the allowed target');
    t.equal(hits, before + 1);
    t.equal((await visitorRequest(app, `http://127.0.0.1:${port}/jwks.json`)).statusCode, 200);
    t.equal(hits, before + 2, 'each company fetches its own JWKS (the cache is per company)');
  });
});
