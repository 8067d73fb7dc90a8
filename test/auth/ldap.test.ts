import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { ADMIN_DN, ADMIN_PASSWORD, SLAPD, SLAPD_MISSING, startSlapd } from '../helpers/slapd.ts';
import { syncLdapGroups, startLdapSync } from '../../src/auth/ldap/sync.ts';
import { escapeDnValue, escapeFilterValue } from '../../src/auth/ldap/escape.ts';

const PASSWORD = 'alice-directory-passphrase';

t.test('RFC 4515 / 4514 escaping', async (t) => {
  t.equal(escapeFilterValue('*)(uid=*'), '\\2a\\29\\28uid=\\2a');
  t.equal(escapeFilterValue('a\\b\0'), 'a\\5cb\\00');
  t.equal(escapeDnValue('Smith, John+x'), 'Smith\\, John\\+x');
  t.equal(escapeDnValue(' #lead trail '), '\\ #lead trail\\ ');
});

/** An app with LDAP_CONFIG, a company that proved example.org, two topics granted to two groups. */
async function setup(t: { teardown(fn: () => unknown): void }, config: Record<string, unknown>) {
  const env = {
    LDAP_CONFIG: JSON.stringify({
      userBase: `ou=people,dc=example,dc=org`,
      domains: ['example.org'],
      ...config,
    }),
    LDAP_SYNC_INTERVAL_SECONDS: '0',
    LIST_CACHE_SIZE: '0',
  };
  const { app, ctx } = await buildTestApp(t, { env });
  const admin = await signUp(app, 'boss@example.org');
  await ctx.db
    .insertInto('company_domains')
    .values({
      domain: 'example.org',
      company_id: admin.user.companyId,
      proof: 'operator',
      microsoft_tenant_id: null,
      claimed_by: null,
    })
    .execute();
  const post = (url: string, payload: object) =>
    app.inject({ method: 'POST', url, headers: admin.headers, payload }).then((r) => r.json().data);
  for (const [topic, group] of [
    ['Roadmap', 'Engineering'],
    ['Budget', 'Finance'],
  ]) {
    const g = await post('/api/groups', { name: group });
    const created = await post('/api/topics', { name: topic });
    await app.inject({
      method: 'PUT',
      url: `/api/topics/${created.id}/access`,
      headers: admin.headers,
      payload: { allMembers: 'none', groups: [{ groupId: g.id, access: 'read' }] },
    });
  }
  return { app, ctx };
}

const login = (app: FastifyInstance, username: string, password = PASSWORD) =>
  app.inject({ method: 'POST', url: '/api/auth/ldap', payload: { username, password } });

const topicsOf = async (app: FastifyInstance, token: string) =>
  (
    (await app.inject({ url: '/api/topics', headers: { authorization: `Bearer ${token}` } })).json().data
      .items as { name: string }[]
  )
    .map((x) => x.name)
    .sort();

