/**
 * Which routes leave an audit event, by method and route URL, and how each names its action,
 * target and details (docs/auth.md "Audit log" lists them). A route may instead declare
 * `config.audit` itself (an AuditRule, or `false` for none); the declaration wins. Every mutating
 * route under `/scim/v2/` is audited without any entry (scimRule), so the SCIM routes need no
 * help from here.
 */

/** What a rule sees of a finished request. */
export interface AuditRuleInput {
  method: string;
  url: string;
  params: Record<string, string | undefined>;
  body: Record<string, unknown>;
  /** The answer's `data`, parsed (undefined for errors and non-JSON answers). */
  data: Record<string, unknown> | undefined;
  /** The whole answer as sent (SCIM answers are not enveloped); empty for errors. */
  payload: Record<string, unknown>;
}

/** How a route's requests become events. */
export interface AuditRule {
  action: string | ((r: AuditRuleInput) => string);
  targetType?: string;
  /** The target's id; default: the `:id` path parameter (else the only one), else the answer's `data.id`. */
  targetId?: (r: AuditRuleInput) => string | null | undefined;
  /** Safe details (safeDetails filters them again); default: the names of the body's fields. */
  details?: (r: AuditRuleInput) => Record<string, unknown> | undefined;
  /**
   * A sign-in route (the value is its method: password, google…): the actor and company come
   * from the answer's `data.user` on success, from the e-mail tried on failure, and an event is
   * kept even when no company is known.
   */
  signIn?: string;
  /**
   * A sign-in that answers with a redirect (OpenID Connect's callback; the value is its method):
   * refused when the redirect carries `#signin_error=`, else the user is the one whose refresh
   * cookie the answer sets.
   */
  redirectSignIn?: string;
  /** Kept even without a known company or principal. */
  always?: boolean;
  /** Only refusals (401, 403) are kept: an admin read a non-admin tried. */
  deniedOnly?: boolean;
}

const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const fields = (r: AuditRuleInput) => ({ fields: Object.keys(r.body).sort() });
const pick =
  (...keys: string[]) =>
  (r: AuditRuleInput) =>
    Object.fromEntries(keys.filter((k) => r.body[k] !== undefined).map((k) => [k, r.body[k]]));
/** A URL's host only: a webhook's or connector's query could carry a token. */
const hostOf = (u: unknown) => {
  try {
    return typeof u === 'string' ? new URL(u).host : undefined;
  } catch {
    return undefined;
  }
};
const userTarget = (r: AuditRuleInput) => r.params.id ?? (obj(r.data?.user).id as string | undefined);

const signIn = (method: string): AuditRule => ({
  action: 'auth.login',
  targetType: 'user',
  targetId: userTarget,
  details: () => ({ method }),
  signIn: method,
});

