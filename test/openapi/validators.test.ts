import t from 'tap';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
    const report = JSON.parse(run.stdout) as { totals: { errors: number; warnings: number } };
    t.same(report.totals, { ...report.totals, errors: 0, warnings: 0 }, 'no errors, no warnings');
  });
});
