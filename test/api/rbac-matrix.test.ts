import t from 'tap';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { addUser } from '../helpers/users.ts';

/**
 * Who may call what: every route of the app, every kind of caller. The expected policy lives in
 * this one table; a route registered anywhere without a line here fails the test with its name.
 * Levels: `public` anyone; `apiKey` X-API-Key only; `user` any signed-in role; `read`, `write`,
 * `chat`, `admin` per the spec's RBAC table.
 */
const EXPECTED: Record<string, Level> = {
  'OPTIONS *': 'public',
  'GET /api/docs': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/static/*': 'public',
  'GET /api/openapi.json': 'public',
  'GET /api/health': 'public',
  'GET /widget.js': 'public',
  'GET /widget/:file': 'public',
  'GET /widget/demo': 'public',
  'GET /api/ready': 'public',
  // Not a role's: METRICS_TOKEN guards it (404 without one, as here); test/ops/metrics.test.ts.
  'GET /metrics': 'public',
  'GET /api/health/details': 'admin',
  'POST /api/auth/login': 'public',
  'POST /api/auth/register': 'public',
  'POST /api/auth/refresh': 'public',
  'POST /api/auth/accept-invitation': 'public',
  'POST /api/auth/google': 'public',
  'POST /api/auth/microsoft': 'public',
  // Directory sign-in (issue 39): LDAP answers like login; OpenID Connect is a browser redirect flow.
  'POST /api/auth/ldap': 'public',
  'GET /api/auth/oidc/:provider/start': 'public',
  'GET /api/auth/oidc/:provider/callback': 'public',
  'GET /api/auth/oidc/:provider/logout': 'public',
  // Accounts (issue 40): the accept page's read and forgotten passwords are for people signed out.
  'POST /api/auth/invitation': 'public',
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/reset-password': 'public',
  'GET /api/invitations': 'admin',
  'POST /api/invitations/:userId/resend': 'admin',
  'DELETE /api/invitations/:userId': 'admin',
  'POST /api/users/:id/password-reset': 'admin',
  'GET /api/connectors/:id/removed-documents': 'admin',
  'POST /api/connectors/:id/removed-documents/:documentId/restore': 'admin',
  'POST /api/connectors/test': 'admin',
  'GET /api/answerer': 'admin',
  'PUT /api/answerer': 'admin',
  'POST /api/answerer/models': 'admin',
  'POST /api/answerer/test': 'admin',
  'GET /api/auth/me': 'user',
  'PUT /api/auth/me': 'user',
  'POST /api/auth/change-password': 'user',
  'POST /api/auth/logout': 'user',
  'GET /api/documents': 'read',
  'GET /api/documents/:id': 'read',
  'GET /api/documents/:id/chunks': 'read',
  'GET /api/documents/:id/file': 'read',
  'POST /api/documents/upload': 'write',
  'PUT /api/documents/:id': 'write',
  'DELETE /api/documents/:id': 'write',
  'POST /api/search': 'read',
  'GET /api/topics': 'read',
  'POST /api/topics': 'write',
  'PUT /api/topics/:id': 'write',
  'DELETE /api/topics/:id': 'write',
  'GET /api/topics/:id/access': 'admin',
  'PUT /api/topics/:id/access': 'admin',
  'GET /api/groups': 'admin',
  'POST /api/api-keys/:id/visitor-secret': 'admin',
  'DELETE /api/api-keys/:id/visitor-secret': 'admin',
  'POST /api/groups': 'admin',
  'GET /api/groups/:id': 'admin',
  'PUT /api/groups/:id': 'admin',
  'DELETE /api/groups/:id': 'admin',
  'POST /api/chat/message': 'chat',
  'POST /api/chat/stream': 'chat',
  'GET /api/conversations': 'chat',
  'POST /api/conversations': 'chat',
  'GET /api/conversations/:id': 'chat',
  'PUT /api/conversations/:id': 'chat',
  'DELETE /api/conversations/:id': 'chat',
  'GET /api/companies': 'read',
  'GET /api/companies/:id': 'read',
  'PUT /api/companies/:id': 'admin',
  'GET /api/api-keys': 'admin',
  'POST /api/api-keys': 'admin',
  'PUT /api/api-keys/:id': 'admin',
  'DELETE /api/api-keys/:id': 'admin',
  'GET /api/users': 'admin',
  'POST /api/users': 'admin',
  'GET /api/users/:id': 'admin',
  'PUT /api/users/:id': 'admin',
  'DELETE /api/users/:id': 'admin',
  'POST /api/search/web': 'chat',
  'POST /api/webhooks': 'admin',
  'GET /api/webhooks': 'admin',
  'GET /api/webhooks/:id': 'admin',
  'PATCH /api/webhooks/:id': 'admin',
  'DELETE /api/webhooks/:id': 'admin',
  'POST /api/webhooks/:id/test': 'admin',
  'GET /api/webhooks/:id/deliveries': 'admin',
  'POST /api/connectors': 'admin',
  'GET /api/connectors': 'admin',
  'GET /api/connectors/:id': 'admin',
  'PATCH /api/connectors/:id': 'admin',
  'DELETE /api/connectors/:id': 'admin',
  'POST /api/connectors/:id/sync': 'admin',
  'GET /api/connectors/:id/runs': 'admin',
  'POST /api/public/chat': 'apiKey',
  'POST /api/public/chat/stream': 'apiKey',
  'POST /api/public/search/web': 'apiKey',
  'GET /api/public/topics': 'apiKey',
  // Or a signed link (?sig=…, issue 40); without one, a key as the other public routes.
  'GET /api/public/documents/:id/file': 'apiKey',
  'PUT /api/public/messages/:messageId/feedback': 'apiKey',
  'GET /api/auth/providers': 'public',
  'POST /api/documents/:id/reprocess': 'write',
  'PUT /api/conversations/:id/messages/:messageId/feedback': 'chat',
  'GET /api/insights': 'admin',
  'GET /api/insights.csv': 'admin',
  'GET /api/insights/conversations/:id': 'admin',
  'POST /api/evaluations': 'admin',
  'POST /api/evaluations/upload': 'admin',
  'GET /api/evaluations': 'admin',
  'GET /api/evaluations/:id': 'admin',
  'DELETE /api/evaluations/:id': 'admin',
  'GET /api/audit-events': 'admin',
  'GET /api/audit-events/export': 'admin',
  'GET /app': 'public',
  // The OpenAI-compatible API: a user's Bearer token (any role) or an API key (Bearer or X-API-Key).
  'POST /v1/chat/completions': 'chatOrKey',
  'GET /v1/models': 'chatOrKey',
  'GET /app/*': 'public',
  // SCIM 2.0: a company SCIM token only (test/scim/); no user session or API key gets in.
  'GET /scim/v2/ServiceProviderConfig': 'scim',
  'GET /scim/v2/ResourceTypes': 'scim',
  'GET /scim/v2/ResourceTypes/:id': 'scim',
  'GET /scim/v2/Schemas': 'scim',
  'GET /scim/v2/Schemas/:id': 'scim',
  'GET /scim/v2/Users': 'scim',
  'POST /scim/v2/Users': 'scim',
  'GET /scim/v2/Users/:id': 'scim',
  'PUT /scim/v2/Users/:id': 'scim',
  'PATCH /scim/v2/Users/:id': 'scim',
  'DELETE /scim/v2/Users/:id': 'scim',
  'GET /scim/v2/Groups': 'scim',
  'POST /scim/v2/Groups': 'scim',
  'GET /scim/v2/Groups/:id': 'scim',
  'PUT /scim/v2/Groups/:id': 'scim',
  'PATCH /scim/v2/Groups/:id': 'scim',
  'DELETE /scim/v2/Groups/:id': 'scim',
  'GET /api/scim-tokens': 'admin',
  'POST /api/scim-tokens': 'admin',
  'POST /api/scim-tokens/:id/rotate': 'admin',
  'DELETE /api/scim-tokens/:id': 'admin',
};

type Level = 'public' | 'apiKey' | 'user' | 'read' | 'write' | 'chat' | 'chatOrKey' | 'admin' | 'scim';
type Caller = 'anonymous' | 'apiKey' | 'COMPANY_READER' | 'COMPANY_EDITOR' | 'COMPANY_ADMIN';

/** The spec's RBAC table, per level: which callers get past authentication and authorization. */
const ALLOWED: Record<Level, Caller[]> = {
  public: ['anonymous', 'apiKey', 'COMPANY_READER', 'COMPANY_EDITOR', 'COMPANY_ADMIN'],
  apiKey: ['apiKey'],
  user: ['COMPANY_READER', 'COMPANY_EDITOR', 'COMPANY_ADMIN'],
  read: ['COMPANY_READER', 'COMPANY_EDITOR', 'COMPANY_ADMIN'],
  chat: ['COMPANY_READER', 'COMPANY_EDITOR', 'COMPANY_ADMIN'],
  chatOrKey: ['apiKey', 'COMPANY_READER', 'COMPANY_EDITOR', 'COMPANY_ADMIN'],
  write: ['COMPANY_EDITOR', 'COMPANY_ADMIN'],
  admin: ['COMPANY_ADMIN'],
  scim: [],
};

for (const postgres of [false, true]) {
  t.test(`role × route matrix (${postgres ? 'PostgreSQL' : 'PGlite'})`, async (t) => {
    const { app } = await buildTestApp(t, { postgres });
    const admin = await signUp(app);
    const editor = await addUser(app, admin, 'COMPANY_EDITOR');
    const reader = await addUser(app, admin, 'COMPANY_READER');
    const key = await app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: admin.headers,
      payload: { name: 'matrix', environment: 'test', allDocuments: true },
    });
    const headers: Record<Caller, Record<string, string>> = {
      anonymous: {},
      apiKey: { 'x-api-key': key.json().data.key },
      COMPANY_READER: reader.headers,
      COMPANY_EDITOR: editor.headers,
      COMPANY_ADMIN: admin.headers,
    };

    const routes = app.routeTable.map((r) => `${r.method} ${r.url}`);
    const missing = routes.filter((r) => !(r in EXPECTED));
    t.same(missing, [], 'every route has a line in EXPECTED (add new routes there)');
    t.same(
      Object.keys(EXPECTED).filter((r) => !routes.includes(r)),
      [],
      'no line in EXPECTED names a route that is gone',
    );

    // `{}` is a valid refresh body (the console's cookie mode) whose missing token is a 401 by
    // design; an empty token is what stops at validation there.
    const INVALID_BODIES: Record<string, object> = { 'POST /api/auth/refresh': { refreshToken: '' } };
    // Logout ends the caller's session: last, so the other routes still see live sessions.
    const ordered = routes
      .filter((r) => r in EXPECTED)
      .sort((a, b) => Number(a.endsWith('/logout')) - Number(b.endsWith('/logout')));
    for (const route of ordered) {
      const [method, path] = route.split(' ') as [string, string];
      const url =
        path === '*'
          ? '/api/health'
          : path.replace(':id', 'nope_0000').replace(':messageId', 'nope_0001').replace('*', 'index.html');
      for (const caller of Object.keys(headers) as Caller[]) {
        const res = await app.inject({
          method: method as 'GET',
          url,
          headers: headers[caller],
          // A body that fails validation: allowed callers stop at 400, so nothing is changed.
          ...(method === 'POST' || method === 'PUT' ? { payload: INVALID_BODIES[route] ?? {} } : {}),
        });
        const allowed = ALLOWED[EXPECTED[route]!].includes(caller);
        if (allowed) {
          t.notOk([401, 403].includes(res.statusCode), `${route} as ${caller}: allowed (${res.statusCode})`);
        } else {
          const expected =
            caller === 'anonymous' ||
            caller === 'apiKey' ||
            EXPECTED[route] === 'apiKey' ||
            EXPECTED[route] === 'scim'
              ? 401
              : 403;
          t.equal(res.statusCode, expected, `${route} as ${caller}: ${expected}`);
          if (expected === 403) t.equal(res.json().error.currentRole, caller);
        }
      }
    }
  });
}
