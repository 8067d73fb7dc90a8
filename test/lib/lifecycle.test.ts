import t from 'tap';
import { settleWithin, workGraceMs } from '../../src/lib/lifecycle.ts';

t.test('settleWithin: a step that settles in time, one that hangs, one that fails', async (t) => {
  const late: unknown[] = [];
  t.equal(await settleWithin(new Promise((r) => setTimeout(r, 10)), 500, (w) => late.push(w)), true);
  t.equal(await settleWithin(undefined, 10, (w) => late.push(w)), true, 'no step: nothing to wait for');
  const start = Date.now();
  t.equal(await settleWithin(new Promise(() => {}), 100, (w) => late.push(w)), false, 'a hung step');
  t.ok(Date.now() - start < 1000, 'is left behind after its time');
  t.equal(await settleWithin(Promise.reject(new Error('boom')), 100, (w) => late.push(w)), false);
  t.same(
    late.map((w) => (w instanceof Error ? w.message : w)),
    ['timeout', 'boom'],
    'both reported, neither thrown',
  );
});

t.test('workGraceMs: a worker waits one slice at most, an API the whole drain', async (t) => {
  t.equal(workGraceMs('worker', 10_000, 5_000), 5_000);
  t.equal(workGraceMs('worker', 2_000, 5_000), 2_000);
  t.equal(workGraceMs('all', 10_000, 5_000), 10_000);
  t.equal(workGraceMs('api', 10_000, 5_000), 10_000);
});
