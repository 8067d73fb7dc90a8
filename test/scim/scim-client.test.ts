import t from 'tap';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { buildTestApp, signUp } from '../helpers/app.ts';

/**
 * The SCIM routes driven by a SCIM client library, scim2-client (python-scim2; no maintained
 * JavaScript SCIM client exists), which validates every payload against RFC 7643/7644, over real
 * HTTP, against two replicas sharing PostgreSQL and Redis (as test/auth/auth-cache-replicas.test.ts).
 * Setup: `python3 -m venv .venv-scim && .venv-scim/bin/pip install 'scim2-client[httpx2]==0.13.2'`
 * (docs/auth.md "SCIM provisioning"); skipped with a message without it.
 */
const PYTHON = '.venv-scim/bin/python';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Polls `check` every 20 ms until true, up to `ms`. */
async function eventually(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}

type Reply = Record<string, unknown> & { ok: boolean };
// Response bodies as the tests read them: fields picked by name.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

/** scim_client_flow.py as a process: `call(command)` sends one line and resolves with its answer. */
function scimClient(t: { teardown(fn: () => unknown): void }, base: string, token: string) {
  const child = spawn(PYTHON, ['test/scim/scim_client_flow.py', base, token], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  t.teardown(() => void child.kill());
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return async (command: Record<string, unknown>): Promise<Reply> => {
    child.stdin.write(JSON.stringify(command) + '\n');
    const next = await lines.next();
    if (next.done) throw new Error('the SCIM client exited');
    return JSON.parse(next.value) as Reply;
  };
}

t.test(
  'SCIM through scim2-client, two replicas',
  { skip: !existsSync(PYTHON) && `no ${PYTHON}` },
  async (t) => {
    const env = {
      REDIS_URL,
      AUTH_CACHE_TTL_SECONDS: '3600',
      JWT_SECRET: 'scim-secret-' + randomBytes(16).toString('hex'),
    };
    const a = await buildTestApp(t, { postgres: true, env });
    const { rows } = await sql<{ s: string }>`select current_schema() as s`.execute(a.ctx.db);
    const b = await buildTestApp(t, { postgres: true, env, overrides: { dbSchema: rows[0]!.s } });
    const baseA = await a.app.listen({ port: 0, host: '127.0.0.1' });
    const baseB = await b.app.listen({ port: 0, host: '127.0.0.1' });
    t.ok(
      await eventually(async () => a.ctx.authCache.active && b.ctx.authCache.active, 5000),
      'both subscribed',
    );

    const admin = await signUp(a.app);
    const json = { 'content-type': 'application/json' };
    const api = async (
      base: string,
      method: string,
      path: string,
      headers: Record<string, string>,
      body?: unknown,
    ) => {
      const res = await fetch(`${base}/api${path}`, {
        method,
        headers: { ...headers, ...(body ? json : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: res.status, headers: res.headers, body: (await res.json().catch(() => null)) as Body };
    };
    const created = await api(baseA, 'POST', '/scim-tokens', admin.headers, { name: 'Okta' });
    t.equal(created.status, 201);
    const scim = scimClient(t, baseA, created.body.data.token);

    await t.test('discovery: a client that knows nothing reads the service', async (t) => {
      const found = await scim({ op: 'discover' });
      t.ok(found.ok, String(found.error ?? ''));
      t.same(found.resourceTypes, ['Group', 'User']);
      t.equal(found.patch, true);
      t.equal(found.filterMaxResults, 200);
    });

    const password = 'a long enough password';
    let annId = '';
    await t.test('create, filter and paginate', async (t) => {
      const ann = await scim({
        op: 'create_user',
        userName: 'ann@acme.example',
        email: 'ann@acme.example',
        givenName: 'Ann',
        familyName: 'Lee',
        externalId: 'okta-1',
        password,
      });
      t.ok(ann.ok, JSON.stringify(ann));
      annId = (ann.user as { id: string }).id;
      for (const n of ['bob', 'cy']) {
        const r = await scim({
          op: 'create_user',
          userName: `${n}@acme.example`,
          email: `${n}@acme.example`,
        });
        t.ok(r.ok, JSON.stringify(r));
      }
      const again = await scim({
        op: 'create_user',
        userName: 'ann@acme.example',
        email: 'ann@acme.example',
      });
      t.match(again, { ok: false, status: 409, scimType: 'uniqueness' });
      const byName = await scim({ op: 'query_users', filter: 'userName eq "ann@acme.example"' });
      t.match(byName, { ok: true, totalResults: 1, ids: [annId] });
      const byEmail = await scim({
        op: 'query_users',
        filter: 'emails[type eq "work"].value eq "ann@acme.example"',
      });
      t.same(byEmail.ids, [annId]);
      const byExternal = await scim({ op: 'query_users', filter: 'externalId eq "okta-1"' });
      t.same(byExternal.ids, [annId]);
      const filter = 'userName ew "@acme.example"';
      const first = await scim({ op: 'query_users', filter, startIndex: 1, count: 2 });
      t.match(first, { totalResults: 3, startIndex: 1, itemsPerPage: 2 });
      const second = await scim({ op: 'query_users', filter, startIndex: 3, count: 2 });
      t.match(second, { totalResults: 3, startIndex: 3, itemsPerPage: 1 });
      t.same([...(first.userNames as string[]), ...(second.userNames as string[])].sort(), [
        'ann@acme.example',
        'bob@acme.example',
        'cy@acme.example',
      ]);
    });

    // Ann signs in on replica B, with the refresh token as the console's cookie.
    const login = await fetch(`${baseB}/api/auth/login`, {
      method: 'POST',
      headers: { ...json, 'x-refresh-cookie': '1' },
      body: JSON.stringify({ email: 'ann@acme.example', password }),
    });
    t.equal(login.status, 200, 'a provisioned user with a password signs in');
    const ann = { authorization: `Bearer ${((await login.json()) as Body).data.accessToken}` };
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    t.match(cookie, /^cograg_refresh=.+/);
    const topicNames = async () =>
      ((await api(baseB, 'GET', '/topics', ann)).body?.data?.items ?? []).map(
        (x: { name: string }) => x.name,
      );

    await t.test('group membership moves topic access', async (t) => {
      const group = await scim({ op: 'create_group', displayName: 'Finance' });
      t.ok(group.ok, JSON.stringify(group));
      const groupId = (group.group as { id: string }).id;
      const topic = await api(baseA, 'POST', '/topics', admin.headers, { name: 'Payroll' });
      t.equal(topic.status, 201);
      const restricted = await api(baseA, 'PUT', `/topics/${topic.body.data.id}/access`, admin.headers, {
        allMembers: 'none',
        groups: [{ groupId, access: 'read' }],
      });
      t.equal(restricted.status, 200);
      t.notOk((await topicNames()).includes('Payroll'), 'not a member: no Payroll');
      t.same((await scim({ op: 'members', id: groupId, add: [annId] })).members, [annId]);
      t.ok((await topicNames()).includes('Payroll'), 'added by SCIM: Payroll on the next request');
      t.same((await scim({ op: 'members', id: groupId, remove: [annId] })).members, []);
      t.notOk((await topicNames()).includes('Payroll'), 'removed by SCIM: Payroll gone');
      t.same((await scim({ op: 'query_groups', filter: 'displayName eq "Finance"' })).ids, [groupId]);
    });

    await t.test('another company’s token sees 404', async (t) => {
      const other = await signUp(a.app);
      const token = (await api(baseA, 'POST', '/scim-tokens', other.headers, { name: 'Entra' })).body.data
        .token;
      const theirs = scimClient(t, baseA, token);
      t.match(await theirs({ op: 'get_user', id: annId }), { ok: false, status: 404 });
      t.match(await theirs({ op: 'deactivate', id: annId }), { ok: false, status: 404 });
      t.match(await theirs({ op: 'query_users', filter: 'userName eq "ann@acme.example"' }), {
        ok: true,
        totalResults: 0,
      });
      t.equal((await api(baseB, 'GET', '/auth/me', ann)).status, 200, 'Ann is untouched');
    });

    await t.test('deactivation ends the live session on the other replica within a second', async (t) => {
      t.equal((await api(baseB, 'GET', '/auth/me', ann)).status, 200, 'cached on B');
      const started = Date.now();
      const off = await scim({ op: 'deactivate', id: annId });
      t.match(off, { ok: true, user: { active: false } });
      const refused = await eventually(
        async () => (await api(baseB, 'GET', '/auth/me', ann)).status === 401,
        1000,
      );
      t.ok(refused, 'the access token is refused on B within 1 s of the PATCH');
      t.comment(`refused ${Date.now() - started} ms after the PATCH was sent`);
      const refresh = await api(baseB, 'POST', '/auth/refresh', { 'x-refresh-cookie': '1', cookie }, {});
      t.equal(refresh.status, 401, 'the refresh cookie is refused');
      const again = await fetch(`${baseA}/api/auth/login`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email: 'ann@acme.example', password }),
      });
      t.equal(again.status, 401, 'and a new sign-in too');
    });
  },
);
