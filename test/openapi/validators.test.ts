import t from 'tap';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { exportOpenApi } from '../../scripts/openapi-export.ts';

/**
 * The document validates, with no skips, in openapi-generator (the jar of PyPI's
 * `openapi-generator-cli`, its `validate` command: what `generate` runs unless told
 * `--skip-validate-spec`) and in Redocly's recommended ruleset with no warning. Spectral (oas and
 * OWASP) is spectral.test.ts. The tools are installed by .ci/run; absent, the check is skipped.
 */

const OPENAPI_GENERATOR = resolve('.venv-generators/bin/openapi-generator-cli');
const REDOCLY = resolve('.tools-generators/node_modules/.bin/redocly');
const HINT = 'run .ci/run (it installs .venv-generators and .tools-generators)';

t.test('openapi-generator and Redocly accept the document', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'cograg-validate-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(await exportOpenApi()));

  await t.test(
    'openapi-generator validate',
    { skip: existsSync(OPENAPI_GENERATOR) ? false : HINT },
    async (t) => {
      const run = spawnSync(OPENAPI_GENERATOR, ['validate', '-i', file], { encoding: 'utf8' });
      if (run.status !== 0) t.comment(run.stdout + run.stderr);
      t.equal(run.status, 0, 'validate exits 0');
      t.match(run.stdout, /No validation issues detected|Spec has \d+ recommendation/, 'validated');
      t.notMatch(run.stdout, /Errors:/, 'no errors');
    },
  );

  await t.test('redocly lint (recommended)', { skip: existsSync(REDOCLY) ? false : HINT }, async (t) => {
    const run = spawnSync(REDOCLY, ['lint', file, '--format=json'], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    if (run.status !== 0) t.comment(run.stderr.slice(-2000));
    t.equal(run.status, 0, 'redocly exits 0');
    const report = JSON.parse(run.stdout) as RedoclyReport;
    const document = JSON.parse(readFileSync(file, 'utf8')) as OpenApiDocument;
    const problems = report.problems.filter((problem) => !isRedirectOnly(problem, document));
    t.same(
      problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer ?? ''}`),
      [],
      'no errors, no warnings (but a 2xx missing from a browser redirect)',
    );
    t.equal(report.totals.errors, 0, 'no errors');
  });
});

interface RedoclyReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; location: { pointer: string }[] }[];
}
type OpenApiDocument = { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };

/**
 * Redocly's `operation-2xx-response` asks every operation for a 2xx. The OpenID Connect `start`,
 * `callback` and `logout` are browser navigations whose only success is a 302 (docs/auth.md), so
 * that warning is accepted for an operation whose responses hold a 3xx, and for no other.
 */
function isRedirectOnly(problem: RedoclyReport['problems'][number], document: OpenApiDocument): boolean {
  if (problem.ruleId !== 'operation-2xx-response') return false;
  const match = /^#\/paths\/(.+)\/(get|post|put|patch|delete)\/responses$/.exec(
    problem.location[0]?.pointer ?? '',
  );
  if (!match) return false;
  const path = match[1]!.replaceAll('~1', '/').replaceAll('~0', '~');
  const responses = document.paths[path]?.[match[2]!]?.responses ?? {};
  return Object.keys(responses).some((code) => /^3\d\d$/.test(code));
}
