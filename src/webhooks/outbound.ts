import { createHttpClient, OutboundRequestError, type HttpClient } from '../lib/http-client.ts';
import type { PrivateTarget } from '../config/env.ts';
import { validationError } from '../lib/errors.ts';

/** Outbound HTTP for tenants' webhooks, one policy per company. */
export interface WebhookHttp {
  /** The client a company's endpoints are reached with (registration check and deliveries). */
  forCompany(companyId: string): HttpClient;
  close(): Promise<void>;
}

/**
 * Webhooks' outbound policy, separate from the operator's (OUTBOUND_ALLOWLIST, for web search and
 * SSO keys): public addresses only, plus the exact `host:port` targets the operator allowed for
 * that company or for every company (`*`) in WEBHOOK_PRIVATE_TARGETS. A tenant admin can name any
 * URL, so inheriting the operator's allowlist let one reach 127.0.0.1:5432 and :6379 (issue 22,
 * hole 8). Clients are built once per company that has targets; the others share one.
 */
export function createWebhookHttp(options: {
  targets: PrivateTarget[];
  timeoutMs: number;
  maxResponseBytes: number;
}): WebhookHttp {
  const make = (companyId: string | null) =>
    createHttpClient({
      allowlist: [],
      targets: options.targets.filter((t) => t.companyId === '*' || t.companyId === companyId),
      timeoutMs: options.timeoutMs,
      maxResponseBytes: options.maxResponseBytes,
    });
  const shared = make(null);
  const named = new Map<string, HttpClient>();
  for (const { companyId } of options.targets) {
    if (companyId !== '*' && !named.has(companyId)) named.set(companyId, make(companyId));
  }
  return {
    forCompany: (companyId) => named.get(companyId) ?? shared,
    close: async () => {
      await Promise.all([shared.close(), ...[...named.values()].map((c) => c.close())]);
    },
  };
}

/**
 * The set-time check of a URL a tenant names (a webhook endpoint, a key's visitor JWKS), under
 * the same company policy that every later request is made with: http(s), and a host that is an
 * exact `host:port` the operator granted the company in WEBHOOK_PRIVATE_TARGETS or whose address
 * (the literal, in any spelling, or every address DNS gives now) is public. One function, so the
 * two kinds of tenant URL cannot drift apart. Decided from the URL and DNS alone, never by
 * connecting; requests check again at connection time (DNS rebinding).
 * @throws 400 VALIDATION_ERROR with `message` and one details entry for `field`.
 */
export async function assertTenantUrl(
  http: WebhookHttp,
  companyId: string,
  url: string,
  field: string,
  message: string,
): Promise<void> {
  try {
    await http.forCompany(companyId).assertAllowed(url);
  } catch (err) {
    if (err instanceof OutboundRequestError) throw validationError(message, [{ field, reason: err.message }]);
    throw err;
  }
}

/**
 * What a delivery log says about a request that produced no response. A refusal by policy and a
 * closed or unreachable port read the same ("no connection"), so the delivery log and the test
 * route are no port scanner; a timeout and an oversized answer stay apart (the host answered).
 */
export function deliveryErrorOf(err: unknown): string {
  if (!(err instanceof OutboundRequestError)) return 'no connection';
  if (err.reason === 'timeout') return `timeout: ${err.message}`;
  if (err.reason === 'too_large') return `too_large: ${err.message}`;
  return 'no connection: the endpoint could not be reached or is not allowed';
}
