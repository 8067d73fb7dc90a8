import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { chatDepsOf } from '../../src/context.ts';
import { startEvaluationWorker } from '../../src/evaluations/evaluation.job.ts';

/**
 * Issue 36: one company's 1,000-question run (about 3 h) queued every other company's runs. Runs
 * are now asked in slices: company A's long run lets company B's short run go first at its next
 * slice, then goes on where it stopped.
 */
const set = (n: number, prefix: string) =>
  Array.from({ length: n }, (_, i) =>
    JSON.stringify({
      id: `${prefix}${i}`,
      question: `What is the opening time of gate ${i}?`,
      expected: ['07:40'],
    }),
  ).join('\n');

async function run(app: FastifyInstance, headers: Record<string, string>, id: string) {
  return (await app.inject({ url: `/api/evaluations/${id}`, headers })).json().data as {
    status: string;
    completedCount: number;
    questionCount: number;
  };
}

t.test("a long evaluation of company A does not queue company B's", async (t) => {
  const { app, ctx } = await buildTestApp(t);
  const a = await signUp(app);
  const b = await signUp(app);
  // One evaluation worker, as by default; 1 s slices so the test is short (default 30 s).
  const SLICE_MS = 1000;
  await startEvaluationWorker(ctx.boss, chatDepsOf(ctx), { log: app.log, concurrency: 1, sliceMs: SLICE_MS });
  const post = async (headers: Record<string, string>, name: string, content: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/evaluations',
      headers,
      payload: { name, format: 'jsonl', content },
    });
    t.equal(res.statusCode, 202, `${name}: queued`);
    return res.json().data.id as string;
  };

  const long = await post(a.headers, 'long', set(1000, 'a'));
  // A's run is taken and has answered a few questions before B asks.
  for (let i = 0; (await run(app, a.headers, long)).completedCount < 3; i++) {
    if (i > 1200) throw new Error("A's run never started");
    await new Promise((r) => setTimeout(r, 100));
  }
  const posted = performance.now();
  const short = await post(b.headers, 'short', set(3, 'b'));
  let bDone: number | null = null;
  for (;;) {
    const mine = await run(app, b.headers, short);
    if (mine.status === 'COMPLETED' || mine.status === 'FAILED') {
      bDone = performance.now() - posted;
      t.equal(mine.status, 'COMPLETED');
      t.equal(mine.completedCount, 3);
      break;
    }
    // A bound for a stuck test, far above a slice: without slicing B waits for all of A's 1,000.
    if (performance.now() - posted > 120_000) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const other = await run(app, a.headers, long);
  t.comment(
    `B's 3-question run finished ${Math.round(bDone ?? -1)} ms after it was posted; ` +
      `A's run had answered ${other.completedCount} of ${other.questionCount} (${other.status})`,
  );
  t.ok(bDone !== null, "B's run finished while A's was running");
  t.equal(other.status, 'RUNNING', "A's run was still running: B did not wait for it");
  t.ok(other.completedCount < other.questionCount);

  // A's run goes on after B's, from where it stopped (no question asked twice).
  const before = other.completedCount;
  for (let i = 0; (await run(app, a.headers, long)).completedCount <= before + 2; i++) {
    if (i > 1200) throw new Error("A's run did not go on");
    await new Promise((r) => setTimeout(r, 100));
  }
  const results = await ctx.db
    .selectFrom('evaluation_results')
    .select('position')
    .where('evaluation_id', '=', long)
    .execute();
  t.equal(new Set(results.map((r) => r.position)).size, results.length, 'each question stored once');
  // Deleting stops it before its next question.
  t.equal(
    (await app.inject({ method: 'DELETE', url: `/api/evaluations/${long}`, headers: a.headers })).statusCode,
    200,
  );
});