t.test('LDAP sign-in against slapd', { skip: SLAPD ? false : SLAPD_MISSING }, async (t) => {
  const ldap = await startSlapd(t);
  await ldap.addUser('alice', { mail: 'alice@example.org', name: 'Alice Martin', password: PASSWORD });
  await ldap.addUser('bob', {
    mail: 'bob@example.org',
    name: 'Bob Stone',
    password: 'bob-directory-passphrase',
  });
  await ldap.setGroup('engineering', ['alice']);
  await ldap.setGroup('finance', ['bob']);
  await ldap.setGroup('cograg-admins', []);

  t.test('search, then bind, over LDAPS with the configured CA; groups follow the directory', async (t) => {
    const { app, ctx } = await setup(t, {
      url: ldap.ldapsUrl,
      caFile: ldap.caFile,
      bindDn: ADMIN_DN,
      bindPassword: ADMIN_PASSWORD,
      groupsByName: true,
      roles: { [ldap.groupDn('cograg-admins')]: 'COMPANY_ADMIN' },
    });
    t.equal((await app.inject({ url: '/api/auth/providers' })).json().data.ldap, true, 'listed for clients');
    const ok = await login(app, 'alice');
    t.equal(ok.statusCode, 200, ok.body);
    const token = ok.json().data.accessToken as string;
    t.equal(ok.json().data.user.email, 'alice@example.org');
    t.equal(ok.json().data.user.name, 'Alice Martin');
    t.equal(ok.json().data.user.role, 'COMPANY_READER');
    t.same(await topicsOf(app, token), ['Roadmap'], 'memberOf cn=engineering grants Roadmap');
    t.equal((await login(app, 'alice@example.org')).statusCode, 200, 'the mail attribute signs in too');

    const wrong = await login(app, 'alice', 'not-her-password');
    t.equal(wrong.statusCode, 401);
    const unknown = await login(app, 'nobody');
    t.equal(unknown.statusCode, 401);
    t.equal(
      unknown.json().error.message,
      wrong.json().error.message,
      'one answer for a wrong name or password',
    );

    // LDAP injection: unescaped, `ali*` would find alice and her password would bind.
    for (const name of ['ali*', '*', 'alice)(uid=*', '*)(|(uid=*', 'alice)(|(objectClass=*']) {
      const res = await login(app, name);
      t.equal(res.statusCode, 401, `injection "${name}" is refused`);
    }

    // The directory moves alice to finance and makes her an admin; the periodic sync applies it.
    await ldap.setGroup('engineering', []);
    await ldap.setGroup('finance', ['alice', 'bob']);
    await ldap.setGroup('cograg-admins', ['alice']);
    t.same(await topicsOf(app, token), ['Roadmap'], 'nothing changes before the sync');
    const report = await syncLdapGroups({
      db: ctx.db,
      config: app.ctx.config.ldap!,
      revocations: ctx.authCache,
    });
    t.same(report, { checked: 1, changed: 1, gone: 0 });
    t.same(await topicsOf(app, token), ['Budget', 'Roadmap'], 'now an admin, who sees every topic');
    const me = (
      await app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } })
    ).json();
    t.equal(me.data.user.role, 'COMPANY_ADMIN', 'the role from the mapped group, without a sign-in');

    await ldap.setGroup('cograg-admins', []);
    await syncLdapGroups({ db: ctx.db, config: app.ctx.config.ldap!, revocations: ctx.authCache });
    t.same(await topicsOf(app, token), ['Budget'], 'out of the admins: finance only');
    const again = await syncLdapGroups({
      db: ctx.db,
      config: app.ctx.config.ldap!,
      revocations: ctx.authCache,
    });
    t.same(again, { checked: 1, changed: 0, gone: 0 }, 'a second pass changes nothing');
  });

  t.test('bind as the user over StartTLS (no service account)', async (t) => {
    const { app } = await setup(t, {
      url: ldap.url,
      startTls: true,
      caFile: ldap.caFile,
      userDnTemplate: 'uid={user},ou=people,dc=example,dc=org',
    });
    const ok = await login(app, 'bob', 'bob-directory-passphrase');
    t.equal(ok.statusCode, 200, ok.body);
    t.equal(
      (await login(app, 'bob,ou=people', 'bob-directory-passphrase')).statusCode,
      401,
      'a name spanning RDNs stays one escaped value: no such entry',
    );
    t.equal((await login(app, 'bob', '')).statusCode, 400, 'an empty password never reaches the directory');
    t.equal(
      startLdapSync(
        {
          db: app.ctx.db,
          config: { ...app.ctx.config.ldap!, syncIntervalSeconds: 60 },
          revocations: app.ctx.authCache,
        },
        { log: app.log },
      ),
      null,
      'no periodic sync without a service account',
    );
  });

  t.test('a certificate from an untrusted CA is refused', async (t) => {
    const { app } = await setup(t, { url: ldap.ldapsUrl, bindDn: ADMIN_DN, bindPassword: ADMIN_PASSWORD });
    const res = await login(app, 'alice');
    t.equal(res.statusCode, 503, res.body);
  });
});
