import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, signUp } from '../helpers/app.ts';

/**
 * SCIM 2.0 routes through fastify.inject, with the exact request shapes Okta's and Entra ID's
 * provisioning documentation shows (test/scim/scim-client.test.ts drives them with a SCIM client
 * library, over real HTTP). PGlite and PostgreSQL.
 */
const SCIM = 'application/scim+json';

async function tokenFor(app: FastifyInstance, admin: { headers: Record<string, string> }) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/scim-tokens',
    headers: admin.headers,
    payload: { name: 'Okta' },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data as { id: string; token: string };
}

function client(app: FastifyInstance, token: string) {
  return async (method: string, url: string, payload?: unknown) => {
    const res = await app.inject({
      method: method as 'GET',
      url: `/scim/v2${url}`,
      headers: { authorization: `Bearer ${token}`, ...(payload ? { 'content-type': SCIM } : {}) },
      ...(payload ? { payload: JSON.stringify(payload) } : {}),
    });
    return {
      status: res.statusCode,
      type: String(res.headers['content-type']),
      body: res.body ? res.json() : null,
      headers: res.headers,
    };
  };
}

const oktaUser = (userName: string, extra: object = {}) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
  userName,
  name: { givenName: 'Ann', familyName: 'Lee' },
  emails: [{ primary: true, value: userName, type: 'work' }],
  displayName: 'Ann Lee',
  active: true,
  ...extra,
});

