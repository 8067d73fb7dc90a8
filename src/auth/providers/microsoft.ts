import { forbidden, serviceUnavailable, unauthorized } from '../../lib/errors.ts';
import type { IdentityVerifier } from './identity.ts';

export interface MicrosoftOptions {
  /** Microsoft Graph base, e.g. https://graph.microsoft.com/v1.0 (no trailing slash). */
  graphUrl: string;
  /** Entra tenant ids (lower case) whose users may sign in. */
  allowedTenants: string[];
}

const GRAPH_TIMEOUT_MS = 5000;

async function graphGet(options: MicrosoftOptions, accessToken: string, path: string): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(`${options.graphUrl}${path}`, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(GRAPH_TIMEOUT_MS),
      redirect: 'error',
    });
  } catch {
    throw serviceUnavailable('Microsoft Graph cannot be reached right now');
  }
  if (res.status === 401 || res.status === 403) throw unauthorized('Invalid Microsoft access token');
  if (!res.ok) throw serviceUnavailable(`Microsoft Graph answered ${res.status}`);
  return res.json().catch(() => {
    throw serviceUnavailable('Microsoft Graph answered with malformed JSON');
  });
}

/**
 * Signs in with a Microsoft Graph access token (opaque to us: its audience is Graph, so Graph
 * itself verifies it). Two delegated calls, both allowed by the `User.Read` scope
 * (Microsoft Graph v1.0 reference, "Get user" and "Get organization"):
 * `GET /me?$select=id,displayName,mail,userPrincipalName` gives the object id and e-mail
 * (`mail`, else `userPrincipalName`); `GET /organization?$select=id` gives the tenant id,
 * which /me does not return. The account key is `<tenant id>:<object id>`.
 * @throws 401 UNAUTHORIZED when Graph refuses the token; 403 FORBIDDEN for a tenant outside
 *   `allowedTenants` (or a personal account, which has no organization); 503 when Graph fails.
 */
export function microsoftVerifier(options: MicrosoftOptions): IdentityVerifier {
  return async (accessToken) => {
    const me = (await graphGet(
      options,
      accessToken,
      '/me?$select=id,displayName,mail,userPrincipalName',
    )) as Record<string, unknown>;
    const org = (await graphGet(options, accessToken, '/organization?$select=id')) as {
      value?: { id?: unknown }[];
    };
    const tenantId = typeof org.value?.[0]?.id === 'string' ? org.value[0].id.toLowerCase() : null;
    if (!tenantId) throw forbidden('Personal Microsoft accounts cannot sign in; use a work account');
    if (!options.allowedTenants.includes(tenantId)) {
      throw forbidden('This Microsoft organization is not allowed to sign in here');
    }
    const email = [me.mail, me.userPrincipalName].find((v) => typeof v === 'string' && v.includes('@'));
    if (typeof me.id !== 'string' || typeof email !== 'string') {
      throw forbidden('The Microsoft account has no e-mail address');
    }
    return {
      provider: 'microsoft',
      subject: `${tenantId}:${me.id}`,
      tenantId,
      email: email.toLowerCase(),
      name: typeof me.displayName === 'string' && me.displayName ? me.displayName : email,
    };
  };
}
