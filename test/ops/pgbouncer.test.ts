import t from 'tap';
import pg from 'pg';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { buildTestApp, signUp, TEST_DATABASE_URL } from '../helpers/app.ts';
import { multipartBody, waitForDocument } from '../helpers/multipart.ts';
import { freePort } from '../helpers/server-process.ts';

/**
 * The tested PgBouncer configuration of docs/deployment.md "Connection budgets and PgBouncer":
 * transaction pooling, the session settings on the database instead of startup options (listed
 * in `ignore_startup_parameters`), a server pool of 4 for a client pool of 20. Migrations,
 * pg-boss, ingestion, hybrid search and chat all run through it.
 */
const PGBOUNCER = process.env.PGBOUNCER_BIN ?? '/usr/sbin/pgbouncer';
const has = spawnSync(PGBOUNCER, ['--version']).status === 0;

t.test(
  'the whole service through PgBouncer in transaction mode',
  { skip: has ? false : `no ${PGBOUNCER} (apt-get install pgbouncer)` },
  async (t) => {
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    const name = `cograg_bouncer_${randomBytes(4).toString('hex')}`;
    await admin.query(`create database ${name}`);
    t.teardown(async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });
    const direct = new URL(TEST_DATABASE_URL);
    direct.pathname = `/${name}`;
    const setup = new pg.Client({ connectionString: direct.toString() });
    await setup.connect();
    await setup.query('create extension if not exists vector');
    // What the service sends as startup options, set where transaction pooling keeps them.
    await setup.query(`alter database ${name} set statement_timeout = '30s'`);
    await setup.query(`alter database ${name} set hnsw.ef_search = 100`);
    await setup.query(`alter database ${name} set hnsw.iterative_scan = 'relaxed_order'`);
    await setup.end();

    const dir = mkdtempSync(join(tmpdir(), 'cograg-pgb-'));
    chmodSync(dir, 0o755);
    t.teardown(() => rmSync(dir, { recursive: true, force: true }));
    const port = await freePort();
    const user = direct.username || 'postgres';
    writeFileSync(join(dir, 'userlist.txt'), `"${user}" ""\n`, { mode: 0o644 });
    writeFileSync(
      join(dir, 'pgbouncer.ini'),
      [
        '[databases]',
        `${name} = host=${direct.hostname} port=${direct.port || 5432} dbname=${name}`,
        '[pgbouncer]',
        'listen_addr = 127.0.0.1',
        `listen_port = ${port}`,
        "unix_socket_dir = ''",
        'auth_type = trust',
        `auth_file = ${join(dir, 'userlist.txt')}`,
        'pool_mode = transaction',
        'default_pool_size = 4',
        'max_client_conn = 200',
        'ignore_startup_parameters = options, extra_float_digits',
      ].join('\n'),
      { mode: 0o644 },
    );
    // PgBouncer refuses to run as root: it drops to `nobody` then.
    const args = [...(userInfo().uid === 0 ? ['-u', 'nobody'] : []), join(dir, 'pgbouncer.ini')];
    const bouncer = spawn(PGBOUNCER, args, { stdio: 'ignore' });
    t.teardown(() => void bouncer.kill('SIGTERM'));
    const via = new URL(direct.toString());
    via.port = String(port);
    for (let i = 0; i < 50; i++) {
      const c = new pg.Client({ connectionString: via.toString() });
      const ok = await c.connect().then(
        () => true,
        () => false,
      );
      await c.end().catch(() => {});
      if (ok) break;
      await new Promise((r) => setTimeout(r, 100));
    }

    const { app, ctx } = await buildTestApp(t, { worker: true, env: { DATABASE_URL: via.toString() } });
    t.equal(ctx.database.vectorEnabled, true, 'migrated through PgBouncer, pgvector on');
    const { rows } = await ctx.database.pool.query('show hnsw.ef_search');
    t.equal(rows[0]['hnsw.ef_search'], '100', 'session settings come from the database');
    const alice = await signUp(app);
    const body = multipartBody(
      {},
      {
        filename: 'leave.txt',
        bytes: Buffer.from(
          'Vacation policy.\n\nEmployees accrue two days of paid leave for every month of continuous service.\n\nRequests go to the HR portal.',
        ),
      },
    );
    const up = await app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      headers: { ...alice.headers, ...body.headers },
      payload: body.payload,
    });
    t.equal(up.statusCode, 201);
    t.equal((await waitForDocument(app, alice.headers, up.json().data.id)).status, 'VECTORIZED');
    const searches = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/search',
          headers: alice.headers,
          payload: { query: `paid leave per month ${i}`, mode: 'hybrid' },
        }),
      ),
    );
    t.same(
      searches.map((r) => r.statusCode),
      Array(12).fill(200),
      '12 concurrent hybrid searches over 4 server connections',
    );
    t.ok(searches.every((r) => r.json().data.items.length > 0));
    const chat = await app.inject({
      method: 'POST',
      url: '/api/chat/message',
      headers: alice.headers,
      payload: { message: 'How many days of paid leave per month?' },
    });
    t.equal(chat.statusCode, 200);
    t.match(chat.json().data.answer, /two days/);
  },
);
