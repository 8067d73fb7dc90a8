/** Starting an evaluation run: shared by the JSON and the multipart routes. */
import type { AppContext } from '../context.ts';
import type { Principal } from '../auth/principal.ts';
import { notFound } from '../lib/errors.ts';
import { parseQuestionSet, type QuestionSetFormat } from './question-set.ts';
import { createEvaluation, deleteEvaluation, evaluationView } from './evaluations.repository.ts';
import { enqueueEvaluation } from './evaluation.job.ts';

/**
 * Validates the set, stores the QUEUED run and enqueues its job.
 * @throws 400 VALIDATION_ERROR (bad set), 409 CONFLICT (a run already queued or running).
 */
export async function startRun(
  ctx: AppContext,
  principal: Principal,
  input: { name: string; format: QuestionSetFormat; content: string },
) {
  const questions = parseQuestionSet(input.content, input.format);
  // Admin routes take a signed-in user (config.auth defaults to jwt); a run answers as its user.
  if (principal.kind !== 'user') throw notFound('User');
  const row = await createEvaluation(ctx.db, {
    companyId: principal.companyId,
    userId: principal.userId,
    name: input.name.trim() || 'Evaluation',
    questions,
  });
  try {
    await enqueueEvaluation(ctx.boss, row.id);
  } catch (err) {
    await deleteEvaluation(ctx.db, principal.companyId, row.id);
    throw err;
  }
  return { success: true as const, data: evaluationView(row, 0) };
}
