import type { ColumnType, Generated } from 'kysely';

/**
 * Table types, one interface per table, combined into `DB` (the atproto/ozone layout).
 * Timestamps are `timestamptz`, read as Date and written as Date or ISO strings.
 */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp with a database default (`now()`): optional on insert. */
type CreatedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export type Role = 'COMPANY_ADMIN' | 'COMPANY_EDITOR' | 'COMPANY_READER';
export type DocumentStatus = 'UPLOADED' | 'PROCESSING' | 'VECTORIZED' | 'ERROR';

export interface CompaniesTable {
  id: string;
  name: string;
  /** Per-company retrieval/generation settings (docs/decisions.md). */
  settings: Json<Record<string, unknown>>;
  created_at: CreatedTimestamp;
  updated_at: CreatedTimestamp;
}

export interface UsersTable {
  id: string;
  company_id: string;
  email: string;
  name: string;
  role: Role;
  password_hash: string | null;
  disabled: Generated<boolean>;
  created_at: CreatedTimestamp;
  updated_at: CreatedTimestamp;
  /** SCIM `userName`, `externalId`, `name.givenName`, `name.familyName` (migration 0063); null: none. */
  scim_user_name: Generated<string | null>;
  scim_external_id: Generated<string | null>;
  given_name: Generated<string | null>;
  family_name: Generated<string | null>;
}

export interface RefreshTokensTable {
  id: string;
  user_id: string;
  /** The login session; logout revokes it, and access tokens carry it as `sid`. */
  session_id: string;
  token_hash: string;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  created_at: CreatedTimestamp;
}

export interface ApiKeysTable {
  id: string;
  company_id: string;
  name: string;
  environment: 'live' | 'test';
  /** First characters of the key, shown in lists so a key can be recognised. */
  key_prefix: string;
  /** SHA-256 hex of the full key; the key itself is never stored. */
  key_hash: string;
  authorized_domains: Json<string[]>;
  /** Refuse origins that are not https:// (migration 0008). */
  require_https: Generated<boolean>;
  /** Last four characters of the key, listed with the prefix; null for keys older than 0008. */
  key_last4: string | null;
  /** Answers from every document of the company; else only from `api_key_topics` (0014). */
  all_documents: Generated<boolean>;
  /** HS256 secret for visitor tokens, AES-GCM encrypted (webhooks/secrets.ts); null: none (0016). */
  visitor_secret_ciphertext: string | null;
  /** RS256 visitor tokens' JWKS URL; null: none. */
  visitor_jwks_url: string | null;
  /** Refuse the key's requests that carry no visitor token. */
  visitor_required: Generated<boolean>;
  /** Visitors may open the originals of the documents it answers from, by signed link (0067). */
  allow_originals: Generated<boolean>;
  last_used_at: Timestamp | null;
  created_at: CreatedTimestamp;
}

export interface TopicsTable {
  id: string;
  company_id: string;
  name: string;
  description: string | null;
  /** What the company-wide "all members" group may do with its documents (migration 0014). */
  member_access: Generated<TopicAccess | 'none'>;
  created_at: CreatedTimestamp;
  updated_at: CreatedTimestamp;
}

/** A grant's level: read the topic's documents, or also add, change and delete them. */
export type TopicAccess = 'read' | 'edit';

/** An admin-managed group of users (migration 0014); topics are granted to groups. */
export interface GroupsTable {
  id: string;
  company_id: string;
  name: string;
  description: string | null;
  created_at: CreatedTimestamp;
  updated_at: CreatedTimestamp;
  /** The identity provider's id of a group pushed by SCIM (migration 0063). */
  scim_external_id: Generated<string | null>;
}

/** A company's SCIM bearer token (migration 0063); only its SHA-256 is stored. */
export interface ScimTokensTable {
  id: string;
  company_id: string;
  name: string;
  token_prefix: string;
  token_last4: string;
  token_hash: string;
  created_by: string | null;
  created_at: CreatedTimestamp;
  rotated_at: Timestamp | null;
  last_used_at: Timestamp | null;
}

export interface GroupMembersTable {
  group_id: string;
  user_id: string;
  company_id: string;
  /** null: made by an admin; `oidc:<id>` / `ldap`: made by that directory's group sync (0062). */
  source: string | null;
  created_at: CreatedTimestamp;
}

export interface TopicGrantsTable {
  topic_id: string;
  group_id: string;
  company_id: string;
  access: TopicAccess;
  created_at: CreatedTimestamp;
}

/** The topics a scoped API key answers from (migration 0014). */
export interface ApiKeyTopicsTable {
  api_key_id: string;
  topic_id: string;
}

