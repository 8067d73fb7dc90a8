/**
 * Evaluation runs and their per-question results. Every query takes the company id: another
 * company's run is never found (404 at the route), decided in the query itself.
 */
import type { Kysely, Selectable } from 'kysely';
import type { DB, EvaluationsTable, EvaluationStatus } from '../db/schema.ts';
import { conflict } from '../lib/errors.ts';
import { newId } from '../lib/ids.ts';
import type { Question } from './question-set.ts';
import type { QuestionResult, Totals } from './totals.ts';
import type { RunSettings } from './settings.ts';

/** A run as the API shows it (without its per-question results). */
export interface EvaluationView {
  id: string;
  name: string;
  status: EvaluationStatus;
  questionCount: number;
  /** Questions answered so far. */
  completedCount: number;
  settings: RunSettings | null;
  totals: Totals | null;
  error: string | null;
  createdBy: string | null;
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
}

type Row = Selectable<EvaluationsTable>;
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** The API view of a row; `completedCount` from the results table. */
export function evaluationView(row: Row, completedCount: number): EvaluationView {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    questionCount: row.question_count,
    completedCount,
    settings: (row.settings as RunSettings | null) ?? null,
    totals: (row.totals as Totals | null) ?? null,
    error: row.error,
    createdBy: row.user_id,
    createdAt: iso(row.created_at)!,
    startedAt: iso(row.started_at),
    completedAt: iso(row.completed_at),
  };
}

/** Unique violation (SQLSTATE 23505), as PostgreSQL and PGlite report it. */
const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505';

/**
 * Stores a new QUEUED run.
 * @throws 409 CONFLICT when the company already has a queued or running run (the partial unique
 *   index `evaluations_one_active_per_company` decides, so two concurrent requests cannot both pass).
 */
export async function createEvaluation(
  db: Kysely<DB>,
  input: { companyId: string; userId: string; name: string; questions: Question[] },
): Promise<Row> {
  try {
    return await db
      .insertInto('evaluations')
      .values({
        id: newId('eval'),
        company_id: input.companyId,
        user_id: input.userId,
        name: input.name,
        status: 'QUEUED',
        questions: JSON.stringify(input.questions),
        question_count: input.questions.length,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (err) {
    if (isUniqueViolation(err))
      throw conflict('An evaluation is already queued or running for this company; wait for it or delete it');
    throw err;
  }
}

/** One run of the company, or undefined. */
export function findEvaluation(db: Kysely<DB>, companyId: string, id: string): Promise<Row | undefined> {
  return db
    .selectFrom('evaluations')
    .selectAll()
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
}

/** Results stored per run id (for `completedCount`). */
async function resultCounts(db: Kysely<DB>, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('evaluation_results')
    .select(['evaluation_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('evaluation_id', 'in', ids)
    .groupBy('evaluation_id')
    .execute();
  return new Map(rows.map((r) => [r.evaluation_id, Number(r.n)]));
}

/** A page of the company's runs, newest first by default. */
export async function listEvaluations(
  db: Kysely<DB>,
  companyId: string,
  page: number,
  limit: number,
  order: 'asc' | 'desc' = 'desc',
): Promise<{ items: EvaluationView[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('evaluations')
      .selectAll()
      .where('company_id', '=', companyId)
      .orderBy('created_at', order)
      .orderBy('id', order)
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    db
      .selectFrom('evaluations')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('company_id', '=', companyId)
      .executeTakeFirstOrThrow(),
  ]);
  const done = await resultCounts(
    db,
    rows.map((r) => r.id),
  );
  return { items: rows.map((r) => evaluationView(r, done.get(r.id) ?? 0)), total: Number(count.n) };
}

/** A run's per-question results in question-set order (the caller has checked the company). */
export async function evaluationResults(db: Kysely<DB>, evaluationId: string): Promise<QuestionResult[]> {
  const rows = await db
    .selectFrom('evaluation_results')
    .select('result')
    .where('evaluation_id', '=', evaluationId)
    .orderBy('position')
    .execute();
  return rows.map((r) => r.result as unknown as QuestionResult);
}

/** Deletes a run and its results; a running job stops at its next question. @returns whether it existed. */
export async function deleteEvaluation(db: Kysely<DB>, companyId: string, id: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('evaluations')
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}
