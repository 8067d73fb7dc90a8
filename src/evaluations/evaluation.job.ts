/**
 * The evaluation job: a run's questions asked one by one through the chat service
 * (runner.ts), results stored as they come, totals at the end. Runs are pg-boss jobs on the
 * queue EVALUATION_QUEUE, consumed by the worker role (EVALUATION_CONCURRENCY at a time per
 * worker process). A run is asked in slices (issue 36: one company's 1,000-question run, about
 * 3 h, queued every other company's): once a slice has worked EVALUATION_SLICE_SECONDS and
 * another run waits, the run enqueues its continuation behind it and gives its worker up; the
 * continuation resumes after the questions already stored.
 */
import type { JobWithMetadata, PgBoss } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { ChatDeps } from '../chat/chat.service.ts';
import type { Question } from './question-set.ts';
import { principalOfUser, runQuestion } from './runner.ts';
import { computeTotals } from './totals.ts';
import { evaluationResults } from './evaluations.repository.ts';
import { settingsSnapshot } from './settings.ts';

/** Queue name of evaluation runs; payload `{ evaluationId }`. */
export const EVALUATION_QUEUE = 'evaluation-run';

/**
 * Creates the queue (at context start, so the API role can send to it). One retry: a run a
 * crashed worker left behind resumes after the questions already stored.
 */
export async function createEvaluationQueue(boss: PgBoss): Promise<void> {
  await boss.createQueue(EVALUATION_QUEUE, {
    policy: 'standard',
    retryLimit: 1,
    retryDelay: 5,
    expireInSeconds: 4 * 60 * 60,
    heartbeatSeconds: 30,
  });
  // Warm pg-boss's queue cache outside any transaction (see ingestion/queue.ts).
  await boss.getJobById(EVALUATION_QUEUE, '00000000-0000-0000-0000-000000000000');
}

/** How a run shares the evaluation workers (startEvaluationWorker). */
export interface RunSlicing {
  /** Work of a slice, ms, after which the run lets a waiting run go first. */
  sliceMs: number;
  /** Whether another run's job waits in the queue. */
  othersWaiting(evaluationId: string): Promise<boolean>;
}

/**
 * Whether a job of a run other than `evaluationId` waits in the queue (created or retry). One run
 * per company may be queued or running, so another run is another company's.
 * @throws database errors.
 */
export async function otherRunsWaiting(boss: PgBoss, evaluationId: string): Promise<boolean> {
  const jobs = await boss.findJobs<{ evaluationId: string }>(EVALUATION_QUEUE, { queued: true });
  return jobs.some((j) => j.data.evaluationId !== evaluationId);
}

/** Enqueues a stored QUEUED run. */
export async function enqueueEvaluation(boss: PgBoss, evaluationId: string): Promise<void> {
  await boss.send(EVALUATION_QUEUE, { evaluationId }, { singletonKey: evaluationId });
}

const stillThere = async (deps: ChatDeps, id: string) =>
  !!(await deps.db.selectFrom('evaluations').select('id').where('id', '=', id).executeTakeFirst());

/**
 * Runs (or resumes) one evaluation. Idempotent: a finished or deleted run is skipped, stored
 * results are not asked again. A run deleted meanwhile stops before its next question. With
 * `slicing`, after at least one question and `sliceMs` of this call's work, it returns `yielded`
 * before its next question when another run waits (the caller enqueues the continuation).
 * @returns what happened, for the log.
 */