export interface DocumentsTable {
  id: string;
  company_id: string;
  topic_id: string | null;
  name: string;
  format: string;
  mime_type: string;
  size_bytes: number;
  sha256: string;
  /** Path of the original file, relative to the file store root. */
  storage_key: string;
  status: DocumentStatus;
  error: string | null;
  page_count: number | null;
  chunk_count: number | null;
  title: string | null;
  /** Extracted plain text of the whole document. */
  content: string | null;
  metadata: Json<Record<string, unknown>>;
  created_by: string | null;
  created_at: CreatedTimestamp;
  updated_at: CreatedTimestamp;
  vectorized_at: Timestamp | null;
  /** Processing attempts started (migration 0003); bounded by INGEST_MAX_ATTEMPTS. */
  attempts: Generated<number>;
  /** The e-mail this document was attached to (migration 0007); null for an upload. */
  parent_id: string | null;
  /** 0-based place of the attachment in its parent message; null for an upload. */
  attachment_index: number | null;
  /** Messages above this document: 0 for an upload, parent's + 1 for an attachment. */
  attachment_depth: Generated<number>;
  /** The connector that mirrors this document from its source (0030); null = not connector-managed. */
  connector_id: Generated<string | null>;
}

export interface ChunksTable {
  id: string;
  company_id: string;
  document_id: string;
  chunk_index: number;
  text: string;
  token_count: number;
  page_start: number | null;
  page_end: number | null;
  heading_path: Json<string[]>;
  /** Spreadsheet sheet and row range, slide number (migration 0004); null where not applicable. */
  sheet: string | null;
  row_start: number | null;
  row_end: number | null;
  slide: number | null;
  /** Number of analyzed terms in the chunk's lexical text: BM25's document length (0002_bm25). */
  lexical_length: Generated<number>;
  /** pgvector `vector(384)`, present only where the extension exists; written as '[…]' text. */
  embedding: ColumnType<string | null, string | null, string | null>;
  created_at: CreatedTimestamp;
}

export interface ConversationsTable {
  id: string;
  company_id: string;
  user_id: string | null;
  api_key_id: string | null;
  session_id: string | null;
  title: string;
  created_at: CreatedTimestamp;
  updated_at: CreatedTimestamp;
}

export interface MessagesTable {
  id: string;
  conversation_id: string;
  company_id: string;
  role: 'user' | 'assistant';
  content: string;
  citation_map: Json<Record<string, { documentId: string; chunkId: string }>>;
  sources: Json<{ id: string; name: string; score: number }[]>;
  created_at: CreatedTimestamp;
  /** An answer that cites nothing: a refusal (migration 0009). */
  refused: Generated<boolean>;
  /** The asker's rating of an answer. */
  feedback: 'up' | 'down' | null;
  feedback_at: Date | null;
}

/** A one-time invitation link for an invited (passwordless) user; only its SHA-256 is kept. */
export interface InvitationsTable {
  id: string;
  company_id: string;
  user_id: string;
  token_hash: string;
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
  created_by: string | null;
  created_at: CreatedTimestamp;
}

/** A company's own answerer (migration 0066); no row: the installation's LLM_PROVIDER. */
export interface CompanyAnswerersTable {
  company_id: string;
  provider: 'extractive' | 'ollama' | 'openai';
  endpoint: string | null;
  model: string | null;
  secret_ciphertext: string | null;
  updated_by: string | null;
  updated_at: CreatedTimestamp;
}

/** A one-time password-reset link (migration 0064); only its SHA-256 is kept. */
export interface PasswordResetsTable {
  id: string;
  company_id: string;
  user_id: string;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  /** The admin who issued it; null when the person asked by e-mail. */
  created_by: string | null;
  created_at: CreatedTimestamp;
}

/**
 * A Google or Microsoft account linked to a user. `subject` is Google's `sub`, or Microsoft's
 * `<tenant id>:<object id>` (accounts are never keyed on e-mail alone).
 */
export interface UserIdentitiesTable {
  id: string;
  user_id: string;
  /** `google`, `microsoft`, `oidc:<provider id>` or `ldap` (0062). */
  provider: string;
  subject: string;
  tenant_id: string | null;
  email: string;
  /** Google's verified Workspace domain (`hd`) at the last sign-in; null otherwise (0015). */
  hosted_domain: string | null;
  /** The LDAP entry's DN, for the periodic group sync; null otherwise (0062). */
  directory_dn: string | null;
  /** The directory groups seen at the last sign-in or sync (JSON array of strings; 0062). */
  directory_groups: ColumnType<string[] | null, string | null | undefined, string | null>;
  directory_synced_at: Timestamp | null;
  created_at: CreatedTimestamp;
}

