import t from 'tap';
import { buildTestApp } from '../helpers/app.ts';

const TOKEN = 'metrics-token-0123456789abcdef';

/**
 * An idle replica's pool gauge: nothing waits for a connection, so `waiting` reads 0 on every
 * scrape. The scrape's own queries (queue depth, database up) used to be counted: 2 on
 * PostgreSQL, 1 on PGlite's one-connection pool.
 */
for (const postgres of [false, true]) {
  t.test(`${postgres ? 'PostgreSQL' : 'PGlite'}: the pool gauge does not count its own scrape`, async (t) => {
    const { app } = await buildTestApp(t, { postgres, env: { METRICS_TOKEN: TOKEN } });
    const scrape = async () => {
      const res = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      t.equal(res.statusCode, 200);
      const gauge = (state: string) =>
        Number(
          new RegExp(`^cograg_db_pool_connections\\{state="${state}"\\} (\\d+)`, 'm').exec(res.body)?.[1],
        );
      const up = /^cograg_dependency_up\{dependency="(postgres|pglite)"\} (\d)/m.exec(res.body);
      return { waiting: gauge('waiting'), total: gauge('total'), idle: gauge('idle'), up: Number(up?.[2]) };
    };
    const seen = [];
    for (let i = 0; i < 5; i++) {
      seen.push(await scrape());
      // Idle pools may close their connections between scrapes: each scrape then opens them again.
      await new Promise((r) => setTimeout(r, 200));
    }
    t.same(
      seen.map((s) => s.waiting),
      [0, 0, 0, 0, 0],
      `waiting on 5 scrapes of an idle replica: ${seen.map((s) => s.waiting).join(', ')}`,
    );
    t.ok(
      seen.every((s) => s.idle <= s.total),
      'idle never above total',
    );
    t.ok(
      seen.every((s) => s.up === 1),
      'the database gauge is still read in the same scrape',
    );

    // The control: a query that holds the pool's connections makes the others wait, and the gauge says so.
    const pool = app.ctx.database.pool;
    const held = await Promise.all(Array.from({ length: pool.options.max ?? 1 }, () => pool.connect()));
    const waiter = pool.query('select 1');
    const busy = await scrape().catch(() => null);
    for (const c of held) c.release();
    await waiter;
    t.ok((busy?.waiting ?? 0) >= 1, `a full pool shows its waiting requests (${busy?.waiting})`);
  });
}
