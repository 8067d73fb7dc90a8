import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AuditRuleInput } from './route-map.ts';
import { REFRESH_COOKIE } from '../auth/refresh-cookie.ts';
import { sha256Hex } from '../auth/tokens.ts';

// Sign-in routes' actors, which no principal names (used by plugins/audit.ts).

const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** A sign-in route's actor: the signed-in user, or (failure) the company of the e-mail tried. */
export async function signInActor(app: FastifyInstance, r: AuditRuleInput, ok: boolean) {
  const user = obj(r.data?.user);
  if (ok && typeof user.id === 'string')
    return {
      companyId: (user.companyId as string) ?? null,
      actorType: 'user' as const,
      actorId: user.id,
      userId: user.id,
    };
  // The name tried: an e-mail, or a directory user name (LDAP), whose e-mail is not known here.
  const tried = r.body.email ?? r.body.username;
  const name = typeof tried === 'string' ? tried.toLowerCase().slice(0, 200) : null;
  const email = name?.includes('@') ? name : null;
  const known = email
    ? await app.ctx.db
        .selectFrom('users')
        .select(['id', 'company_id'])
        .where('email', '=', email)
        .executeTakeFirst()
    : undefined;
  return {
    companyId: known?.company_id ?? null,
    actorType: 'anonymous' as const,
    actorId: null,
    userId: known?.id ?? null,
    tried: name,
  };
}

/** The user whose refresh token the answer's `Set-Cookie` carries (a redirecting sign-in). */
async function cookieUser(app: FastifyInstance, reply: FastifyReply) {
  const header = [reply.getHeader('set-cookie') ?? []].flat().map(String);
  const value = header.map((c) => new RegExp(`^${REFRESH_COOKIE}=([^;]+)`).exec(c)?.[1]).find(Boolean);
  if (!value) return undefined;
  return app.ctx.db
    .selectFrom('refresh_tokens')
    .innerJoin('users', 'users.id', 'refresh_tokens.user_id')
    .select(['users.id', 'users.company_id'])
    .where('refresh_tokens.token_hash', '=', sha256Hex(decodeURIComponent(value)))
    .executeTakeFirst();
}

/** A redirecting sign-in's outcome, actor and reason (rule.redirectSignIn). */
export async function redirectSignIn(app: FastifyInstance, reply: FastifyReply) {
  const location = String(reply.getHeader('location') ?? '');
  const refused = /#signin_error=([^&]*)/.exec(location);
  const user = refused ? undefined : await cookieUser(app, reply);
  if (!user)
    return {
      outcome: 'denied' as const,
      who: { companyId: null, actorType: 'anonymous' as const, actorId: null },
      targetId: null,
      reason: refused ? decodeURIComponent(refused[1]!).slice(0, 200) : 'no session opened',
    };
  return {
    outcome: 'success' as const,
    who: { companyId: user.company_id, actorType: 'user' as const, actorId: user.id },
    targetId: user.id,
  };
}
