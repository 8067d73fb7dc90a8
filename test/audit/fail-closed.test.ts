import t from 'tap';
import { sql } from 'kysely';
import { buildTestApp, signUp } from '../helpers/app.ts';

/**
 * docs/decisions.md "Audit log": writes fail closed. When the event cannot be stored the answer is
 * 503 and, for a sign-in, carries no token: nothing leaves unrecorded.
 */
t.test('an audit write that fails turns the answer into 503', async (t) => {
  const { app, ctx } = await buildTestApp(t);
  const admin = await signUp(app);
  await sql`alter table audit_events rename to audit_events_away`.execute(ctx.db);

  const group = await app.inject({
    method: 'POST',
    url: '/api/groups',
    headers: admin.headers,
    payload: { name: 'x' },
  });
  t.equal(group.statusCode, 503);
  t.match(group.json(), { success: false, error: { code: 'SERVICE_UNAVAILABLE', message: /audit log/ } });

  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: admin.email, password: admin.password },
  });
  t.equal(login.statusCode, 503);
  t.notMatch(login.body, /accessToken|refreshToken/, 'no token leaves');

  const read = await app.inject({ method: 'GET', url: '/api/groups', headers: admin.headers });
  t.equal(read.statusCode, 200, 'reads are not audited, so they still work');

  await sql`alter table audit_events_away rename to audit_events`.execute(ctx.db);
  const again = await app.inject({
    method: 'POST',
    url: '/api/groups',
    headers: admin.headers,
    payload: { name: 'y' },
  });
  t.equal(again.statusCode, 201, 'back once the audit log can be written');
});
