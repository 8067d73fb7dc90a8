import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Config } from '../../config/index.ts';
import type { AnswererEndpoint } from '../../config/answerers.ts';
import type { Embedder } from '../../embeddings/embedder.ts';
import { validationError } from '../../lib/errors.ts';
import { TtlLru } from '../../lib/ttl-lru.ts';
import { decryptSecret, encryptSecret } from '../../webhooks/secrets.ts';
import { extractiveProvider } from './extractive.ts';
import type { Reader } from '../reader/reader.ts';
import { ollamaProvider } from './ollama.ts';
import { openAiCompatibleProvider } from './openai.ts';
import type { LlmProvider } from './provider.ts';

/** An endpoint as stored and compared: without trailing slashes (ANSWERER_ENDPOINTS are written so). */
export const normalizeEndpoint = (url: string | null | undefined) => (url ?? '').replace(/\/+$/, '');

/** What a company may answer with: its installation's answerer, or one of these. */
export const COMPANY_PROVIDERS = ['extractive', 'ollama', 'openai'] as const;
export type CompanyProvider = (typeof COMPANY_PROVIDERS)[number];

/** A company's answerer as the API shows it: never the key. */
export interface CompanyAnswerer {
  /** `installation`: no choice stored, LLM_PROVIDER answers. */
  provider: CompanyProvider | 'installation';
  endpoint: string | null;
  model: string | null;
  hasApiKey: boolean;
}

/** A choice to check or store (`apiKey`: absent keeps the stored key, null removes it). */
export interface AnswererChoice {
  provider: CompanyProvider;
  endpoint?: string | null;
  model?: string | null;
  apiKey?: string | null;
}

export interface AnswererDeps {
  db: Kysely<DB>;
  config: Config;
  embedder: Embedder;
  /** The installation's answerer (LLM_PROVIDER), answering for companies without a choice. */
  installation: LlmProvider;
  /** The extractive reader (READER_MODEL), or null when off. */
  reader: Reader | null;
  secretKey: Buffer;
}

/**
 * The endpoints a company may name: the operator's ANSWERER_ENDPOINTS and the installation's own
 * Ollama or OpenAI-compatible server when LLM_PROVIDER is one.
 */
export function allowedEndpoints(config: Config): AnswererEndpoint[] {
  const own: AnswererEndpoint[] =
    config.llmProvider === 'ollama'
      ? [{ kind: 'ollama', url: normalizeEndpoint(config.ollamaUrl) }]
      : config.llmProvider === 'openai'
        ? [{ kind: 'openai', url: normalizeEndpoint(config.openaiBaseUrl) }]
        : [];
  const all = [...own, ...config.answererEndpoints];
  return all.filter((e, i) => all.findIndex((x) => x.kind === e.kind && x.url === e.url) === i);
}

/**
 * Checks a choice against the operator's policy: a model server only at an allowed endpoint of
 * its kind, with a model name. @throws 400 VALIDATION_ERROR naming the field.
 */
export function assertChoice(config: Config, choice: AnswererChoice): void {
  if (choice.provider === 'extractive') return;
  const endpoint = normalizeEndpoint(choice.endpoint);
  const allowed = allowedEndpoints(config).filter((e) => e.kind === choice.provider);
  if (!allowed.some((e) => e.url === endpoint))
    throw validationError('This model server is not one the operator allows', [
      {
        field: 'endpoint',
        reason: allowed.length
          ? `must be one of ${allowed.map((e) => e.url).join(', ')} (ANSWERER_ENDPOINTS)`
          : `the operator allows no ${choice.provider} server (ANSWERER_ENDPOINTS)`,
      },
    ]);
  if (!choice.model?.trim())
    throw validationError('A model server needs a model', [{ field: 'model', reason: 'is required' }]);
}

/** The stored choice of a company, or `installation`. */
export async function companyAnswerer(db: Kysely<DB>, companyId: string): Promise<CompanyAnswerer> {
  const row = await db
    .selectFrom('company_answerers')
    .selectAll()
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (!row) return { provider: 'installation', endpoint: null, model: null, hasApiKey: false };
  return {
    provider: row.provider,
    endpoint: row.endpoint,
    model: row.model,
    hasApiKey: !!row.secret_ciphertext,
  };
}

