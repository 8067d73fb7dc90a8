/**
 * The "models" of the OpenAI-compatible API: `cog-rag` (every document the caller may read) and
 * `cog-rag:topic/<topicId>` per topic the caller may read, the same scope every chat answers in
 * (src/access/scope.ts), so a key scoped to some topics lists only those.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { Principal } from '../auth/principal.ts';
import { accessScopeOf, canRead } from '../access/scope.ts';
import { AppError } from '../lib/errors.ts';

export const BASE_MODEL = 'cog-rag';
const TOPIC_PREFIX = `${BASE_MODEL}:topic/`;
/** The most topic models listed (newest first past it). */
const MAX_TOPIC_MODELS = 10_000;

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** Topics the principal may read: id, name, creation. */
function readableTopics(db: Kysely<DB>, principal: Principal) {
  const scope = accessScopeOf(principal);
  return db
    .selectFrom('topics')
    .select(['id', 'name', 'created_at'])
    .where('company_id', '=', principal.companyId)
    .where(canRead(scope, sql.ref('topics.id')));
}

/** OpenAI's model list: `cog-rag` first, then one model per readable topic, by name. */
export async function listModels(db: Kysely<DB>, principal: Principal) {
  const [company, topics] = await Promise.all([
    db
      .selectFrom('companies')
      .select(['name', 'created_at'])
      .where('id', '=', principal.companyId)
      .executeTakeFirstOrThrow(),
    readableTopics(db, principal).orderBy('name').orderBy('id').limit(MAX_TOPIC_MODELS).execute(),
  ]);
  const model = (id: string, name: string, created: Date) => ({
    id,
    object: 'model' as const,
    created: seconds(created),
    owned_by: company.name,
    name,
  });
  return {
    object: 'list' as const,
    data: [
      model(BASE_MODEL, 'Cog-RAG', company.created_at),
      ...topics.map((t) => model(`${TOPIC_PREFIX}${t.id}`, `Cog-RAG: ${t.name}`, t.created_at)),
    ],
  };
}

/**
 * The topic a model name narrows answers to: undefined for `cog-rag`, the topic id for
 * `cog-rag:topic/<id>` when the caller may read it.
 * @throws 404 NOT_FOUND for any other name, and for a topic that is unknown, another company's or
 *   outside the caller's scope (the same answer: existence is never revealed).
 */
export async function topicOfModel(
  db: Kysely<DB>,
  principal: Principal,
  model: string,
): Promise<string | undefined> {
  if (model === BASE_MODEL) return undefined;
  const topicId = model.startsWith(TOPIC_PREFIX) ? model.slice(TOPIC_PREFIX.length) : '';
  const topic = topicId
    ? await readableTopics(db, principal).where('id', '=', topicId).executeTakeFirst()
    : undefined;
  if (!topic) {
    throw new AppError(
      404,
      'NOT_FOUND',
      `The model \`${model.slice(0, 200)}\` does not exist or you do not have access to it`,
      { details: [{ field: 'model', reason: 'is not a model of GET /v1/models' }] },
    );
  }
  return topic.id;
}
