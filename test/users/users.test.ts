import t from 'tap';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { addUser } from '../helpers/users.ts';

for (const postgres of [false, true]) {
  const db = postgres ? 'PostgreSQL' : 'PGlite';

  t.test(`${db}: invitation lifecycle — accept once, wrong, reused and expired tokens`, async (t) => {
    const { app } = await buildTestApp(t, { postgres });
    const admin = await signUp(app);
    const invite = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: admin.headers,
      payload: { email: 'Invited@Example.com', name: 'Invited', role: 'COMPANY_EDITOR' },
    });
    t.equal(invite.statusCode, 201);
    const { user, invitation } = invite.json().data;
    t.match(user, { email: 'invited@example.com', role: 'COMPANY_EDITOR', status: 'invited' });
    t.match(invitation.token, /^inv_/);
    const days = (Date.parse(invitation.expiresAt) - Date.now()) / 86_400_000;
    t.ok(days > 6.9 && days <= 7, 'valid 7 days');
    const stored = await app.ctx.db.selectFrom('invitations').selectAll().executeTakeFirstOrThrow();
    t.not(stored.token_hash, invitation.token, 'stored hashed');

    const accept = (token: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/accept-invitation',
        payload: { token, password: 'my new password', name: 'Ivy' },
      });
    const wrong = await accept('inv_wrong');
    t.equal(wrong.statusCode, 401);
    t.equal(wrong.json().error.code, 'UNAUTHORIZED');

    const ok = await accept(invitation.token);
    t.equal(ok.statusCode, 200);
    t.match(ok.json().data, { expiresIn: 3600, user: { id: user.id, name: 'Ivy', role: 'COMPANY_EDITOR' } });
    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${ok.json().data.accessToken}` },
    });
    t.equal(me.json().data.user.email, 'invited@example.com');
    t.equal((await accept(invitation.token)).statusCode, 401, 'a used invitation is refused');
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'invited@example.com', password: 'my new password' },
    });
    t.equal(login.statusCode, 200);
    const detail = await app.inject({ method: 'GET', url: `/api/users/${user.id}`, headers: admin.headers });
    t.equal(detail.json().data.status, 'active');

    const late = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: admin.headers,
      payload: { email: 'late@example.com', name: 'Late', role: 'COMPANY_READER' },
    });
    await app.ctx.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', late.json().data.user.id)
      .execute();
    t.equal(
      (await accept(late.json().data.invitation.token)).statusCode,
      401,
      'an expired invitation is refused',
    );
    const noPassword = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'late@example.com', password: 'anything at all' },
    });
    t.equal(noPassword.statusCode, 401, 'an invited user has no password to guess');

    const off = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: admin.headers,
      payload: { email: 'off@example.com', name: 'Off', role: 'COMPANY_READER' },
    });
    await app.inject({
      method: 'PUT',
      url: `/api/users/${off.json().data.user.id}`,
      headers: admin.headers,
      payload: { disabled: true },
    });
    t.equal(
      (await accept(off.json().data.invitation.token)).statusCode,
      401,
      'a disabled user cannot accept',
    );
  });

  t.test(
    `${db}: last active admin; demote, disable, delete and password change end live tokens`,
    async (t) => {
      const { app } = await buildTestApp(t, { postgres });
      const admin = await signUp(app);
      const me = (h: Record<string, string>) =>
        app.inject({ method: 'GET', url: '/api/auth/me', headers: h });
      const put = (id: string, payload: object, headers = admin.headers) =>
        app.inject({ method: 'PUT', url: `/api/users/${id}`, headers, payload });

      for (const change of [{ role: 'COMPANY_EDITOR' }, { disabled: true }]) {
        const res = await put(admin.user.id, change);
        t.equal(res.statusCode, 409, `last admin: ${JSON.stringify(change)}`);
        t.equal(res.json().error.code, 'CONFLICT');
      }
      const del = await app.inject({
        method: 'DELETE',
        url: `/api/users/${admin.user.id}`,
        headers: admin.headers,
      });
      t.equal(del.statusCode, 409);
      t.equal((await me(admin.headers)).statusCode, 200, 'refused changes leave the session alone');

      // Demotion counts at once: the same access token loses admin rights, then its session.
      const second = await addUser(app, admin, 'COMPANY_ADMIN');
      t.equal(
        (await app.inject({ method: 'GET', url: '/api/users', headers: second.headers })).statusCode,
        200,
      );
      t.equal((await put(second.id, { role: 'COMPANY_READER' })).statusCode, 200);
      t.equal((await me(second.headers)).statusCode, 401, 'demoted: live token refused');
      const relogged = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: second.email, password: second.password },
      });
      const readerHeaders = { authorization: `Bearer ${relogged.json().data.accessToken}` };
      const asReader = await app.inject({ method: 'GET', url: '/api/users', headers: readerHeaders });
      t.equal(asReader.statusCode, 403);
      t.match(asReader.json().error, { requiredRole: 'COMPANY_ADMIN', currentRole: 'COMPANY_READER' });

      // Now two admins: the first may demote itself once another admin exists.
      const third = await addUser(app, admin, 'COMPANY_ADMIN');
      t.equal((await put(third.id, { disabled: true })).statusCode, 200);
      t.equal((await me(third.headers)).statusCode, 401, 'disabled: live token refused');
      const refresh = await app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refreshToken: third.refreshToken },
      });
      t.equal(refresh.statusCode, 401, 'disabled: refresh token refused');

      const editor = await addUser(app, admin, 'COMPANY_EDITOR');
      const gone = await app.inject({
        method: 'DELETE',
        url: `/api/users/${editor.id}`,
        headers: admin.headers,
      });
      t.equal(gone.statusCode, 200);
      t.equal((await me(editor.headers)).statusCode, 401, 'deleted: live token refused');

      const reader = await addUser(app, admin, 'COMPANY_READER');
      const otherSession = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: reader.email, password: reader.password },
      });
      const wrongCurrent = await app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: reader.headers,
        payload: { currentPassword: 'not it at all', newPassword: 'brand new password' },
      });
      t.equal(wrongCurrent.statusCode, 401);
      const changed = await app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: reader.headers,
        payload: { currentPassword: reader.password, newPassword: 'brand new password' },
      });
      t.equal(changed.statusCode, 200);
      t.equal((await me(reader.headers)).statusCode, 401, 'password changed: this live token refused');
      const other = { authorization: `Bearer ${otherSession.json().data.accessToken}` };
      t.equal((await me(other)).statusCode, 401, 'password changed: other sessions end too');
      t.equal(
        (await me({ authorization: `Bearer ${changed.json().data.accessToken}` })).statusCode,
        200,
        'the answer carries a new session',
      );
      const renamed = await app.inject({
        method: 'PUT',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${changed.json().data.accessToken}` },
        payload: { name: 'Renamed Reader' },
      });
      t.equal(renamed.json().data.user.name, 'Renamed Reader');
      const selfPromote = await app.inject({
        method: 'PUT',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${changed.json().data.accessToken}` },
        payload: { name: 'x', role: 'COMPANY_ADMIN' },
      });
      t.equal(selfPromote.statusCode, 400, 'PUT /auth/me takes only the name');
    },
  );

  t.test(`${db}: list, filter, search; another company can never see or touch them`, async (t) => {
    const { app } = await buildTestApp(t, { postgres });
    const acme = await signUp(app);
    const globex = await signUp(app);
    const editor = await addUser(app, acme, 'COMPANY_EDITOR');
    await addUser(app, acme, 'COMPANY_READER');
    const list = (q: string, headers = acme.headers) =>
      app.inject({ method: 'GET', url: `/api/users${q}`, headers });
    const all = (await list('')).json().data;
    t.equal(all.pagination.total, 3);
    t.same(
      (await list('?role=COMPANY_EDITOR')).json().data.items.map((u: { id: string }) => u.id),
      [editor.id],
    );
    t.equal(
      (await list(`?search=${editor.email.slice(0, 12).toUpperCase()}`)).json().data.pagination.total,
      1,
    );
    t.equal((await list('?search=%25')).json().data.pagination.total, 0, 'LIKE wildcards are literal');
    t.equal((await list('?limit=2&sort=email&order=asc')).json().data.items.length, 2);
    t.equal((await list('?role=ROOT')).statusCode, 400);

    const theirs = (await list('', globex.headers)).json().data;
    t.same(
      theirs.items.map((u: { id: string }) => u.id),
      [globex.user.id],
      'globex lists only its own users',
    );
    const cross = [
      { method: 'GET' as const, url: `/api/users/${editor.id}` },
      { method: 'PUT' as const, url: `/api/users/${editor.id}`, payload: { role: 'COMPANY_ADMIN' } },
      { method: 'DELETE' as const, url: `/api/users/${editor.id}` },
    ];
    for (const req of cross) {
      const res = await app.inject({ ...req, headers: globex.headers });
      t.equal(res.statusCode, 404, `${req.method} another company's user is 404`);
    }
    const still = await app.inject({ method: 'GET', url: `/api/users/${editor.id}`, headers: acme.headers });
    t.match(still.json().data, { role: 'COMPANY_EDITOR', disabled: false });
    const taken = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: globex.headers,
      payload: { email: editor.email, name: 'dup', role: 'COMPANY_READER', password: 'long enough pw' },
    });
    t.equal(taken.statusCode, 409);
  });
}
