import type { Kysely } from 'kysely';
import type { PgBoss } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../db/schema.ts';
import type { FileStore } from '../documents/file-store.ts';
import type { VectorStore } from '../retrieval/vector-store/index.ts';
import { assertTopic, deleteDocument } from '../documents/documents.service.ts';
import { newId } from '../lib/ids.ts';
import { AppError, notFound, validationError } from '../lib/errors.ts';
import { encryptSecret } from '../webhooks/secrets.ts';
import { validateSourceConfig, type OperatorPolicy } from './config.ts';
import { connectorView, findConnector, lastRuns } from './connectors.repository.ts';
import type { ConnectorKind } from './types.ts';

/** Defaults of a sync's bounds (docs/connectors.md "Limits"). */
export const DEFAULT_LIMITS = { maxItems: 10_000, maxBytes: 2 * 1024 ** 3, maxDepth: 5 };

export interface ConnectorInput {
  name?: string;
  kind?: ConnectorKind;
  config?: Record<string, unknown>;
  topicId?: string | null;
  secret?: string | null;
  intervalMinutes?: number | null;
  enabled?: boolean;
  limits?: Partial<typeof DEFAULT_LIMITS>;
}

interface Deps {
  db: Kysely<DB>;
  secretKey: Buffer;
  policy: OperatorPolicy;
}

const needsSecret = (kind: string) => kind === 'imap';

/**
 * Creates a connector of the company (the admin's). The topic must be one of the company's
 * (another company's is 404, as in every query); the config is checked for its kind, its hosts
 * against CONNECTOR_ALLOWLIST and its folder against CONNECTOR_FOLDER_ROOTS. URLs are stored
 * without userinfo; a WebDAV URL's password becomes the secret when none is given.
 * @throws 400 VALIDATION_ERROR, 404 NOT_FOUND (topic).
 */
export async function createConnector(
  deps: Deps,
  companyId: string,
  userId: string | null,
  input: ConnectorInput,
) {
  const kind = input.kind!;
  if (input.topicId) await assertTopic(deps.db, { kind: 'company', companyId }, input.topicId, 'edit');
  const { config, secretFromUrl } = await validateSourceConfig(kind, input.config ?? {}, deps.policy);
  // A WebDAV URL's `user:password@` is kept as the secret (encrypted), never in the stored URL.
  const secret = input.secret || secretFromUrl;
  if (needsSecret(kind) && !secret)
    throw validationError('This source needs a password', [
      { field: 'secret', reason: 'is required for imap' },
    ]);
  const interval = input.intervalMinutes ?? null;
  const row = await deps.db
    .insertInto('connectors')
    .values({
      id: newId('conn'),
      company_id: companyId,
      name: input.name!.trim(),
      kind,
      config: JSON.stringify(config),
      limits: JSON.stringify({ ...DEFAULT_LIMITS, ...input.limits }),
      secret_ciphertext: secret ? encryptSecret(deps.secretKey, secret) : null,
      topic_id: input.topicId ?? null,
      interval_minutes: interval,
      enabled: input.enabled ?? true,
      next_sync_at: interval ? new Date() : null,
      created_by: userId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return connectorView(row, null);
}

/**
 * Changes a connector; a new topic moves the documents it already mirrors (and their attachments).
 * `secret: null` removes the stored secret.
 * @throws 404 for another company's connector or topic, 400 for a bad config.
 */
export async function updateConnector(deps: Deps, companyId: string, id: string, input: ConnectorInput) {
  const row = await findConnector(deps.db, companyId, id);
  if (!row) throw notFound('Connector');
  if (input.topicId) await assertTopic(deps.db, { kind: 'company', companyId }, input.topicId, 'edit');
  const set: Record<string, unknown> = { updated_at: new Date() };
  if (input.name !== undefined) set.name = input.name.trim();
  let secret = input.secret;
  if (input.config !== undefined) {
    const { config, secretFromUrl } = await validateSourceConfig(row.kind, input.config, deps.policy);
    set.config = JSON.stringify(config);
    if (secret === undefined && secretFromUrl) secret = secretFromUrl;
  }
  if (input.topicId !== undefined) set.topic_id = input.topicId;
  if (secret !== undefined)
    set.secret_ciphertext = secret === null ? null : encryptSecret(deps.secretKey, secret);
  if (input.intervalMinutes !== undefined) {
    set.interval_minutes = input.intervalMinutes;
    set.next_sync_at = input.intervalMinutes ? new Date(Date.now() + input.intervalMinutes * 60_000) : null;
  }
  if (input.enabled !== undefined) set.enabled = input.enabled;
  if (input.limits !== undefined) set.limits = JSON.stringify({ ...row.limits, ...input.limits });
  const updated = await deps.db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('connectors')
      .set(set)
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .returningAll()
      .executeTakeFirst();
    if (changed && input.topicId !== undefined && input.topicId !== row.topic_id) {
      // The connector's documents (and their attachments) follow it to the new topic at once, so
      // the new topic's permissions apply to everything the connector mirrors.
      const mirrored = trx.selectFrom('documents').select('id').where('connector_id', '=', id);
      await trx
        .updateTable('documents')
        .set({ topic_id: input.topicId, updated_at: new Date() })
        .where('company_id', '=', companyId)
        .where((eb) =>
          eb.or([
            eb('connector_id', '=', id),
            eb('parent_id', 'in', mirrored),
            eb(
              'parent_id',
              'in',
              trx.selectFrom('documents as c').select('c.id').where('c.parent_id', 'in', mirrored),
            ),
          ]),
        )
        .execute();
    }
    return changed;
  });
  if (!updated) throw notFound('Connector');
  return connectorView(updated, (await lastRuns(deps.db, [id])).get(id) ?? null);
}

/**
 * Deletes the connector, its runs and items; its documents are deleted too unless
 * `keepDocuments`, which leaves them as ordinary documents (deletable by hand).
 * @throws 404 for another company's connector.
 */
export async function removeConnector(
  deps: {
    db: Kysely<DB>;
    files: FileStore;
    vectorStore?: VectorStore;
    boss: PgBoss;
    log?: FastifyBaseLogger;
  },
  companyId: string,
  id: string,
  keepDocuments: boolean,
): Promise<void> {
  if (!(await findConnector(deps.db, companyId, id))) throw notFound('Connector');
  // Stop syncs first: a run in progress sees its connector gone and ends failed.
  await deps.db
    .updateTable('connectors')
    .set({ enabled: false, interval_minutes: null })
    .where('id', '=', id)
    .execute();
  if (!keepDocuments) {
    const docs = await deps.db
      .selectFrom('documents')
      .select('id')
      .where('connector_id', '=', id)
      .where('company_id', '=', companyId)
      .execute();
    for (const { id: documentId } of docs) {
      await deleteDocument(deps, { kind: 'company', companyId }, documentId, { connectorId: id }).catch(
        (err: unknown) => {
          if (!(err instanceof AppError && err.statusCode === 404)) throw err;
        },
      );
    }
  }
  await deps.db.deleteFrom('connectors').where('id', '=', id).where('company_id', '=', companyId).execute();
}