/** An e-mail domain that belongs to a company, with its proof (migration 0015, domain-claims.ts). */
export interface CompanyDomainsTable {
  domain: string;
  company_id: string;
  proof: 'google' | 'microsoft' | 'operator';
  /** The Entra tenant whose users join by this domain; null: no Microsoft sign-up by it. */
  microsoft_tenant_id: string | null;
  claimed_by: string | null;
  created_at: CreatedTimestamp;
}

/** BM25 postings: one row per term of a chunk (docs/retrieval.md, src/retrieval/lexical/bm25.ts). */
export interface ChunkTermsTable {
  company_id: string;
  /** An analyzed term (src/retrieval/lexical/analyzer.ts), "C" collation. */
  term: string;
  chunk_id: string;
  /** Occurrences of the term in the chunk's lexical text. */
  tf: number;
  /** The chunk's `lexical_length`, copied so scoring needs no join with `chunks`. */
  dl: number;
}

/**
 * BM25 collection statistics as insert-only deltas (migration 0011, written by triggers): a
 * statistic is the sum of its rows. Term '' carries the company's chunk count (`df`) and the sum
 * of their `lexical_length` (`total_length`); any other term its document frequency.
 */
export interface LexicalStatsTable {
  company_id: string;
  term: string;
  df: number;
  total_length: Generated<number>;
}

/** Transactional outbox: events written with the change that caused them, delivered later. */
export interface OutboxTable {
  id: string;
  company_id: string;
  event: string;
  payload: Json<Record<string, unknown>>;
  created_at: CreatedTimestamp;
  dispatched_at: Timestamp | null;
}

/** A webhook endpoint; the signing secret is kept encrypted (src/webhooks/secrets.ts). */
export interface WebhooksTable {
  id: string;
  company_id: string;
  url: string;
  description: string | null;
  events: Json<string[]>;
  active: Generated<boolean>;
  secret_ciphertext: string;
  /** Why the service disabled it (410 Gone, retries exhausted); null when an admin did. */
  disabled_reason: string | null;
  created_at: CreatedTimestamp;
  updated_at: CreatedTimestamp;
}

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One event for one endpoint; its id is the `webhook-id` header of every attempt. */
export interface WebhookDeliveriesTable {
  id: string;
  company_id: string;
  webhook_id: string;
  event_id: string;
  event: string;
  /** The exact JSON body sent (and signed) on every attempt. */
  body: string;
  status: Generated<WebhookDeliveryStatus>;
  attempts: Generated<number>;
  next_attempt_at: CreatedTimestamp;
  /** Lease of the worker attempting it; a crashed worker's lease expires and another retries. */
  locked_until: Timestamp | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: CreatedTimestamp;
  updated_at: CreatedTimestamp;
  delivered_at: Timestamp | null;
}

export type EvaluationStatus = 'QUEUED' | 'RUNNING' | 'COMPLETED' | 'FAILED';

/** An evaluation run (docs/evaluations.md); JSON shapes are src/evaluations/ types. */
export interface EvaluationsTable {
  id: string;
  company_id: string;
  /** Who started it (null once that user is deleted); the run answers as this user. */
  user_id: string | null;
  name: string;
  status: EvaluationStatus;
  /** The validated question set (Question[]). */
  questions: Json<unknown[]>;
  question_count: number;
  /** Snapshot taken when the run starts: topK, retrieval mode, provider, model. */
  settings: Json<Record<string, unknown>> | null;
  /** Totals once COMPLETED. */
  totals: Json<Record<string, unknown>> | null;
  error: string | null;
  created_at: CreatedTimestamp;
  started_at: Timestamp | null;
  completed_at: Timestamp | null;
}

/** One question's result (QuestionResult) at its position in the set. */
export interface EvaluationResultsTable {
  evaluation_id: string;
  position: number;
  result: Json<Record<string, unknown>>;
}

/** Facts every process of the install must agree on (0013_installation). */
export interface InstallationTable {
  key: string;
  value: string;
}

/** A caller's `Idempotency-Key` and the response it stands for (0020; src/idempotency/store.ts). */
export interface IdempotencyKeysTable {
  company_id: string;
  /** `user:<userId>` or `apiKey:<apiKeyId>`: keys of different callers never meet. */
  principal: string;
  key: string;
  /** SHA-256 hex of the request (method, path, body). */
  fingerprint: string;
  /** Null while the first request is being processed. */
  status_code: number | null;
  /** The response's JSON text, replayed as is. */
  response_body: string | null;
  created_at: Generated<Date>;
}

