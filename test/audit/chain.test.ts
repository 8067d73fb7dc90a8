import t from 'tap';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { buildTestApp, signUp, TEST_DATABASE_URL } from '../helpers/app.ts';
import { appendAuditEvent, pruneAuditChain, type AuditEventInput } from '../../src/audit/audit.repository.ts';
import { canonicalJson } from '../../src/audit/chain.ts';
import { safeDetails } from '../../src/audit/details.ts';
import { createPruner } from '../../src/audit/prune.ts';
import { verifyAuditChain } from '../../src/audit/verify.ts';
import { eventsOf } from './helpers.ts';

const run = promisify(execFile);
const event = (companyId: string | null, n: number): AuditEventInput => ({
  companyId,
  actorType: 'system',
  actorId: null,
  action: 'test.event',
  targetType: 'thing',
  targetId: `thing-${n}`,
  outcome: 'success',
  details: { n },
});

t.test('canonical serialisation and safe details', async (t) => {
  t.equal(
    canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: null } }),
    '{"a":{"c":null,"d":[1,{"y":2,"z":1}]},"b":1}',
  );
  t.same(
    safeDetails({
      password: 'x',
      newPassword: 'x',
      apiKey: 'x',
      clientSecret: 'x',
      token: 'x',
      key: 'x',
      role: 'ADMIN',
      keyId: 'k',
    }),
    { role: 'ADMIN', keyId: 'k' },
  );
  t.equal((safeDetails({ s: 'x'.repeat(500) }).s as string).length, 200);
});

for (const postgres of [false, true]) {
  const db = postgres ? 'PostgreSQL' : 'PGlite';

  t.test(`${db}: concurrent writers never fork a chain`, async (t) => {
    const { ctx } = await buildTestApp(t, { postgres });
    await Promise.all([
      ...Array.from({ length: 40 }, (_, i) => appendAuditEvent(ctx.db, event('comp_a', i))),
      ...Array.from({ length: 10 }, (_, i) => appendAuditEvent(ctx.db, event('comp_b', i))),
    ]);
    for (const [chain, n] of [
      ['comp_a', 40],
      ['comp_b', 10],
    ] as const) {
      const report = await verifyAuditChain(ctx.db, chain);
      t.match(report, { ok: true, rows: n, lastSeq: n }, `${chain}: ${n} rows, one chain`);
    }
  });

  t.test(`${db}: a tampered, removed or truncated row is found`, async (t) => {
    const { app, ctx } = await buildTestApp(t, { postgres });
    for (let i = 0; i < 6; i++) await appendAuditEvent(ctx.db, event('comp_t', i));
    const rows = await eventsOf(app, 'comp_t');
    t.match(await verifyAuditChain(ctx.db, 'comp_t'), { ok: true, rows: 6 });

    await sql`update audit_events set details = '{"n": 99}' where id = ${rows[2]!.id}`.execute(ctx.db);
    t.match(await verifyAuditChain(ctx.db, 'comp_t'), {
      ok: false,
      rows: 2,
      firstBreak: { id: rows[2]!.id, seq: 3, reason: 'altered' },
    });
    // Re-hashing the edited row still breaks the next row's link.
    await sql`update audit_events set hash = ${'f'.repeat(64)} where id = ${rows[2]!.id}`.execute(ctx.db);
    t.match(await verifyAuditChain(ctx.db, 'comp_t'), { ok: false, firstBreak: { seq: 3 } });
    await sql`update audit_events set details = '{"n": 2}', hash = ${rows[2]!.hash} where id = ${rows[2]!.id}`.execute(
      ctx.db,
    );
    t.match(await verifyAuditChain(ctx.db, 'comp_t'), { ok: true }, 'restored');

    await sql`delete from audit_events where id = ${rows[3]!.id}`.execute(ctx.db);
    t.match(await verifyAuditChain(ctx.db, 'comp_t'), {
      ok: false,
      firstBreak: { seq: 5, reason: 'missing-rows' },
    });
    await sql`delete from audit_events where company_id = 'comp_t' and seq >= 4`.execute(ctx.db);
    t.match(await verifyAuditChain(ctx.db, 'comp_t'), {
      ok: false,
      rows: 3,
      firstBreak: { reason: 'head-mismatch' },
    });
  });

  t.test(`${db}: retention prunes old events and the chain still verifies`, async (t) => {
    const { app, ctx } = await buildTestApp(t, { postgres });
    const old = new Date(Date.now() - 400 * 86_400_000);
    for (let i = 0; i < 5; i++) await appendAuditEvent(ctx.db, event('comp_p', i), old);
    for (let i = 5; i < 8; i++) await appendAuditEvent(ctx.db, event('comp_p', i));
    const pruner = createPruner(ctx.db, 365, { warn: () => {} });
    pruner.touch('comp_p');
    pruner.touch('comp_p'); // within the hour: no second prune
    await pruner.close();
    const left = await eventsOf(app, 'comp_p');
    t.same(
      left.map((e) => e.seq),
      [6, 7, 8],
    );
    t.match(await verifyAuditChain(ctx.db, 'comp_p'), { ok: true, rows: 3, lastSeq: 8 });
    t.equal(await pruneAuditChain(ctx.db, 'comp_p', old), 0, 'nothing older left');
    await appendAuditEvent(ctx.db, event('comp_p', 8));
    t.match(await verifyAuditChain(ctx.db, 'comp_p'), { ok: true, rows: 4 });
    await sql`update audit_events set prev_hash = ${'0'.repeat(64)} where id = ${left[0]!.id}`.execute(
      ctx.db,
    );
    t.match(await verifyAuditChain(ctx.db, 'comp_p'), {
      ok: false,
      firstBreak: { seq: 6, reason: 'broken-link' },
    });
  });
}

t.test('npm run audit:verify reports the first tampered row (PostgreSQL)', async (t) => {
  const { app, ctx } = await buildTestApp(t, { postgres: true });
  const admin = await signUp(app);
  const companyId = admin.user.companyId;
  for (const name of ['a', 'b', 'c'])
    await app.inject({ method: 'POST', url: '/api/groups', headers: admin.headers, payload: { name } });
  const rows = await eventsOf(app, companyId);
  t.equal(rows.length, 4, 'sign-in and three group creations');
  const { rows: schema } = await sql<{ s: string }>`select current_schema() as s`.execute(ctx.db);
  const verify = (...args: string[]) =>
    run(process.execPath, ['scripts/audit-verify.ts', '--schema', schema[0]!.s, ...args], {
      env: { ...process.env, DATABASE_URL: TEST_DATABASE_URL, LOG_LEVEL: 'silent' },
    }).then(
      (r) => ({ code: 0, out: r.stdout }),
      (e: { code: number; stdout: string }) => ({ code: e.code, out: e.stdout }),
    );
  const clean = await verify('--company', companyId);
  t.equal(clean.code, 0, clean.out);
  t.match(clean.out, `ok       ${companyId}: 4 events verified`);

  await sql`update audit_events set actor_id = 'usr_someone_else' where id = ${rows[2]!.id}`.execute(ctx.db);
  const tampered = await verify();
  t.equal(tampered.code, 1, 'non-zero exit');
  t.match(tampered.out, `TAMPERED ${companyId}: first bad row seq 3 id ${rows[2]!.id} (altered)`);
});
