import t from 'tap';
import { execFile, execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildTestApp, DATASETS, signUp } from '../helpers/app.ts';
import type { Site } from './casts.ts';
import { compare, RULES } from './generated-casts.ts';

/**
 * The Python virtual environment holding openapi-python-client (and mypy), as `.ci/run` creates it; created here when absent so `npm test` works alone.
 */
const VENV = resolve('.venv-api');
const python = join(VENV, 'bin/python');

function ensureVenv(): void {
  if (existsSync(join(VENV, 'bin/openapi-python-client')) && existsSync(join(VENV, 'bin/mypy'))) return;
  execFileSync('python3', ['-m', 'venv', VENV], { stdio: 'inherit' });
  execFileSync(python, ['-m', 'pip', 'install', '-q', ...PYTHON_TOOLS], { stdio: 'inherit' });
}

/** Pinned so the generated code, and so this test, do not change under us. */
const PYTHON_TOOLS = ['openapi-python-client==0.29.1', 'mypy==1.19.1'];

t.test('generated Python client against a real server', async (t) => {
  ensureVenv();
  const out = mkdtempSync(join(tmpdir(), 'cog-pyclient-'));
  t.teardown(() => {
    // KEEP_GENERATED=<dir> keeps the generated package, to inspect (or grep) after the run.
    if (process.env.KEEP_GENERATED)
      cpSync(out, join(process.env.KEEP_GENERATED, 'openapi-python-client'), { recursive: true });
    rmSync(out, { recursive: true, force: true });
  });
  // Generated from the document the started server serves, as an integrator would.
  const { app } = await buildTestApp(t, { worker: true });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  writeFileSync(join(out, 'openapi.json'), await (await fetch(`${baseUrl}/api/openapi.json`)).text());
  const pkg = join(out, 'cog_rag_client');
  const generate = (input: string, output: string) =>
    execFileSync(
      join(VENV, 'bin/openapi-python-client'),
      ['generate', '--path', input, '--output-path', output, '--meta', 'none'],
      { stdio: 'pipe' },
    );
  generate(join(out, 'openapi.json'), pkg);
  t.ok(existsSync(join(pkg, 'api/chat/stream_chat.py')), 'a client generated from the served document');

  const flow = resolve('test/openapi/python_client_flow.py');
  // mypy --strict over the flow and the whole generated package: the types line up with no casts.
  const typecheck = execFileSync(
    join(VENV, 'bin/mypy'),
    ['--strict', '--no-incremental', '--cache-dir=/dev/null', flow, pkg],
    { env: { ...process.env, MYPYPATH: out }, encoding: 'utf8' },
  );
  t.match(typecheck, /^Success/m, 'mypy --strict passes on the flow and the generated package');
  // Every cast(), Any and `# type: ignore`, found with Python's parser (python_casts.py): none in
  // the flow; in the generated package none caused by our document, the rest classified template
  // constructs that openapi-python-client writes for the typed probe document too.
  const sitesOf = (path: string): Site[] =>
    JSON.parse(execFileSync(python, [resolve('test/openapi/python_casts.py'), path], { encoding: 'utf8' }));
  t.same(sitesOf(flow), [], 'no cast(), Any or `# type: ignore` in the flow');
  generate(resolve('test/openapi/fixtures/typed-probe.json'), join(out, 'probe'));
  const sites = sitesOf(pkg);
  const casts = compare(sites, sitesOf(join(out, 'probe')), RULES['openapi-python-client']);
  t.comment([`openapi-python-client: ${casts.summary}`, ...casts.table].join('\n'));
  t.same(
    sites.filter((s) => s.kind === 'type: ignore'),
    [],
    'no `# type: ignore` in the generated package',
  );
  t.same(casts.documentCaused, [], 'no cast() or Any in the generated package comes from our document');
  t.same(casts.unclassified, [], 'every other one is a classified template construct (generated-casts.ts)');
  t.same(casts.notInProbe, [], 'and each such construct is generated for the typed probe document too');

  const admin = await signUp(app);
  const pdf = join(DATASETS, 'documents/pdf/nics-background-checks-2015-11.pdf');
  const stdout = await new Promise<string>((done, fail) => {
    // Asynchronous: the server answering the flow runs on this process's event loop.
    execFile(
      python,
      [flow, out, baseUrl, admin.email, admin.password, pdf],
      { timeout: 300_000 },
      (error, stdout, stderr) => (error ? fail(new Error(`${error.message}\n${stderr}`)) : done(stdout)),
    );
  });
  const seen = JSON.parse(stdout) as Record<string, unknown>;
  t.equal(seen.role, 'COMPANY_ADMIN', 'logged in');
  t.equal(seen.status, 'VECTORIZED', 'the PDF was ingested');
  t.equal(seen.missingCode, 'NOT_FOUND', 'errors parse into the ErrorEnvelope model');
  t.equal(seen.searchTopDocument, seen.documentId, 'search finds it');
  t.equal(seen.answered, true, 'chat/message answers');
  t.ok((seen.sources as number) > 0, 'with sources');
  t.equal(seen.refreshed, true, 'refreshed the session');
  t.equal(seen.retrySameId, true, 'the retried upload (same Idempotency-Key) is the same document');
  t.equal(seen.listed, true, 'the filtered list finds it');
  t.equal(seen.topicListed, true, 'a topic created and listed');
  t.equal(seen.streamType, 'text/event-stream');
  t.same(seen.streamKinds, ['done', 'sources', 'token'], 'stream events parse into their models');
  t.equal(seen.streamLast, 'done', 'the stream ends with done');
  t.match(seen.conversationId, /^conv_/);
  t.equal(seen.keyPrefix, 'svc_live_', 'an API key');
  t.equal(seen.publicAnswered, true, 'the public chat answers with the key');
  t.same(seen.publicStreamKinds, ['done', 'sources', 'token'], 'the public stream as typed events');
  t.equal(seen.publicStreamLast, 'done');
});
