import t, { type Test } from 'tap';
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { exportOpenApi } from '../../scripts/openapi-export.ts';
import { generatePythonClient, PYTHON_GENERATED, PYTHON_GENERATOR } from '../../scripts/openapi-client.ts';
import { CONCURRENT, futureStreamServer, PY_CHECK, TS_CHECK } from './client-checks.ts';

/**
 * The client packages (clients/typescript, clients/python) as an integrator gets them: copied as a
 * clean checkout has them (no node_modules, dist or build), built and packed there (`npm install`
 * then `npm pack`, whose prepack builds dist/; `python -m build`: an sdist, and the wheel from it),
 * the artefacts' contents and licence metadata checked, installed into a fresh folder or venv, and
 * their README examples run against a started server; then client-checks.ts (concurrent 401s share
 * one refresh; an unknown stream event is skipped). The Python package's generated code is also
 * checked to be current and `mypy --strict` clean. Needs npm and PyPI (registries) for the
 * packages' dependencies, and .venv-api (.ci/run) for the Python tools.
 */

/** A copy of a package folder as a fresh clone has it: no build output, installs or caches. */
function cleanCopy(from: string, to: string): string {
  const skip = /(^|\/)(node_modules|dist|build|__pycache__|[^/]*\.egg-info)$/;
  cpSync(from, to, { recursive: true, filter: (src) => !skip.test(src) });
  return to;
}

/** Checks the concurrency and stream results the client-checks.ts scripts print. */
function assertChecks(t: Test, out: string, rounds = 1) {
  const seen = JSON.parse(out.trim().split('\n').pop() ?? '{}') as Record<string, unknown>;
  t.same(
    seen.statuses,
    Array(CONCURRENT * rounds).fill(200),
    `${rounds} × ${CONCURRENT} concurrent calls after a 401 all succeed`,
  );
  t.equal(seen.refreshes, rounds, 'with one refresh per round');
  t.equal(seen.after, 200, 'and the session is still valid after');
  t.same(seen.kinds, ['token', 'sources', 'done'], 'an unknown stream event type is skipped, the rest read');
}

const VENV = resolve('.venv-api');
const TSC = resolve('node_modules/typescript/bin/tsc');

/** The first fenced block of `language` in a README. */
function example(readme: string, language: string): string {
  const match = new RegExp('```' + language + '\\n([\\s\\S]*?)```').exec(readFileSync(readme, 'utf8'));
  if (!match?.[1]) throw new Error(`no ${language} example in ${readme}`);
  return match[1];
}

/** Runs a command asynchronously (the server answering it lives on this event loop). */
const runAsync = (file: string, args: string[], options: { cwd?: string; env: NodeJS.ProcessEnv }) =>
  new Promise<string>((done, fail) => {
    execFile(file, args, { ...options, timeout: 300_000 }, (error, stdout, stderr) =>
      error ? fail(new Error(`${error.message}\n${stdout}\n${stderr}`)) : done(stdout),
    );
  });

