import t from 'tap';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { multipartBody } from '../helpers/multipart.ts';
import { eventsDuring, eventsOf } from './helpers.ts';

/**
 * Issue 39: every administrative action and security event leaves exactly one audit event with
 * its actor, target, outcome, source address, user agent and request id, and never a secret.
 */
t.test('every audited action leaves exactly one event', async (t) => {
  const root = mkdtempSync(join(tmpdir(), 'audit-share-'));
  const { app } = await buildTestApp(t, {
    env: { CONNECTOR_FOLDER_ROOTS: root, AUTH_REFRESH_REUSE_GRACE_SECONDS: '0' },
  });
  const admin = await signUp(app);
  const companyId = admin.user.companyId;
  const ua = { 'user-agent': 'audit-test/1.0' };
  const h = { ...admin.headers, ...ua };
  const inject = (method: string, url: string, payload?: unknown, headers: Record<string, string> = h) =>
    app.inject({
      method: method as 'POST',
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** Runs `act`, asserts one event with `action` (and `expected` fields), returns the answer. */
  const one = async (
    action: string,
    expected: Record<string, unknown>,
    act: () => Promise<LightMyRequestResponse>,
    chain: string | null = companyId,
  ) => {
    let res!: LightMyRequestResponse;
    const fresh = await eventsDuring(app, chain, async () => (res = await act()));
    t.equal(fresh.length, 1, `${action}: exactly one event (status ${res.statusCode})`);
    const e = fresh[0]!;
    t.match(e, { action, outcome: 'success', ...expected }, `${action}: fields`);
    const data = res.statusCode < 300 ? res.json().data : undefined;
    const created = data?.user?.id ?? data?.id;
    const scimCreated = action === 'scim.users.create' ? JSON.parse(res.body).id : undefined;
    if ((created || scimCreated) && action !== 'auth.refresh_reuse')
      t.equal(e.target?.id, created ?? scimCreated, `${action}: target id`);
    t.equal(e.requestId, res.headers['x-request-id'], `${action}: request id`);
    t.equal(e.ip, '127.0.0.1', `${action}: source address`);
    t.notMatch(
      JSON.stringify(e.details),
      /correct horse|another long|svc_(live|test)_|whsec_/,
      `${action}: no secret`,
    );
    return res;
  };
  const byAdmin = { actor: { type: 'user', id: admin.user.id } };

  // Sign-in: success, and a wrong password for a known e-mail (in that company's chain).
  await one(
    'auth.login',
    { ...byAdmin, target: { type: 'user', id: admin.user.id }, userAgent: 'audit-test/1.0' },
    () => inject('POST', '/api/auth/login', { email: admin.email, password: admin.password }, ua),
  );
  await one(
    'auth.login',
    {
      outcome: 'denied',
      actor: { type: 'anonymous', id: null },
      details: { email: admin.email, method: 'password' },
    },
    () => inject('POST', '/api/auth/login', { email: admin.email, password: 'wrong password!' }, ua),
  );
  // An unknown e-mail: the company-less chain.
  await one(
    'auth.login',
    { outcome: 'denied', target: { type: 'user', id: null } },
    () => inject('POST', '/api/auth/login', { email: 'nobody@example.com', password: 'wrong password!' }, ua),
    null,
  );

  // Users: create, invite, role change, delete.
  const created = await one(
    'user.create',
    { ...byAdmin, target: { type: 'user' }, details: { role: 'COMPANY_READER' } },
    () =>
      inject('POST', '/api/users', {
        email: 'r@example.com',
        name: 'R',
        role: 'COMPANY_READER',
        password: 'another long password',
      }),
  );
  const userId = created.json().data.user.id;
  await one('user.invite', { target: { type: 'user' } }, () =>
    inject('POST', '/api/users', { email: 'i@example.com', name: 'I', role: 'COMPANY_EDITOR' }),
  );
  await one(
    'user.role_change',
    { target: { type: 'user', id: userId }, details: { role: 'COMPANY_EDITOR' } },
    () => inject('PUT', `/api/users/${userId}`, { role: 'COMPANY_EDITOR' }),
  );

  // Refresh-token reuse ends the session: one event, in the user's company.
  const login = await inject(
    'POST',
    '/api/auth/login',
    { email: 'r@example.com', password: 'another long password' },
    ua,
  );
  const rt = login.json().data.refreshToken;
  t.equal((await inject('POST', '/api/auth/refresh', { refreshToken: rt }, ua)).statusCode, 200);
  const reuse = await one(
    'auth.refresh_reuse',
    { outcome: 'denied', actor: { type: 'user', id: userId }, target: { type: 'session' } },
    () => inject('POST', '/api/auth/refresh', { refreshToken: rt }, ua),
  );
  t.equal(reuse.statusCode, 401);
  t.equal(
    (await inject('POST', '/api/auth/refresh', { refreshToken: 'x'.repeat(40) }, ua)).statusCode,
    401,
    'unknown token: no event',
  );

  // Groups and topic grants.
  const group = await one('group.create', { target: { type: 'group' } }, () =>
    inject('POST', '/api/groups', { name: 'Legal' }),
  );
  const groupId = group.json().data.id;
  await one(
    'group.update',
    { target: { type: 'group', id: groupId }, details: { memberIds: [userId] } },
    () => inject('PUT', `/api/groups/${groupId}`, { memberIds: [userId] }),
  );
  const topic = await one('topic.create', { target: { type: 'topic' } }, () =>
    inject('POST', '/api/topics', { name: 'Contracts' }),
  );
  const topicId = topic.json().data.id;
  await one('topic.access_update', { target: { type: 'topic', id: topicId } }, () =>
    inject('PUT', `/api/topics/${topicId}/access`, {
      allMembers: 'none',
      groups: [{ groupId, access: 'read' }],
    }),
  );

  // API keys: created (the key itself never stored), deleted.
  const key = await one('api_key.create', { target: { type: 'api_key' }, details: { name: 'site' } }, () =>
    inject('POST', '/api/api-keys', { name: 'site', environment: 'test', allDocuments: true }),
  );
  const keyId = key.json().data.id;
  t.equal(key.json().data.key.startsWith('svc_test_'), true);
  await one('api_key.delete', { target: { type: 'api_key', id: keyId } }, () =>
    inject('DELETE', `/api/api-keys/${keyId}`),
  );

  // Company settings.
  await one(
    'company.settings_update',
    { target: { type: 'company', id: companyId }, details: { settings: ['topK'] } },
    () => inject('PUT', `/api/companies/${companyId}`, { settings: { topK: 7 } }),
  );

  // Webhooks (an IP literal: no DNS here) and connectors.
  const hook = await one(
    'webhook.create',
    { target: { type: 'webhook' }, details: { host: '93.184.216.34' } },
    () =>
      inject('POST', '/api/webhooks', {
        url: 'https://93.184.216.34/hook?token=s3cret',
        events: ['document.uploaded'],
      }),
  );
  const hookId = hook.json().data.id;
  t.notMatch(JSON.stringify(await eventsOf(app, companyId)), /s3cret/, 'a URL’s query is never stored');
  await one('webhook.update', { target: { type: 'webhook', id: hookId } }, () =>
    inject('PATCH', `/api/webhooks/${hookId}`, { active: false }),
  );
  await one('webhook.delete', { target: { type: 'webhook', id: hookId } }, () =>
    inject('DELETE', `/api/webhooks/${hookId}`),
  );
  const conn = await one(
    'connector.create',
    { target: { type: 'connector' }, details: { kind: 'folder' } },
    () =>
      inject('POST', '/api/connectors', { name: 'Share', kind: 'folder', topicId, config: { path: root } }),
  );
  const connId = conn.json().data.id;
  await one('connector.update', { target: { type: 'connector', id: connId } }, () =>
    inject('PATCH', `/api/connectors/${connId}`, { name: 'Share 2' }),
  );
  await one('connector.delete', { target: { type: 'connector', id: connId } }, () =>
    inject('DELETE', `/api/connectors/${connId}`),
  );

  // Documents: moved to a topic, deleted (the upload itself is not an administrative action).
  const body = multipartBody(
    {},
    { filename: 'note.txt', bytes: Buffer.from('A short note.'), contentType: 'text/plain' },
  );
  const up = await app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    headers: { ...h, ...body.headers },
    payload: body.payload,
  });
  t.equal(up.statusCode, 201);
  const docId = up.json().data.id;
  await one('document.move', { target: { type: 'document', id: docId }, details: { topicId } }, () =>
    inject('PUT', `/api/documents/${docId}`, { topicId }),
  );
  await one('document.delete', { target: { type: 'document', id: docId } }, () =>
    inject('DELETE', `/api/documents/${docId}`),
  );

  // Evaluations.
  await one('evaluation.start', { target: { type: 'evaluation' } }, () =>
    inject('POST', '/api/evaluations', {
      name: 'Baseline',
      format: 'jsonl',
      content: '{"question":"Who?","unanswerable":true}',
    }),
  );

  // SCIM: its token's lifecycle (admin routes, generic rule) and the provisioning calls (actor
  // `scim`, the token's company), with no line of the SCIM code written for the audit.
  const scimToken = await one('scim_tokens.create', { target: { type: 'scim_token' } }, () =>
    inject('POST', '/api/scim-tokens', { name: 'Okta' }),
  );
  const bearer = {
    authorization: `Bearer ${scimToken.json().data.token}`,
    'content-type': 'application/scim+json',
    ...ua,
  };
  const scimUser = await one(
    'scim.users.create',
    {
      actor: { type: 'scim', id: null },
      target: { type: 'scim_user' },
      details: { fields: ['active', 'emails', 'schemas', 'userName'] },
    },
    () =>
      app.inject({
        method: 'POST',
        url: '/scim/v2/Users',
        headers: bearer,
        payload: JSON.stringify({
          schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
          userName: 'ann@example.com',
          emails: [{ primary: true, value: 'ann@example.com' }],
          active: true,
        }),
      }),
  );
  const scimId = JSON.parse(scimUser.body).id;
  const patched = await one(
    'scim.users.update',
    { actor: { type: 'scim' }, target: { type: 'scim_user', id: scimId } },
    () =>
      app.inject({
        method: 'PATCH',
        url: `/scim/v2/Users/${scimId}`,
        headers: bearer,
        payload: JSON.stringify({
          schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
          Operations: [{ op: 'replace', value: { active: false } }],
        }),
      }),
  );
  t.equal(patched.statusCode, 200);
  t.equal(
    (
      await eventsDuring(app, companyId, () =>
        app.inject({ method: 'GET', url: '/scim/v2/Users', headers: bearer }),
      )
    ).length,
    0,
    'SCIM reads are not audited',
  );
  const scimTokenId = scimToken.json().data.id;
  await one('scim_tokens.delete', { target: { type: 'scim_token', id: scimTokenId } }, () =>
    inject('DELETE', `/api/scim-tokens/${scimTokenId}`),
  );

  // Users last: the deletion.
  await one('user.delete', { target: { type: 'user', id: userId } }, () =>
    inject('DELETE', `/api/users/${userId}`),
  );

  // Reads leave none.
  const reads = await eventsDuring(app, companyId, async () => {
    await inject('GET', '/api/users');
    await inject('GET', '/api/audit-events');
  });
  t.equal(reads.length, 0, 'reads are not audited');
});