for (const postgres of [false, true]) {
  t.test(`SCIM routes (${postgres ? 'PostgreSQL' : 'PGlite'})`, async (t) => {
    const { app } = await buildTestApp(t, { postgres });
    const admin = await signUp(app);
    const { token, id: tokenId } = await tokenFor(app, admin);
    const scim = client(app, token);

    t.test('a token is needed, and errors are SCIM errors', async (t) => {
      const none = await app.inject({ method: 'GET', url: '/scim/v2/Users' });
      t.equal(none.statusCode, 401);
      t.match(none.headers['content-type'], /^application\/scim\+json/);
      t.same(none.json().schemas, ['urn:ietf:params:scim:api:messages:2.0:Error']);
      t.equal(none.json().status, '401');
      t.equal(none.headers['www-authenticate'], 'Bearer realm="scim"');
      const wrong = await client(app, `scim_${'x'.repeat(43)}`)('GET', '/Users');
      t.equal(wrong.status, 401);
      const jwt = await app.inject({ method: 'GET', url: '/scim/v2/Users', headers: admin.headers });
      t.equal(jwt.statusCode, 401, 'a user session is not a SCIM token');
      const bad = await scim('GET', '/Users?filter=' + encodeURIComponent('userName eq'));
      t.equal(bad.status, 400);
      t.equal(bad.body.scimType, 'invalidFilter');
      // Values are bound parameters: a quote in one is text, not SQL.
      const quoted = await scim(
        'GET',
        '/Users?filter=' + encodeURIComponent(`userName eq "x' or '1'='1" or displayName co "%"`),
      );
      t.equal(quoted.status, 200);
      t.equal(quoted.body.totalResults, 0, 'nobody is named that, and % is not a wildcard');
      const unknown = await scim('GET', '/Users?filter=' + encodeURIComponent('nickName eq "x"'));
      t.equal(unknown.body.scimType, 'invalidFilter');
      const malformed = await app.inject({
        method: 'POST',
        url: '/scim/v2/Users',
        headers: { authorization: `Bearer ${token}`, 'content-type': SCIM },
        payload: '{"userName": ',
      });
      t.equal(malformed.statusCode, 400);
      t.equal(malformed.json().scimType, 'invalidSyntax');
      const noName = await scim('POST', '/Users', { schemas: [], emails: [] });
      t.equal(noName.status, 400);
      t.equal(noName.body.scimType, 'invalidValue');
    });

    t.test('discovery', async (t) => {
      const config = await scim('GET', '/ServiceProviderConfig');
      t.equal(config.status, 200);
      t.equal(config.body.patch.supported, true);
      t.equal(config.body.filter.maxResults, 200);
      const types = await scim('GET', '/ResourceTypes');
      t.same(
        types.body.Resources.map((r: { name: string }) => r.name),
        ['User', 'Group'],
      );
      const schemas = await scim('GET', '/Schemas');
      t.equal(schemas.body.totalResults, 2);
      const user = await scim('GET', '/Schemas/urn:ietf:params:scim:schemas:core:2.0:User');
      t.ok(user.body.attributes.find((a: { name: string }) => a.name === 'userName'));
    });

    t.test('Okta: create, look up, deactivate, reactivate', async (t) => {
      const created = await scim('POST', '/Users', oktaUser('ann.lee@example.com', { externalId: '00u1' }));
      t.equal(created.status, 201);
      t.match(created.type, /^application\/scim\+json/);
      const id = created.body.id as string;
      t.equal(created.headers.location, created.body.meta.location);
      t.match(created.body, {
        userName: 'ann.lee@example.com',
        externalId: '00u1',
        name: { givenName: 'Ann', familyName: 'Lee' },
        active: true,
        roles: [{ value: 'COMPANY_READER' }],
        emails: [{ value: 'ann.lee@example.com', type: 'work', primary: true }],
      });
      t.equal((await scim('POST', '/Users', oktaUser('ANN.LEE@example.com'))).body.scimType, 'uniqueness');
      const found = await scim(
        'GET',
        '/Users?filter=' +
          encodeURIComponent('userName eq "Ann.Lee@example.com"') +
          '&startIndex=1&count=100',
      );
      t.equal(found.body.totalResults, 1);
      t.equal(found.body.Resources[0].id, id);
      const miss = await scim(
        'GET',
        '/Users?filter=' + encodeURIComponent('userName eq "nobody@example.com"'),
      );
      t.same([miss.body.totalResults, miss.body.Resources], [0, []]);
      const off = await scim('PATCH', `/Users/${id}`, {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [{ op: 'replace', value: { active: false } }],
      });
      t.equal(off.status, 200);
      t.equal(off.body.active, false);
      const put = await scim(
        'PUT',
        `/Users/${id}`,
        oktaUser('ann.lee@example.com', { active: true, displayName: 'Ann L.' }),
      );
      t.equal(put.body.active, true);
      t.equal(put.body.displayName, 'Ann L.');
      t.notOk(put.body.externalId, 'PUT replaces: externalId left out is cleared');
      // If-Match (RFC 7644 §3.14): a stale version is 412, the current one goes ahead.
      const stale = await app.inject({
        method: 'PATCH',
        url: `/scim/v2/Users/${id}`,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': SCIM,
          'if-match': created.body.meta.version,
        },
        payload: JSON.stringify({ Operations: [{ op: 'replace', path: 'displayName', value: 'Stale' }] }),
      });
      t.equal(stale.statusCode, 412);
      const fresh = await app.inject({
        method: 'PATCH',
        url: `/scim/v2/Users/${id}`,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': SCIM,
          'if-match': String(put.headers.etag),
        },
        payload: JSON.stringify({ Operations: [{ op: 'replace', path: 'displayName', value: 'Fresh' }] }),
      });
      t.equal(fresh.statusCode, 200);
      t.equal(fresh.json().displayName, 'Fresh');
    });

    t.test('Entra: filters, Replace with paths, string booleans, extension attributes', async (t) => {
      const created = await scim('POST', '/Users', {
        schemas: [
          'urn:ietf:params:scim:schemas:core:2.0:User',
          'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
        ],
        externalId: 'f0c1',
        userName: 'bo@contoso.example',
        active: true,
        displayName: 'Bo Ng',
        emails: [{ primary: true, type: 'work', value: 'bo.ng@contoso.example' }],
        name: { formatted: 'Bo Ng', familyName: 'Ng', givenName: 'Bo' },
        'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { department: 'Sales' },
      });
      t.equal(created.status, 201);
      const id = created.body.id as string;
      t.equal(
        created.body.emails[0].value,
        'bo.ng@contoso.example',
        'the e-mail is the work e-mail, not the UPN',
      );
      for (const filter of [
        'externalId eq "f0c1"',
        'emails[type eq "work"].value eq "BO.NG@contoso.example"',
        'userName eq "bo@contoso.example" and active eq true',
        'urn:ietf:params:scim:schemas:core:2.0:User:userName eq "bo@contoso.example"',
        'displayName sw "bo " or externalId eq "none"',
      ]) {
        const res = await scim('GET', '/Users?filter=' + encodeURIComponent(filter));
        t.same(
          res.body.Resources?.map((r: { id: string }) => r.id),
          [id],
          filter,
        );
      }
      t.equal(
        (await scim('GET', '/Users?filter=' + encodeURIComponent('externalId eq "F0C1"'))).body.totalResults,
        0,
        'externalId is caseExact',
      );
      const patched = await scim('PATCH', `/Users/${id}`, {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [
          { op: 'Replace', path: 'displayName', value: 'Bo N.' },
          { op: 'Replace', path: 'emails[type eq "work"].value', value: 'bo.n@contoso.example' },
          { op: 'Replace', path: 'name.givenName', value: 'Bob' },
          {
            op: 'Add',
            path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department',
            value: 'Ops',
          },
          { op: 'Replace', path: 'active', value: 'False' },
        ],
      });
      t.equal(patched.status, 200, patched.body?.detail);
      t.match(patched.body, { displayName: 'Bo N.', name: { givenName: 'Bob' }, active: false });
      t.equal(patched.body.emails[0].value, 'bo.n@contoso.example');
      const added = await scim('PATCH', `/Users/${id}`, {
        Operations: [
          { op: 'add', path: 'emails', value: [{ value: 'bo@new.example', type: 'work', primary: true }] },
        ],
      });
      t.equal(added.body.emails[0].value, 'bo@new.example', 'an added primary e-mail becomes the e-mail');
      const badOp = await scim('PATCH', `/Users/${id}`, { Operations: [{ op: 'move', path: 'active' }] });
      t.equal(badOp.body.scimType, 'invalidSyntax');
      const badPath = await scim('PATCH', `/Users/${id}`, {
        Operations: [{ op: 'replace', path: 'a b', value: 1 }],
      });
      t.equal(badPath.body.scimType, 'invalidPath');
      t.equal((await scim('DELETE', `/Users/${id}`)).status, 204);
      t.equal((await scim('GET', `/Users/${id}`)).status, 404);
    });

    t.test('pagination', async (t) => {
      for (let i = 0; i < 5; i++) await scim('POST', '/Users', oktaUser(`page${i}@example.com`));
      const filter = encodeURIComponent('userName sw "page"');
      const first = await scim('GET', `/Users?filter=${filter}&startIndex=1&count=2`);
      t.match(first.body, { totalResults: 5, startIndex: 1, itemsPerPage: 2 });
      const last = await scim('GET', `/Users?filter=${filter}&startIndex=5&count=2`);
      t.same(
        last.body.Resources.map((r: { userName: string }) => r.userName),
        ['page4@example.com'],
      );
      const none = await scim('GET', `/Users?filter=${filter}&count=0`);
      t.same([none.body.totalResults, none.body.Resources.length], [5, 0]);
      const seen = new Set<string>();
      for (let start = 1; start <= 5; start += 2)
        for (const r of (await scim('GET', `/Users?filter=${filter}&startIndex=${start}&count=2`)).body
          .Resources)
          seen.add(r.id);
      t.equal(seen.size, 5, 'pages neither skip nor repeat');
    });

    t.test('groups: create, filter, Entra and Okta member changes, tenant isolation', async (t) => {
      const a = (await scim('POST', '/Users', oktaUser('ga@example.com'))).body.id;
      const b = (await scim('POST', '/Users', oktaUser('gb@example.com'))).body.id;
      const g = await scim('POST', '/Groups', {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
        displayName: 'Sales',
        externalId: 'grp-1',
        members: [{ value: a }],
      });
      t.equal(g.status, 201);
      const gid = g.body.id;
      t.equal((await scim('POST', '/Groups', { displayName: 'sales' })).body.scimType, 'uniqueness');
      const byName = await scim(
        'GET',
        `/Groups?filter=${encodeURIComponent('displayName eq "Sales"')}&excludedAttributes=members`,
      );
      t.equal(byName.body.totalResults, 1);
      t.notOk(byName.body.Resources[0].members, 'members left out');
      const members = async () =>
        ((await scim('GET', `/Groups/${gid}`)).body.members ?? [])
          .map((m: { value: string }) => m.value)
          .sort();
      // Entra: add and remove with a value list.
      await scim('PATCH', `/Groups/${gid}`, {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [{ op: 'Add', path: 'members', value: [{ value: b }] }],
      });
      t.same(await members(), [a, b].sort());
      await scim('PATCH', `/Groups/${gid}`, {
        Operations: [{ op: 'Remove', path: 'members', value: [{ value: a }] }],
      });
      t.same(await members(), [b]);
      // Okta: remove by value filter, replace the whole list, rename.
      await scim('PATCH', `/Groups/${gid}`, {
        Operations: [{ op: 'remove', path: `members[value eq "${b}"]` }],
      });
      t.same(await members(), []);
      await scim('PATCH', `/Groups/${gid}`, {
        Operations: [
          { op: 'replace', path: 'members', value: [{ value: a }, { value: b }] },
          { op: 'replace', value: { id: gid, displayName: 'Sales EU' } },
        ],
      });
      t.same(await members(), [a, b].sort());
      const byMember = await scim('GET', `/Groups?filter=${encodeURIComponent(`members[value eq "${a}"]`)}`);
      t.same(
        byMember.body.Resources.map((r: { id: string }) => r.id),
        [gid],
      );
      const user = await scim('GET', `/Users/${a}`);
      t.same(
        user.body.groups.map((x: { display: string }) => x.display),
        ['Sales EU'],
      );
      t.equal(
        (
          await scim('PATCH', `/Groups/${gid}`, {
            Operations: [{ op: 'add', path: 'members', value: [{ value: 'usr_nope' }] }],
          })
        ).status,
        400,
      );

      // Another company's token: 404 for these, and its lists do not show them.
      const other = await signUp(app);
      const theirs = client(app, (await tokenFor(app, other)).token);
      t.equal((await theirs('GET', `/Users/${a}`)).status, 404);
      t.equal((await theirs('GET', `/Groups/${gid}`)).status, 404);
      t.equal(
        (await theirs('PATCH', `/Users/${a}`, { Operations: [{ op: 'replace', value: { active: false } }] }))
          .status,
        404,
      );
      t.equal((await theirs('PUT', `/Groups/${gid}`, { displayName: 'x' })).status, 404);
      t.equal((await theirs('DELETE', `/Users/${a}`)).status, 404);
      t.equal((await theirs('DELETE', `/Groups/${gid}`)).status, 404);
      t.equal(
        (await theirs('GET', '/Users?filter=' + encodeURIComponent('userName eq "ga@example.com"'))).body
          .totalResults,
        0,
      );
      t.equal((await theirs('GET', '/Groups')).body.totalResults, 0);
      // Their group cannot take our user.
      const theirGroup = await theirs('POST', '/Groups', { displayName: 'Theirs', members: [{ value: a }] });
      t.equal(theirGroup.status, 400);
      t.equal((await scim('DELETE', `/Groups/${gid}`)).status, 204);
    });

    t.test('tokens: listed without the secret, rotated, revoked; admin only', async (t) => {
      const list = await app.inject({ method: 'GET', url: '/api/scim-tokens', headers: admin.headers });
      t.equal(list.statusCode, 200);
      t.notOk(JSON.stringify(list.json()).includes(token), 'the token is never listed');
      t.equal(list.json().data.items[0].tokenPrefix, token.slice(0, 10));
      const rotated = await app.inject({
        method: 'POST',
        url: `/api/scim-tokens/${tokenId}/rotate`,
        headers: admin.headers,
      });
      t.equal(rotated.statusCode, 200);
      t.equal((await scim('GET', '/Users')).status, 401, 'the old token is refused');
      const fresh = client(app, rotated.json().data.token);
      t.equal((await fresh('GET', '/Users')).status, 200);
      const other = await signUp(app);
      t.equal(
        (await app.inject({ method: 'DELETE', url: `/api/scim-tokens/${tokenId}`, headers: other.headers }))
          .statusCode,
        404,
      );
      t.equal(
        (await app.inject({ method: 'DELETE', url: `/api/scim-tokens/${tokenId}`, headers: admin.headers }))
          .statusCode,
        200,
      );
      t.equal((await fresh('GET', '/Users')).status, 401, 'revoked');
    });
  });
}

t.test('a SCIM token is rate-limited in the authenticated class', async (t) => {
  const { app } = await buildTestApp(t, {
    env: { RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_AUTHENTICATED: '3' },
  });
  const admin = await signUp(app);
  const scim = client(app, (await tokenFor(app, admin)).token);
  for (let i = 1; i <= 3; i++) {
    const ok = await scim('GET', '/Users?count=1');
    t.equal(ok.status, 200);
    t.equal(ok.headers['x-ratelimit-remaining'], String(3 - i));
  }
  const refused = await scim('GET', '/Users?count=1');
  t.equal(refused.status, 429);
  t.ok(Number(refused.headers['retry-after']) >= 1, 'Retry-After');
  t.same(refused.body.schemas, ['urn:ietf:params:scim:api:messages:2.0:Error']);
  const other = client(app, (await tokenFor(app, await signUp(app))).token);
  t.equal((await other('GET', '/Users?count=1')).status, 200, 'per token');
});