/**
 * Stores a company's choice (assertChoice first). The API key is encrypted; absent keeps the
 * stored one when the endpoint is unchanged (a key never follows the company to another server).
 */
export async function storeCompanyAnswerer(
  deps: Pick<AnswererDeps, 'db' | 'config' | 'secretKey'>,
  companyId: string,
  userId: string | null,
  choice: AnswererChoice,
): Promise<CompanyAnswerer> {
  assertChoice(deps.config, choice);
  const endpoint = choice.provider === 'extractive' ? null : normalizeEndpoint(choice.endpoint);
  const before = await deps.db
    .selectFrom('company_answerers')
    .select(['endpoint', 'secret_ciphertext'])
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  const secret =
    choice.provider !== 'openai' || choice.apiKey === null
      ? null
      : choice.apiKey
        ? encryptSecret(deps.secretKey, choice.apiKey)
        : before?.endpoint === endpoint
          ? (before?.secret_ciphertext ?? null)
          : null;
  const values = {
    provider: choice.provider,
    endpoint,
    model: choice.provider === 'extractive' ? null : choice.model!.trim(),
    secret_ciphertext: secret,
    updated_by: userId,
    updated_at: new Date(),
  };
  await deps.db
    .insertInto('company_answerers')
    .values({ company_id: companyId, ...values })
    .onConflict((oc) => oc.column('company_id').doUpdateSet(values))
    .execute();
  return companyAnswerer(deps.db, companyId);
}

/** Back to the installation's answerer. */
export async function clearCompanyAnswerer(db: Kysely<DB>, companyId: string): Promise<void> {
  await db.deleteFrom('company_answerers').where('company_id', '=', companyId).execute();
}

/**
 * A provider for a choice (stored or being tried): the same provider code as LLM_PROVIDER, with
 * the installation's token and time limits. `apiKey` in clear, already decrypted.
 */
export function providerOf(
  deps: Pick<AnswererDeps, 'config' | 'embedder' | 'installation' | 'reader'>,
  choice: { provider: CompanyProvider; endpoint: string | null; model: string | null; apiKey: string | null },
): LlmProvider {
  const { config } = deps;
  if (choice.provider === 'extractive')
    return deps.installation.name === 'extractive'
      ? deps.installation
      : extractiveProvider(deps.embedder, { reader: deps.reader, passages: config.reader.passages });
  if (choice.provider === 'ollama')
    return ollamaProvider({
      url: choice.endpoint!,
      model: choice.model!,
      keepAlive: config.ollamaKeepAlive,
      maxTokens: config.llmMaxTokens,
      timeoutMs: config.llmTimeoutMs,
    });
  return openAiCompatibleProvider({
    baseUrl: choice.endpoint!,
    apiKey: choice.apiKey ?? 'none',
    model: choice.model!,
    maxTokens: config.llmMaxTokens,
    timeoutMs: config.llmTimeoutMs,
  });
}

/** How long a process may answer with a company's previous choice after another process changed it, ms. */
export const ANSWERER_CACHE_TTL_MS = 30_000;

/**
 * The answerer of each company, built once and kept ANSWERER_CACHE_TTL_MS (a change applies at
 * once in the process that made it: `forget`). A stored choice the operator no longer allows
 * (ANSWERER_ENDPOINTS changed) falls back to the installation's answerer.
 */
export function createAnswererResolver(deps: AnswererDeps) {
  const cache = new TtlLru<string, LlmProvider>(10_000, ANSWERER_CACHE_TTL_MS);
  return {
    async forCompany(companyId: string): Promise<LlmProvider> {
      const known = cache.get(companyId);
      if (known) return known;
      const row = await deps.db
        .selectFrom('company_answerers')
        .selectAll()
        .where('company_id', '=', companyId)
        .executeTakeFirst();
      let provider = deps.installation;
      if (row) {
        try {
          assertChoice(deps.config, row);
          const apiKey = row.secret_ciphertext ? decryptSecret(deps.secretKey, row.secret_ciphertext) : null;
          provider = providerOf(deps, { ...row, apiKey });
        } catch {
          provider = deps.installation;
        }
      }
      cache.set(companyId, provider);
      return provider;
    },
    forget(companyId: string): void {
      cache.delete(companyId);
    },
  };
}
export type AnswererResolver = ReturnType<typeof createAnswererResolver>;