export const AUDIT_RULES: Record<string, AuditRule> = {
  // An admin reading a person's (or a widget visitor's) conversation is a read worth a record,
  // unlike the other admin reads: it shows what someone else asked (issue 40's insights).
  'GET /api/insights/conversations/:id': {
    action: 'insights.conversation_read',
    targetType: 'conversation',
    details: () => ({}),
  },
  'POST /api/auth/login': signIn('password'),
  'POST /api/auth/google': signIn('google'),
  'POST /api/auth/microsoft': signIn('microsoft'),
  'POST /api/auth/accept-invitation': { ...signIn('invitation'), action: 'auth.invitation_accepted' },
  'POST /api/auth/register': { ...signIn('register'), action: 'auth.register' },
  'POST /api/auth/ldap': signIn('ldap'),
  'GET /api/auth/oidc/:provider/callback': {
    action: 'auth.login',
    targetType: 'user',
    details: (r) => ({ method: 'oidc', provider: r.params.provider }),
    redirectSignIn: 'oidc',
  },
  'POST /api/auth/reset-password': { ...signIn('reset'), action: 'auth.password_reset' },
  'POST /api/auth/forgot-password': { ...signIn('forgot'), action: 'auth.password_reset_request' },
  'POST /api/users/:id/password-reset': {
    action: 'user.password_reset_link',
    targetType: 'user',
    details: () => ({}),
  },
  'POST /api/auth/change-password': {
    action: 'auth.password_changed',
    targetType: 'user',
    details: () => ({}),
  },
  'POST /api/users': {
    action: (r) => (r.body.password === undefined ? 'user.invite' : 'user.create'),
    targetType: 'user',
    targetId: userTarget,
    details: pick('email', 'role'),
  },
  'PUT /api/users/:id': {
    action: (r) => (r.body.role !== undefined ? 'user.role_change' : 'user.update'),
    targetType: 'user',
    details: (r) => ({ ...fields(r), ...pick('role', 'disabled')(r) }),
  },
  'DELETE /api/users/:id': { action: 'user.delete', targetType: 'user' },
  'POST /api/groups': {
    action: 'group.create',
    targetType: 'group',
    details: (r) => ({ name: r.body.name, memberIds: r.body.memberIds }),
  },
  'PUT /api/groups/:id': {
    action: 'group.update',
    targetType: 'group',
    details: (r) => ({ ...fields(r), memberIds: r.body.memberIds }),
  },
  'DELETE /api/groups/:id': { action: 'group.delete', targetType: 'group' },
  'PUT /api/topics/:id/access': {
    action: 'topic.access_update',
    targetType: 'topic',
    details: pick('allMembers', 'groups'),
  },
  'POST /api/topics': { action: 'topic.create', targetType: 'topic', details: pick('name') },
  'PUT /api/topics/:id': { action: 'topic.update', targetType: 'topic' },
  'DELETE /api/topics/:id': { action: 'topic.delete', targetType: 'topic' },
  'POST /api/api-keys': {
    action: 'api_key.create',
    targetType: 'api_key',
    details: pick('name', 'environment', 'allDocuments', 'topicIds'),
  },
  'PUT /api/api-keys/:id': { action: 'api_key.update', targetType: 'api_key' },
  'DELETE /api/api-keys/:id': { action: 'api_key.delete', targetType: 'api_key' },
  'POST /api/api-keys/:id/visitor-secret': { action: 'api_key.visitor_secret_rotate', targetType: 'api_key' },
  'DELETE /api/api-keys/:id/visitor-secret': {
    action: 'api_key.visitor_secret_delete',
    targetType: 'api_key',
  },
  'PUT /api/companies/:id': {
    action: 'company.settings_update',
    targetType: 'company',
    details: (r) => ({ ...fields(r), settings: Object.keys(obj(r.body.settings)).sort() }),
  },
  'POST /api/webhooks': {
    action: 'webhook.create',
    targetType: 'webhook',
    details: (r) => ({ host: hostOf(r.body.url), events: r.body.events }),
  },
  'PATCH /api/webhooks/:id': {
    action: 'webhook.update',
    targetType: 'webhook',
    details: (r) => ({
      ...fields(r),
      host: hostOf(r.body.url),
      events: r.body.events,
      active: r.body.active,
    }),
  },
  'DELETE /api/webhooks/:id': { action: 'webhook.delete', targetType: 'webhook' },
  'POST /api/webhooks/:id/test': { action: 'webhook.test', targetType: 'webhook', details: () => ({}) },
  'POST /api/connectors': {
    action: 'connector.create',
    targetType: 'connector',
    details: pick('kind', 'name'),
  },
  'PATCH /api/connectors/:id': { action: 'connector.update', targetType: 'connector' },
  'DELETE /api/connectors/:id': { action: 'connector.delete', targetType: 'connector' },
  'POST /api/connectors/:id/sync': { action: 'connector.sync', targetType: 'connector', details: () => ({}) },
  'DELETE /api/documents/:id': { action: 'document.delete', targetType: 'document' },
  'PUT /api/documents/:id': {
    action: (r) => (r.body.topicId !== undefined ? 'document.move' : 'document.update'),
    targetType: 'document',
    details: (r) => ({ ...fields(r), ...pick('topicId')(r) }),
  },
  'POST /api/evaluations': { action: 'evaluation.start', targetType: 'evaluation', details: pick('name') },
  'POST /api/evaluations/upload': {
    action: 'evaluation.start',
    targetType: 'evaluation',
    details: () => ({}),
  },
  'DELETE /api/evaluations/:id': { action: 'evaluation.delete', targetType: 'evaluation' },
};

const VERBS: Record<string, string> = { POST: 'create', PUT: 'replace', PATCH: 'update', DELETE: 'delete' };

/** Mutating SCIM calls: `scim.<resource>.<create|replace|update|delete>`, target the resource. */
export function scimRule(method: string, url: string): AuditRule | undefined {
  const m = /^\/scim\/v2\/([A-Za-z]+)/.exec(url);
  const verb = VERBS[method];
  if (!m || !verb) return undefined;
  const resource = m[1]!.toLowerCase();
  return {
    action: `scim.${resource}.${verb}`,
    targetType: `scim_${resource.replace(/s$/, '')}`,
    targetId: (r) => r.params.id ?? (typeof r.payload.id === 'string' ? r.payload.id : undefined),
    details: fields,
  };
}

/**
 * Any other admin route (`config.permission: 'admin'`), so none is forgotten: the action is the
 * URL's fixed segments and the verb (`POST /api/scim-tokens/:id/rotate` → `scim_tokens.rotate`;
 * `DELETE /api/scim-tokens/:id` → `scim_tokens.delete`). Admin reads (`GET`, action `….read`)
 * leave an event only when refused: someone without the role tried.
 */
export function adminRule(method: string, url: string): AuditRule | undefined {
  const verb = method === 'GET' ? 'read' : VERBS[method];
  if (!verb) return undefined;
  const segments = url.split('/').filter((s) => s && s !== 'api');
  const names = segments.filter((s) => !s.startsWith(':')).map((s) => s.replace(/-/g, '_'));
  const endsInVerb = method === 'POST' && segments.length >= 3 && segments.at(-2)!.startsWith(':');
  if (names.length === 0) return undefined;
  return {
    action: endsInVerb ? names.join('.') : `${names.join('.')}.${verb}`,
    targetType: names[0]!.replace(/s$/, ''),
    ...(method === 'GET' ? { deniedOnly: true, details: () => ({}) } : {}),
  };
}

/** The rule of a route (central map, SCIM, other admin routes), or undefined for none. */
export function auditRuleFor(method: string, url: string, permission?: string): AuditRule | undefined {
  return (
    AUDIT_RULES[`${method} ${url}`] ??
    scimRule(method, url) ??
    (permission === 'admin' ? adminRule(method, url) : undefined)
  );
}