export interface DB {
  installation: InstallationTable;
  companies: CompaniesTable;
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  api_keys: ApiKeysTable;
  topics: TopicsTable;
  groups: GroupsTable;
  group_members: GroupMembersTable;
  topic_grants: TopicGrantsTable;
  api_key_topics: ApiKeyTopicsTable;
  documents: DocumentsTable;
  chunks: ChunksTable;
  chunk_terms: ChunkTermsTable;
  lexical_stats: LexicalStatsTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
  outbox: OutboxTable;
  invitations: InvitationsTable;
  password_resets: PasswordResetsTable;
  company_answerers: CompanyAnswerersTable;
  user_identities: UserIdentitiesTable;
  company_domains: CompanyDomainsTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  evaluations: EvaluationsTable;
  evaluation_results: EvaluationResultsTable;
  idempotency_keys: IdempotencyKeysTable;
  connectors: ConnectorsTable;
  connector_runs: ConnectorRunsTable;
  connector_items: ConnectorItemsTable;
  company_usage: CompanyUsageTable;
  removed_documents: RemovedDocumentsTable;
  removed_chunks: RemovedChunksTable;
  scim_tokens: ScimTokensTable;
}

/**
 * What a company holds, kept by triggers on `documents` (migration 0050): its documents, the bytes
 * of their originals, and those waiting for or in ingestion (UPLOADED, PROCESSING).
 */
export interface CompanyUsageTable {
  company_id: string;
  documents: Generated<number>;
  /** bigint: read as a string. */
  storage_bytes: ColumnType<string, number | string | undefined, number | string>;
  pending: Generated<number>;
}

/** A source a company's documents are mirrored from (migration 0030, docs/connectors.md). */
export interface ConnectorsTable {
  id: string;
  company_id: string;
  name: string;
  kind: 'folder' | 'web' | 's3' | 'imap' | 'webdav';
  /** The source's settings without its secret (src/connectors/config.ts). */
  config: Json<Record<string, unknown>>;
  /** Bounds of one sync: `{ maxItems, maxBytes, maxDepth }`. */
  limits: Json<{ maxItems: number; maxBytes: number; maxDepth: number }>;
  /** Password or secret key, AES-256-GCM (webhooks/secrets.ts); never returned. */
  secret_ciphertext: string | null;
  topic_id: string | null;
  /** Minutes between scheduled syncs; null = only "sync now". */
  interval_minutes: number | null;
  enabled: Generated<boolean>;
  next_sync_at: Timestamp | null;
  created_by: string | null;
  created_at: CreatedTimestamp;
  updated_at: CreatedTimestamp;
}

export type ConnectorRunStatus = 'queued' | 'running' | 'completed' | 'failed';

/** One sync of a connector, with its counts and per-item errors (migration 0030). */
export interface ConnectorRunsTable {
  id: string;
  connector_id: string;
  company_id: string;
  trigger: 'manual' | 'schedule';
  status: ConnectorRunStatus;
  listed: Generated<number>;
  added: Generated<number>;
  updated: Generated<number>;
  moved: Generated<number>;
  deleted: Generated<number>;
  unchanged: Generated<number>;
  failed: Generated<number>;
  /** Documents sent to ingestion (parse + embed) by this run. */
  embedded: Generated<number>;
  bytes: ColumnType<string, number | string | undefined, number | string>;
  /** A bound (items, bytes) stopped the listing: nothing was deleted. */
  truncated: Generated<boolean>;
  errors: ColumnType<{ item: string; error: string }[], string | undefined, string>;
  error: string | null;
  /** The worker running it holds it until then; a later one resumes a run whose lease ran out. */
  lease_until: Timestamp | null;
  created_at: CreatedTimestamp;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
}

/** One item seen at a connector's source: its version and the document mirroring it (0030). */
export interface ConnectorItemsTable {
  connector_id: string;
  item_key: string;
  company_id: string;
  version: string;
  sha256: string | null;
  document_id: string | null;
  source_url: string;
  /** Source-specific memory, e.g. a web page's links (followed again when it answers 304). */
  meta: ColumnType<Record<string, unknown>, string | undefined, string>;
  /** The last run that listed it; a run deletes the items it did not list. */
  seen_run_id: string | null;
  error: string | null;
  updated_at: CreatedTimestamp;
}

/**
 * A connector item's document removed by a sync, recoverable until purged (migration 0060,
 * src/connectors/removed.ts): the rows of the document and its attachments as they were.
 */
export interface RemovedDocumentsTable {
  /** The removed document's id, given back when the item comes back. */
  id: string;
  company_id: string;
  connector_id: string;
  item_key: string;
  /** SHA-256 of the item's bytes: a file that comes back elsewhere is found by it. */
  sha256: string | null;
  /** `to_jsonb(documents.*)` of the document and its attachments' documents, parents first. */
  documents: ColumnType<Record<string, unknown>[], string, string>;
  removed_at: CreatedTimestamp;
}

/** A chunk of a removed document, `to_jsonb(chunks.*)` with its embedding (migration 0060). */
export interface RemovedChunksTable {
  removed_id: string;
  chunk: ColumnType<Record<string, unknown>, string, string>;
}
