import t from 'tap';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { addUser } from '../helpers/users.ts';
import { appendAuditEvent } from '../../src/audit/audit.repository.ts';

/** GET /api/audit-events and its export: admins only, one company's events, filters, pages. */
t.test('audit events: admin only, company-scoped, filtered, paginated, exported', async (t) => {
  const { app, ctx } = await buildTestApp(t);
  const admin = await signUp(app);
  const other = await signUp(app);
  const editor = await addUser(app, admin, 'COMPANY_EDITOR');
  const reader = await addUser(app, admin, 'COMPANY_READER');
  const companyId = admin.user.companyId;
  for (const name of ['one', 'two', 'three'])
    await app.inject({ method: 'POST', url: '/api/groups', headers: admin.headers, payload: { name } });
  await app.inject({
    method: 'POST',
    url: '/api/groups',
    headers: other.headers,
    payload: { name: 'theirs' },
  });
  const get = (url: string, headers = admin.headers) => app.inject({ method: 'GET', url, headers });

  for (const [who, headers] of [
    ['editor', editor.headers],
    ['reader', reader.headers],
  ] as const) {
    for (const url of ['/api/audit-events', '/api/audit-events/export', '/api/audit-events?format=jsonl']) {
      const res = await get(url, headers);
      t.equal(res.statusCode, 403, `${who} ${url}`);
      t.match(res.json(), { success: false, error: { code: 'FORBIDDEN', requiredRole: 'COMPANY_ADMIN' } });
    }
  }
  t.equal((await app.inject({ method: 'GET', url: '/api/audit-events' })).statusCode, 401, 'anonymous');

  const all = await get('/api/audit-events?limit=100');
  t.equal(all.statusCode, 200);
  const items = all.json().data.items as { companyId: string; action: string; seq: number }[];
  t.ok(items.length >= 9, 'sign-ins, user creations, groups and the denied reads');
  t.ok(
    items.every((e) => e.companyId === companyId),
    'only the company’s own events',
  );
  t.notOk(JSON.stringify(items).includes('theirs'), 'another company’s group is invisible');
  t.same(
    items.map((e) => e.seq),
    [...items.map((e) => e.seq)].sort((a, b) => b - a),
    'newest first',
  );
  const denied = await get('/api/audit-events?outcome=denied&actor=' + editor.id);
  t.equal(denied.json().data.pagination.total, 3, 'the editor’s three refused reads are recorded');
  t.match(denied.json().data.items[0], { action: 'audit_events.read', outcome: 'denied', statusCode: 403 });

  const groups = await get('/api/audit-events?action=group.create&limit=2');
  t.match(groups.json().data.pagination, { page: 1, limit: 2, total: 3, totalPages: 2 });
  const page2 = await get('/api/audit-events?action=group.create&limit=2&page=2');
  t.equal(page2.json().data.items.length, 1);
  t.equal((await get('/api/audit-events?action=group.*')).json().data.pagination.total, 3, 'prefix');
  t.equal(
    (await get(`/api/audit-events?actor=${admin.user.id}&targetType=group`)).json().data.pagination.total,
    3,
  );
  const future = new Date(Date.now() + 60_000).toISOString();
  t.equal(
    (await get(`/api/audit-events?from=${encodeURIComponent(future)}`)).json().data.pagination.total,
    0,
  );
  const bad = await get(`/api/audit-events?from=${encodeURIComponent(future)}&to=2020-01-01T00:00:00Z`);
  t.equal(bad.statusCode, 400);
  t.equal(bad.json().error.code, 'VALIDATION_ERROR');
  t.equal((await get('/api/audit-events?limit=101')).statusCode, 400);
  t.equal((await get('/api/audit-events?outcome=maybe')).statusCode, 400);

  // Another company's events never leak, whatever the filter names.
  await appendAuditEvent(ctx.db, {
    companyId: other.user.companyId,
    actorType: 'system',
    actorId: null,
    action: 'secret.thing',
    outcome: 'success',
  });
  t.equal((await get('/api/audit-events?action=secret.thing')).json().data.pagination.total, 0);

  for (const url of [
    '/api/audit-events/export?action=group.create',
    '/api/audit-events?format=jsonl&action=group.create',
  ]) {
    const exp = await get(url);
    t.equal(exp.statusCode, 200, url);
    t.match(exp.headers['content-type'], /^application\/x-ndjson/);
    t.match(exp.headers['content-disposition'], /attachment; filename="audit-events-\d{4}-\d\d-\d\d\.jsonl"/);
    const lines = exp.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    t.equal(lines.length, 3);
    t.ok(lines[0].seq < lines[1].seq && lines[1].seq < lines[2].seq, 'chain order');
    t.match(lines[0], { action: 'group.create', hash: /^[0-9a-f]{64}$/, prevHash: /^[0-9a-f]{64}$/ });
  }
});
