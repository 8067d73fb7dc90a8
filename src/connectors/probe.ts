import type { Kysely, Selectable } from 'kysely';
import type { ConnectorsTable, DB } from '../db/schema.ts';
import type { ConnectorsConfig } from '../config/connectors.ts';
import { notFound } from '../lib/errors.ts';
import { encryptSecret } from '../webhooks/secrets.ts';
import { validateSourceConfig, type OperatorPolicy } from './config.ts';
import { findConnector } from './connectors.repository.ts';
import { openSource } from './registry.ts';
import type { ConnectorKind } from './types.ts';

/** What "Test connection" lists at most, and how long it may take (ms). */
export const PROBE_LIMITS = { items: 5, maxDepth: 1, timeoutMs: 20_000 } as const;

/** The outcome of a connection test: the first items the source lists, or why it cannot. */
export interface ProbeResult {
  ok: boolean;
  /** Up to PROBE_LIMITS.items items, as the source lists them. */
  items: { name: string; sourceUrl: string; size: number | null }[];
  /** The source lists more than were read. */
  more: boolean;
  /** Parts of the source that could not be listed (an unreadable sub-folder), with why. */
  warnings: string[];
  /** Why the source cannot be listed; null when `ok`. */
  error: string | null;
  durationMs: number;
}

export interface ProbeDeps {
  db: Kysely<DB>;
  secretKey: Buffer;
  policy: OperatorPolicy;
  connectors: ConnectorsConfig;
  maxItemBytes: number;
}

/**
 * "Test connection" before saving (console Connectors form): checks the config exactly as saving
 * would (kind, hosts against CONNECTOR_ALLOWLIST, folders below CONNECTOR_FOLDER_ROOTS) and lists
 * the first PROBE_LIMITS.items items, one level deep, within PROBE_LIMITS.timeoutMs, through the
 * same source code and network policy as a sync. Nothing is stored or downloaded beyond what
 * listing needs. For an existing connector (`connectorId`), the stored secret is used unless a new
 * one is given and the kind is the stored one.
 * @throws 400 VALIDATION_ERROR for a bad config (as create would), 404 for another company's
 *   connector.
 */
export async function probeConnector(
  deps: ProbeDeps,
  companyId: string,
  input: { kind: ConnectorKind; config: Record<string, unknown>; secret?: string; connectorId?: string },
): Promise<ProbeResult> {
  const started = performance.now();
  let kind = input.kind;
  let ciphertext: string | null = input.secret ? encryptSecret(deps.secretKey, input.secret) : null;
  if (input.connectorId) {
    const row = await findConnector(deps.db, companyId, input.connectorId);
    if (!row) throw notFound('Connector');
    kind = row.kind as ConnectorKind;
    ciphertext ??= row.secret_ciphertext;
  }
  const { config, secretFromUrl } = await validateSourceConfig(kind, input.config, deps.policy);
  if (!ciphertext && secretFromUrl) ciphertext = encryptSecret(deps.secretKey, secretFromUrl);
  const row = { kind, config, secret_ciphertext: ciphertext } as unknown as Selectable<ConnectorsTable>;
  const result: ProbeResult = { ok: false, items: [], more: false, warnings: [], error: null, durationMs: 0 };
  const signal = AbortSignal.timeout(PROBE_LIMITS.timeoutMs);
  let source: Awaited<ReturnType<typeof openSource>> | null = null;
  try {
    source = await openSource(row, {
      config: deps.connectors,
      secretKey: deps.secretKey,
      maxItemBytes: deps.maxItemBytes,
    });
    const listing = source.list({
      limits: {
        maxItems: PROBE_LIMITS.items + 1,
        maxBytes: deps.maxItemBytes,
        maxDepth: PROBE_LIMITS.maxDepth,
        maxItemBytes: deps.maxItemBytes,
      },
      known: () => undefined,
      incomplete: (where, reason) => void result.warnings.push(`${where}: ${reason}`.slice(0, 500)),
      signal,
    });
    for await (const item of listing) {
      if (result.items.length === PROBE_LIMITS.items) {
        result.more = true;
        break;
      }
      result.items.push({ name: item.name, sourceUrl: item.sourceUrl, size: item.size ?? null });
      if (signal.aborted) break;
    }
    result.ok = true;
  } catch (err) {
    result.error = signal.aborted
      ? `no answer within ${PROBE_LIMITS.timeoutMs / 1000} s`
      : (err instanceof Error ? err.message : String(err)).slice(0, 1000);
  } finally {
    await source?.close?.().catch(() => undefined);
  }
  result.durationMs = Math.round(performance.now() - started);
  return result;
}
