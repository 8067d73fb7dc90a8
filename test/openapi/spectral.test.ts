import t from 'tap';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { exportOpenApi } from '../../scripts/openapi-export.ts';

interface Finding {
  code: string;
  severity: number;
  path: string[];
  message: string;
}

const SPECTRAL = resolve('node_modules/.bin/spectral');

/**
 * OWASP warnings we keep, each with its reason in docs/api.md ("Spectral"): free-text strings
 * (names, messages, answers) have no format or pattern to give, and the operations that take no
 * credential (health, readiness, signing in and up) are anonymous by design.
 */
const KEPT_OWASP_WARNINGS = new Set([
  'owasp:api4:2023-string-restricted',
  'owasp:api8:2023-define-error-responses-401',
  'owasp:api2:2023-read-restricted',
  'owasp:api2:2023-write-restricted',
]);

/** The only operations allowed to be anonymous: `security: []` anywhere else fails the test. */
const ANONYMOUS_OPERATIONS = [
  'paths./api/health.get.security',
  'paths./api/ready.get.security',
  'paths./api/auth/login.post.security',
  'paths./api/auth/register.post.security',
  'paths./api/auth/refresh.post.security',
  'paths./api/auth/accept-invitation.post.security',
  // Accounts (issue 40): reading an invitation before accepting it, forgotten passwords.
  'paths./api/auth/invitation.post.security',
  'paths./api/auth/forgot-password.post.security',
  'paths./api/auth/reset-password.post.security',
  'paths./api/auth/google.post.security',
  'paths./api/auth/microsoft.post.security',
  'paths./api/auth/ldap.post.security',
  // The OpenID Connect browser flow: redirects, before anyone is signed in (issue 39).
  'paths./api/auth/oidc/{provider}/start.get.security',
  'paths./api/auth/oidc/{provider}/callback.get.security',
  'paths./api/auth/oidc/{provider}/logout.get.security',
  // Which sign-in buttons to show, before anyone is signed in (public client ids only).
  'paths./api/auth/providers.get.security',
];

function lint(file: string, ruleset: string): Finding[] {
  // spectral exits 1 when it finds something at or above --fail-severity; we count instead.
  const out = execFileSync(
    SPECTRAL,
    ['lint', file, '-r', resolve('test/openapi', ruleset), '-f', 'json', '--fail-severity', 'error', '-q'],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] },
  ).trim();
  return out ? (JSON.parse(out) as Finding[]) : [];
}

const show = (findings: Finding[]) =>
  findings
    .slice(0, 20)
    .map((f) => `${f.code} at ${f.path.join('.')}: ${f.message}`)
    .join('\n');

t.test('Spectral: spectral:oas 0 warnings, OWASP 0 errors', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'cograg-spectral-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(await exportOpenApi()));

  const oas = lint(file, 'spectral-oas.yaml').filter((f) => f.severity <= 1);
  t.equal(oas.length, 0, `spectral:oas errors and warnings:\n${show(oas)}`);

  const owasp = lint(file, 'spectral-owasp.yaml');
  const errors = owasp.filter((f) => f.severity === 0);
  t.equal(errors.length, 0, `OWASP errors:\n${show(errors)}`);
  const unexplained = owasp.filter((f) => f.severity === 1 && !KEPT_OWASP_WARNINGS.has(f.code));
  t.equal(unexplained.length, 0, `OWASP warnings not listed in docs/api.md:\n${show(unexplained)}`);
  const anonymous = owasp
    .filter(
      (f) => f.code === 'owasp:api2:2023-read-restricted' || f.code === 'owasp:api2:2023-write-restricted',
    )
    .map((f) => f.path.join('.'))
    .sort();
  t.same(anonymous, [...ANONYMOUS_OPERATIONS].sort(), 'only health, readiness and sign-in are anonymous');
});
