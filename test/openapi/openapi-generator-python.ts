import { execFile, execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { signUp } from '../helpers/app.ts';
import type { Site } from './casts.ts';
import { compare, RULES } from './generated-casts.ts';

/**
 * openapi-generator's `python` client (pydantic 2 + urllib3), the sixth generator of
 * generators.test.ts: generated from the served document with validation on, then
 * openapi_generator_python_flow.py drives the whole flow with it against the started server after
 * `mypy --strict` passes on the flow (the generated package is followed silently: its templates
 * are not written for --strict, e.g. untyped `__init__`s). Every `Any`, `cast()` and
 * `# type: ignore` in the generated package is classified (generated-casts.ts), none from our
 * document. The jar and the client's runtime come from `.venv-generators` (.ci/run).
 */

const VENV = resolve('.venv-generators');
/** The client's runtime (its generated requirements.txt) and the checker, pinned; .ci/run installs them. */
export const OPENAPI_GENERATOR_PYTHON_PIP = [
  'openapi-generator-cli==7.26.0',
  'urllib3==2.7.0',
  'python-dateutil==2.9.0.post0',
  'pydantic==2.14.4',
  'mypy==1.19.1',
  'types-python-dateutil==2.9.0.20261116',
];
/** Skip reason when the tools are absent (or false). */
export const skipOpenapiGeneratorPython = () =>
  existsSync(join(VENV, 'bin/mypy')) && existsSync(join(VENV, 'bin/openapi-generator-cli'))
    ? false
    : `${VENV} lacks the python client's tools: run .ci/run, or ${VENV}/bin/pip install ${OPENAPI_GENERATOR_PYTHON_PIP.join(' ')}`;

const PACKAGE = 'cog_rag_og';

/** Runs the whole check; `served` is the document the server at `baseUrl` serves. */
export async function runOpenapiGeneratorPython(
  t: Test,
  app: FastifyInstance,
  baseUrl: string,
  served: string,
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'cograg-ogpy-'));
  t.teardown(() => {
    if (process.env.KEEP_GENERATED)
      cpSync(dir, join(process.env.KEEP_GENERATED, 'openapi-generator_python'), { recursive: true });
    rmSync(dir, { recursive: true, force: true });
  });
  writeFileSync(join(dir, 'openapi.json'), served);
  const generate = (input: string, out: string) =>
    execFileSync(
      join(VENV, 'bin/openapi-generator-cli'),
      ['generate', '-g', 'python', '-i', input, '-o', out, `--additional-properties=packageName=${PACKAGE}`],
      { cwd: dir, stdio: 'pipe', maxBuffer: 64 * 1024 * 1024 },
    );
  generate('openapi.json', 'gen');
  generate(resolve('test/openapi/fixtures/typed-probe.json'), 'probe');

  const flow = resolve('test/openapi/openapi_generator_python_flow.py');
  const python = join(VENV, 'bin/python');
  const sitesOf = (path: string): Site[] =>
    JSON.parse(execFileSync(python, [resolve('test/openapi/python_casts.py'), path], { encoding: 'utf8' }));
  t.same(sitesOf(flow), [], 'no cast(), Any or `# type: ignore` in the flow');
  const sites = sitesOf(join(dir, 'gen', PACKAGE));
  const casts = compare(sites, sitesOf(join(dir, 'probe', PACKAGE)), RULES['openapi-generator-python']);
  t.comment([`openapi-generator python: ${casts.summary}`, ...casts.table].join('\n'));
  t.same(
    casts.documentCaused,
    [],
    'no Any, cast() or `# type: ignore` in the generated code comes from our document',
  );
  t.same(casts.unclassified, [], 'every other one is a classified template construct (generated-casts.ts)');
  t.same(casts.notInProbe, [], 'and each such construct is generated for the typed probe document too');

  const typecheck = execFileSync(
    join(VENV, 'bin/mypy'),
    ['--strict', '--follow-imports=silent', '--no-incremental', '--cache-dir=/dev/null', flow],
    { env: { ...process.env, MYPYPATH: join(dir, 'gen') }, encoding: 'utf8' },
  );
  t.match(typecheck, /^Success/m, 'mypy --strict passes on the flow against the generated types');

  const admin = await signUp(app);
  const stdout = await new Promise<string>((done, fail) => {
    execFile(
      python,
      [flow, join(dir, 'gen'), baseUrl, admin.email, admin.password],
      { timeout: 300_000 },
      (error, out, err) => (error ? fail(new Error(`${error.message}\n${err}`)) : done(out)),
    );
  });
  const seen = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as Record<string, unknown>;
  t.equal(seen.role, 'COMPANY_ADMIN', 'logged in (the envelope validates)');
  t.equal(seen.refreshed, true, 'refreshed the session');
  t.equal(seen.retrySameId, true, 'the retried upload (same Idempotency-Key) is the same document');
  t.equal(seen.status, 'VECTORIZED', 'the upload was processed');
  t.equal(seen.listed, true, 'the filtered list finds it');
  t.equal(seen.topicListed, true, 'a topic created and listed');
  t.equal(seen.answered, true, 'chat/message answers');
  t.same(seen.streamKinds, ['done', 'sources', 'token'], 'the stream as typed events');
  t.equal(seen.streamLast, 'done');
  t.match(seen.conversationId, /^conv_/);
  t.equal(seen.keyPrefix, 'svc_live_', 'an API key');
  t.same(seen.publicStreamKinds, ['done', 'sources', 'token'], 'the public stream as typed events');
  t.equal(seen.publicStreamLast, 'done');
}