t.test('client packages: built, installed from their files, README examples against a server', async (t) => {
  const { app } = await buildTestApp(t, { worker: true });
  const baseUrl = (await app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
  const work = mkdtempSync(join(tmpdir(), 'cograg-packages-'));
  t.teardown(() => rmSync(work, { recursive: true, force: true }));

  const future = await futureStreamServer();
  t.teardown(() => future.server.close());

  await t.test(
    'TypeScript: clean copy → npm install → npm pack → install elsewhere → README example',
    async (t) => {
      const source = resolve('clients/typescript');
      const pkg = cleanCopy(source, join(work, 'ts-clone'));
      // As from a fresh clone: the dev dependencies (TypeScript) come from the package's own install,
      // and `npm pack` builds dist/ in its prepack script.
      execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], {
        cwd: pkg,
        stdio: 'pipe',
      });
      const packed = execFileSync('npm', ['pack', '--json', '--pack-destination', work], {
        cwd: pkg,
        encoding: 'utf8',
      });
      const manifest = (JSON.parse(packed) as { filename: string; files: { path: string }[] }[])[0]!;
      const files = manifest.files.map((f) => f.path);
      for (const file of [
        'dist/index.js',
        'dist/index.d.ts',
        'dist/session.js',
        'dist/sse.js',
        'schema.d.ts',
        'LICENSE',
      ])
        t.ok(files.includes(file), `the tarball holds ${file}`);
      const meta = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as Record<string, unknown>;
      t.ok(meta.license, 'licence metadata');
      t.equal(meta.types, './dist/index.d.ts', 'types');
      const tarball = join(work, manifest.filename);
      t.ok(existsSync(tarball), 'a tarball');
      const app1 = join(work, 'ts-app');
      mkdirSync(app1);
      writeFileSync(
        join(app1, 'package.json'),
        JSON.stringify({ name: 'ts-app', private: true, type: 'module' }),
      );
      execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball], {
        cwd: app1,
        stdio: 'pipe',
      });
      writeFileSync(join(app1, 'example.ts'), example(join(source, 'README.md'), 'ts'));
      writeFileSync(join(app1, 'check.ts'), TS_CHECK);
      // The example type-checks against the installed package under --strict, then runs.
      writeFileSync(
        join(app1, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            noEmit: true,
            target: 'es2022',
            module: 'nodenext',
            lib: ['es2022', 'dom'],
            // The example reads process.env: Node's types, from the repository's @types/node.
            types: ['node'],
            typeRoots: [resolve('node_modules/@types')],
            skipLibCheck: false,
          },
          files: ['example.ts', 'check.ts'],
        }),
      );
      const tsc = spawnSync(process.execPath, [TSC, '-p', app1], { encoding: 'utf8' }).stdout.trim();
      t.equal(tsc, '', 'the README example (and the checks) pass tsc --strict against the installed package');
      const admin = await signUp(app);
      const out = await runAsync(process.execPath, ['example.ts'], {
        cwd: app1,
        env: {
          ...process.env,
          COG_RAG_URL: baseUrl,
          COG_RAG_EMAIL: admin.email,
          COG_RAG_PASSWORD: admin.password,
        },
      });
      t.match(out, /document doc_\w+: VECTORIZED/, 'uploaded and processed');
      t.match(out, /sources: Refund policy/, 'the stream’s sources event');
      t.match(out, /done: conversation conv_\w+/, 'the stream ends with done');
      const checked = await runAsync(
        process.execPath,
        ['check.ts', baseUrl, admin.email, admin.password, future.url],
        { cwd: app1, env: process.env },
      );
      assertChecks(t, checked);
    },
  );

  const skipPython = existsSync(join(VENV, 'bin/mypy')) ? false : `${VENV} is missing: run .ci/run`;
  await t.test(
    'Python: generated code current, mypy --strict, sdist → pip install → README example',
    { skip: skipPython },
    async (t) => {
      const pkg = resolve('clients/python');
      if (existsSync(PYTHON_GENERATOR)) {
        const fresh = join(work, 'generated');
        generatePythonClient(await exportOpenApi(), fresh);
        // spawnSync: a difference fails this assertion and the package is still built and run.
        const diff = spawnSync('diff', ['-r', '-q', fresh, PYTHON_GENERATED, '-x', '__pycache__'], {
          encoding: 'utf8',
        }).stdout.trim();
        t.equal(diff, '', 'the committed generated code is current (`npm run openapi:client`)');
      }
      const mypy = execFileSync(
        join(VENV, 'bin/mypy'),
        ['--strict', '--no-incremental', '--cache-dir=/dev/null', 'cog_rag_client'],
        {
          cwd: pkg,
          encoding: 'utf8',
        },
      );
      t.match(mypy, /^Success/m, 'mypy --strict passes on the package, generated code included');
      // Built as a release is built, from a clean copy: `python -m build` makes the sdist (a
      // .tar.gz), then the wheel from that sdist, so a file the sdist misses fails here.
      const builder = join(work, 'py-build');
      execFileSync('python3', ['-m', 'venv', builder]);
      execFileSync(join(builder, 'bin/pip'), ['install', '-q', 'build==1.6.1'], { stdio: 'pipe' });
      const dist = join(work, 'dist');
      const clone = cleanCopy(pkg, join(work, 'py-clone'));
      execFileSync(join(builder, 'bin/python'), ['-m', 'build', '--outdir', dist, clone], { stdio: 'pipe' });
      const sdist = readdirSync(dist).find((f) => f.endsWith('.tar.gz'));
      const wheel = readdirSync(dist).find((f) => f.endsWith('.whl'));
      t.ok(sdist, 'an sdist tarball');
      t.ok(wheel, 'a wheel built from it');
      const sdistFiles = execFileSync('tar', ['-tzf', join(dist, sdist!)], { encoding: 'utf8' });
      t.match(sdistFiles, /\/LICENSE\n/, 'the sdist holds the licence');
      t.match(sdistFiles, /cog_rag_client\/py\.typed\n/, 'the typing marker (PEP 561, the whole package)');
      t.match(
        sdistFiles,
        /cog_rag_client\/generated\/api\/chat\/send_chat_message\.py\n/,
        'and the generated package',
      );
      const metadata = execFileSync(
        join(builder, 'bin/python'),
        [
          '-c',
          'import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); print(next(z.read(n).decode() for n in z.namelist() if n.endswith(".dist-info/METADATA")))',
          join(dist, wheel!),
        ],
        { encoding: 'utf8' },
      );
      t.match(metadata, /^License-Expression: LicenseRef-Proprietary$/m, 'the wheel’s licence metadata');
      t.match(metadata, /^License-File: LICENSE$/m, 'and its licence file');
      const venv = join(work, 'py-app');
      execFileSync('python3', ['-m', 'venv', venv]);
      execFileSync(join(venv, 'bin/pip'), ['install', '-q', join(dist, wheel!)], { stdio: 'pipe' });
      // verify_webhook against the Standard Webhooks test vector (docs/webhooks.md), then a forged body.
      const vector = [
        'from cog_rag_client import verify_webhook',
        "h = {'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek', 'webhook-timestamp': '1614265330', 'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE='}",
        "s = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'",
        'print(verify_webhook(s, h, b\'{"test": 2432232314}\', now=1614265330), verify_webhook(s, h, b\'{"test": 1}\', now=1614265330))',
      ].join('\n');
      const verified = execFileSync(join(venv, 'bin/python'), ['-c', vector], { encoding: 'utf8' }).trim();
      t.equal(verified, 'True False', 'verify_webhook accepts the test vector and refuses a changed body');
      writeFileSync(join(work, 'example.py'), example(join(pkg, 'README.md'), 'python'));
      const admin = await signUp(app);
      const out = await runAsync(join(venv, 'bin/python'), [join(work, 'example.py')], {
        cwd: work,
        env: {
          ...process.env,
          COG_RAG_URL: baseUrl,
          COG_RAG_EMAIL: admin.email,
          COG_RAG_PASSWORD: admin.password,
        },
      });
      t.match(out, /document doc_\w+: VECTORIZED/, 'uploaded and processed');
      t.match(out, /done: conversation conv_\w+/, 'the stream ends with done');
      writeFileSync(join(work, 'check.py'), PY_CHECK);
      const checked = await runAsync(
        join(venv, 'bin/python'),
        [join(work, 'check.py'), baseUrl, admin.email, admin.password, future.url],
        { cwd: work, env: process.env },
      );
      assertChecks(t, checked, 2);
    },
  );
});
