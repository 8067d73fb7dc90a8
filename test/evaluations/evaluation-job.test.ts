import t from 'tap';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { chatDepsOf } from '../../src/context.ts';
import { runEvaluation } from '../../src/evaluations/evaluation.job.ts';
import { createEvaluation, evaluationResults } from '../../src/evaluations/evaluations.repository.ts';
import { parseQuestionSet } from '../../src/evaluations/question-set.ts';
import { scoreQuestion } from '../../src/evaluations/metrics.ts';

const SET = parseQuestionSet(
  [
    '{"id": "a", "question": "What is the leave policy?", "expected": ["27 days"]}',
    '{"id": "b", "question": "What is the capital of Mars?", "unanswerable": true}',
    '{"id": "c", "question": "Who runs the canteen?", "expected": ["nobody"]}',
  ].join('\n'),
  'jsonl',
);

t.test('the job resumes after stored results, stops when deleted, fails without its user', async (t) => {
  const { app, ctx } = await buildTestApp(t);
  const admin = await signUp(app);
  const deps = chatDepsOf(ctx);
  const companyId = admin.user.companyId;

  // A run a crashed worker left RUNNING with its first question stored: that one is not asked again.
  const run = await createEvaluation(ctx.db, {
    companyId,
    userId: admin.user.id,
    name: 'resumed',
    questions: SET,
  });
  const observed = {
    answer: 'stored before the crash: 27 days [1]',
    refused: false,
    citedDocuments: [],
    retrievedDocuments: [],
    latencyMs: 5,
    ttftMs: 4,
  };
  const stored = { ...observed, question: SET[0]!, scores: scoreQuestion(SET[0]!, observed) };
  await ctx.db
    .insertInto('evaluation_results')
    .values({ evaluation_id: run.id, position: 0, result: JSON.stringify(stored) })
    .execute();
  await ctx.db.updateTable('evaluations').set({ status: 'RUNNING' }).where('id', '=', run.id).execute();
  t.equal(await runEvaluation(deps, run.id), 'completed');
  const results = await evaluationResults(ctx.db, run.id);
  t.equal(results.length, 3);
  t.equal(results[0]!.answer, observed.answer, 'the stored result is kept');
  t.same(
    results.map((r) => r.question.id),
    ['a', 'b', 'c'],
  );
  const row = await ctx.db
    .selectFrom('evaluations')
    .selectAll()
    .where('id', '=', run.id)
    .executeTakeFirstOrThrow();
  t.equal(row.status, 'COMPLETED');
  t.match(row.settings, { topK: 6, retrievalMode: 'hybrid', provider: 'extractive' });
  // No document is uploaded: the two new questions are refused, the stored one contains its answer.
  t.match(row.totals, {
    questions: 3,
    answerable: 2,
    unanswerable: 1,
    contains: 0.5,
    refusalsOnUnanswerable: 1,
  });
  t.equal(await runEvaluation(deps, run.id), 'skipped', 'a finished run is not run again');

  // Deleted before the job ran: nothing is asked.
  const gone = await createEvaluation(ctx.db, {
    companyId,
    userId: admin.user.id,
    name: 'gone',
    questions: SET,
  });
  await ctx.db.deleteFrom('evaluations').where('id', '=', gone.id).execute();
  t.equal(await runEvaluation(deps, gone.id), 'skipped');

  // The admin who started it is gone: the run fails with a reason instead of answering as nobody.
  const orphan = await createEvaluation(ctx.db, {
    companyId,
    userId: admin.user.id,
    name: 'orphan',
    questions: SET,
  });
  await ctx.db.updateTable('users').set({ disabled: true }).where('id', '=', admin.user.id).execute();
  t.equal(await runEvaluation(deps, orphan.id), 'failed');
  const failed = await ctx.db
    .selectFrom('evaluations')
    .selectAll()
    .where('id', '=', orphan.id)
    .executeTakeFirstOrThrow();
  t.equal(failed.status, 'FAILED');
  t.match(failed.error, /no longer exists or is disabled/);
  t.equal((await evaluationResults(ctx.db, orphan.id)).length, 0);
});
