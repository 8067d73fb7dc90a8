import t from 'tap';
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { exportOpenApi } from '../../scripts/openapi-export.ts';
import { generatePythonClient, PYTHON_GENERATED, PYTHON_GENERATOR } from '../../scripts/openapi-client.ts';

/**
 * The client packages (clients/typescript, clients/python) as an integrator gets them: built and
 * packed (`npm pack`; `python -m build`: an sdist and a wheel), installed from the tarballs into a
 * fresh folder, and their README examples run against a started server. The Python package's generated code is also checked to be
 * current and `mypy --strict` clean. Needs npm and PyPI (registries) for the packages'
 * dependencies, and .venv-api (.ci/run) for the Python tools.
 */

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

  await t.test('TypeScript: npm pack → npm install → README example', async (t) => {
    const pkg = resolve('clients/typescript');
    execFileSync(process.execPath, [TSC, '-p', join(pkg, 'tsconfig.json')], { stdio: 'pipe' });
    const packed = execFileSync('npm', ['pack', '--json', '--pack-destination', work], {
      cwd: pkg,
      encoding: 'utf8',
    });
    const tarball = join(work, (JSON.parse(packed) as { filename: string }[])[0]!.filename);
    t.ok(existsSync(tarball), 'a tarball');
    const app1 = join(work, 'ts-app');
    execFileSync('mkdir', ['-p', app1]);
    writeFileSync(
      join(app1, 'package.json'),
      JSON.stringify({ name: 'ts-app', private: true, type: 'module' }),
    );
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball], {
      cwd: app1,
      stdio: 'pipe',
    });
    writeFileSync(join(app1, 'example.ts'), example(join(pkg, 'README.md'), 'ts'));
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
        files: ['example.ts'],
      }),
    );
    const tsc = spawnSync(process.execPath, [TSC, '-p', app1], { encoding: 'utf8' }).stdout.trim();
    t.equal(tsc, '', 'the README example passes tsc --strict against the installed package');
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
  });

  const skipPython = existsSync(join(VENV, 'bin/mypy')) ? false : `${VENV} is missing: run .ci/run`;
  await t.test(
    'Python: generated code current, mypy --strict, sdist → pip install → README example',
    { skip: skipPython },
    async (t) => {
      const pkg = resolve('clients/python');
      if (existsSync(PYTHON_GENERATOR)) {
        const fresh = join(work, 'generated');
        generatePythonClient(await exportOpenApi(), fresh);
        const diff = execFileSync('diff', ['-r', '-q', fresh, PYTHON_GENERATED, '-x', '__pycache__'], {
          encoding: 'utf8',
        }).trim();
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
      // Built as a release is built: `python -m build` makes the sdist (a .tar.gz), then the wheel
      // from that sdist; the fresh folder installs the tarball, so a file the sdist misses fails here.
      const builder = join(work, 'py-build');
      execFileSync('python3', ['-m', 'venv', builder]);
      execFileSync(join(builder, 'bin/pip'), ['install', '-q', 'build'], { stdio: 'pipe' });
      const dist = join(work, 'dist');
      execFileSync(join(builder, 'bin/python'), ['-m', 'build', '--outdir', dist, pkg], { stdio: 'pipe' });
      const sdist = readdirSync(dist).find((f) => f.endsWith('.tar.gz'));
      t.ok(sdist, 'an sdist tarball');
      t.ok(
        readdirSync(dist).some((f) => f.endsWith('.whl')),
        'a wheel built from it',
      );
      const venv = join(work, 'py-app');
      execFileSync('python3', ['-m', 'venv', venv]);
      execFileSync(join(venv, 'bin/pip'), ['install', '-q', join(dist, sdist!)], { stdio: 'pipe' });
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
    },
  );
});