export async function runEvaluation(
  deps: ChatDeps,
  evaluationId: string,
  slicing?: RunSlicing,
): Promise<'completed' | 'skipped' | 'deleted' | 'failed' | 'yielded'> {
  const sliceStarted = performance.now();
  const run = await deps.db
    .selectFrom('evaluations')
    .selectAll()
    .where('id', '=', evaluationId)
    .executeTakeFirst();
  if (!run || run.status === 'COMPLETED' || run.status === 'FAILED') return 'skipped';
  const principal = run.user_id ? await principalOfUser(deps.db, run.company_id, run.user_id) : null;
  if (!principal) {
    await failEvaluation(deps, evaluationId, 'The user who started this run no longer exists or is disabled');
    return 'failed';
  }
  await deps.db
    .updateTable('evaluations')
    .set({
      status: 'RUNNING',
      started_at: run.started_at ?? new Date(),
      settings: JSON.stringify(run.settings ?? (await settingsSnapshot(deps, run.company_id))),
    })
    .where('id', '=', evaluationId)
    .execute();
  const questions = run.questions as Question[];
  const done = new Set(
    (
      await deps.db
        .selectFrom('evaluation_results')
        .select('position')
        .where('evaluation_id', '=', evaluationId)
        .execute()
    ).map((r) => r.position),
  );
  let asked = 0;
  for (const [position, question] of questions.entries()) {
    if (done.has(position)) continue;
    if (!(await stillThere(deps, evaluationId))) return 'deleted';
    if (
      slicing &&
      asked > 0 &&
      performance.now() - sliceStarted >= slicing.sliceMs &&
      (await slicing.othersWaiting(evaluationId))
    )
      return 'yielded';
    asked++;
    const {
      sources: _sources,
      retrieved: _retrieved,
      ...result
    } = await runQuestion(deps, principal, question);
    await deps.db
      .insertInto('evaluation_results')
      .values({ evaluation_id: evaluationId, position, result: JSON.stringify(result) })
      .onConflict((oc) => oc.doNothing())
      .execute()
      // The run was deleted while this question was answered (foreign key): stop quietly.
      .catch(async (err: unknown) => {
        if (await stillThere(deps, evaluationId)) throw err;
      });
  }
  if (!(await stillThere(deps, evaluationId))) return 'deleted';
  const totals = computeTotals(await evaluationResults(deps.db, evaluationId));
  await deps.db
    .updateTable('evaluations')
    .set({ status: 'COMPLETED', totals: JSON.stringify(totals), completed_at: new Date() })
    .where('id', '=', evaluationId)
    .execute();
  return 'completed';
}

/** Marks a run FAILED with a message the admin can read (no internals beyond the error's text). */
export async function failEvaluation(deps: Pick<ChatDeps, 'db'>, evaluationId: string, message: string) {
  await deps.db
    .updateTable('evaluations')
    .set({ status: 'FAILED', error: message.slice(0, 500), completed_at: new Date() })
    .where('id', '=', evaluationId)
    .execute();
}

/**
 * Consumes evaluation jobs, `concurrency` at a time per process (default 1: each question
 * already uses the machine's model and database). Runs are sliced (`sliceMs`, default 30 s): a
 * run that has worked that long while another run waits enqueues its continuation (a new job,
 * behind the waiting ones) and frees its worker. A job that throws is retried once; after that
 * the run is FAILED.
 */
export async function startEvaluationWorker(
  boss: PgBoss,
  deps: ChatDeps,
  options: { log: FastifyBaseLogger; concurrency?: number; sliceMs?: number },
): Promise<void> {
  const slicing: RunSlicing = {
    sliceMs: options.sliceMs ?? 30_000,
    othersWaiting: (evaluationId) => otherRunsWaiting(boss, evaluationId),
  };
  const handler = async ([job]: JobWithMetadata<{ evaluationId: string }>[]) => {
    if (!job) return;
    const { evaluationId } = job.data;
    try {
      const outcome = await runEvaluation(deps, evaluationId, slicing);
      if (outcome === 'yielded') {
        // A key of its own: the job that ends now still holds the run's id as its key.
        await boss.send(
          EVALUATION_QUEUE,
          { evaluationId },
          { singletonKey: `${evaluationId}#${Date.now()}` },
        );
        options.log.info({ evaluationId }, 'evaluation slice done; the run goes on after the waiting ones');
        return;
      }
      options.log.info({ evaluationId, outcome }, 'evaluation finished');
    } catch (err) {
      options.log.error({ err, evaluationId, retry: job.retryCount }, 'evaluation failed');
      if (job.retryCount >= job.retryLimit) {
        await failEvaluation(deps, evaluationId, 'The run failed; see the server log');
        return;
      }
      throw err;
    }
  };
  await boss.work<{ evaluationId: string }>(
    EVALUATION_QUEUE,
    {
      includeMetadata: true,
      batchSize: 1,
      pollingIntervalSeconds: 0.5,
      localConcurrency: options.concurrency ?? 1,
    },
    handler as never,
  );
}
