import type { Migration, MigrationProvider } from 'kysely/migration';
import * as init from './0001_init.ts';
import * as bm25 from './0002_bm25.ts';
import * as ingestionAttempts from './0003_ingestion_attempts.ts';
import * as chunkLocations from './0004_chunk_locations.ts';
import * as users from './0005_users.ts';
import * as webhooks from './0006_webhooks.ts';
import * as documentAttachments from './0007_document_attachments.ts';
import * as apiKeyWidget from './0008_api_key_widget.ts';
import * as messageFeedback from './0009_message_feedback.ts';
import * as chunksLexicalStatsIndex from './0010_chunks_lexical_stats_index.ts';
import * as bm25Pruning from './0011_bm25_pruning.ts';
import * as evaluations from './0012_evaluations.ts';
import * as installation from './0013_installation.ts';
import * as topicAccess from './0014_topic_access.ts';
import * as companyDomains from './0015_company_domains.ts';
import * as visitorTokens from './0016_visitor_tokens.ts';
import * as idempotencyKeys from './0020_idempotency_keys.ts';
import * as connectors from './0030_connectors.ts';
import * as documentsWaitingIndex from './0040_documents_waiting_index.ts';
import * as companyUsage from './0050_company_usage.ts';
import * as removedDocuments from './0060_removed_documents.ts';
import * as auditEvents from './0061_audit_events.ts';
import * as directoryIdentity from './0062_directory_identity.ts';
import * as scim from './0063_scim.ts';
import * as passwordResets from './0064_password_resets.ts';
import * as ingestSlots from './0065_ingest_slots.ts';
import * as companyAnswerers from './0066_company_answerers.ts';
import * as apiKeyOriginals from './0067_api_key_originals.ts';

/** Every migration, in order; add new files here (names sort by their timestamp-like prefix). */
const migrations: Record<string, Migration> = {
  '0001_init': init,
  '0002_bm25': bm25,
  '0003_ingestion_attempts': ingestionAttempts,
  '0004_chunk_locations': chunkLocations,
  '0005_users': users,
  '0006_webhooks': webhooks,
  '0007_document_attachments': documentAttachments,
  '0008_api_key_widget': apiKeyWidget,
  '0009_message_feedback': messageFeedback,
  '0010_chunks_lexical_stats_index': chunksLexicalStatsIndex,
  '0011_bm25_pruning': bm25Pruning,
  '0012_evaluations': evaluations,
  '0013_installation': installation,
  '0014_topic_access': topicAccess,
  '0015_company_domains': companyDomains,
  '0016_visitor_tokens': visitorTokens,
  '0020_idempotency_keys': idempotencyKeys,
  '0030_connectors': connectors,
  '0040_documents_waiting_index': documentsWaitingIndex,
  '0050_company_usage': companyUsage,
  '0060_removed_documents': removedDocuments,
  '0061_audit_events': auditEvents,
  '0062_directory_identity': directoryIdentity,
  '0063_scim': scim,
  '0064_password_resets': passwordResets,
  '0065_ingest_slots': ingestSlots,
  '0066_company_answerers': companyAnswerers,
  '0067_api_key_originals': apiKeyOriginals,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
