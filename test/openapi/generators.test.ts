import t from 'tap';
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { castSitesIn, findCasts } from './casts.ts';
import { compare, RULES, type GeneratorName } from './generated-casts.ts';
import { runOpenapiGeneratorPython, skipOpenapiGeneratorPython } from './openapi-generator-python.ts';

/**
 * Issue 25's generator test: clients generated from the served `/api/openapi.json` by four
 * TypeScript generators (openapi-generator with two option sets) and openapi-generator's `python`
 * (issue 38: openapi-generator-python.ts, the same flow in Python), each driving the whole flow (test/openapi/flows/*.ts: login, refresh,
 * multipart upload with Idempotency-Key, poll to VECTORIZED, filtered lists, topics, chat/message,
 * both SSE streams as typed `ChatStreamEvent`s, API keys) against a started server, after
 * `tsc --strict` passes on the flow and the generated code. Every cast, `any` and checker directive
 * in the generated code is classified (generated-casts.ts): none may come from our document, and
 * each template construct must occur for test/openapi/fixtures/typed-probe.json too, which each
 * generator also generates here; the counts are printed. The generators come from
 * `.tools-generators` (npm) and `.venv-generators` (PyPI's openapi-generator-cli), which .ci/run
 * installs; a generator that is absent is skipped with the command that installs it.
 * openapi-python-client runs the same flow in python-client.test.ts; the six generators and
 * whether each ran are printed at the end.
 */

const TOOLS = resolve('.tools-generators/node_modules/.bin');
const OPENAPI_GENERATOR = resolve('.venv-generators/bin/openapi-generator-cli');
const INSTALL_HINT =
  'run .ci/run, or: (cd .tools-generators && npm install); python3 -m venv .venv-generators && .venv-generators/bin/pip install openapi-generator-cli==7.26.0';

interface Generator {
  name: string;
  flow: string;
  tool: string;
  /** Which rules classify its casts (generated-casts.ts). */
  rules: GeneratorName;
  /** Writes the client for `dir/<input>` into `dir/<out>`. */
  generate(dir: string, baseUrl: string, input: string, out: string): void;
}

const run = (file: string, args: string[], cwd: string) =>
  execFileSync(file, args, { cwd, stdio: 'pipe', encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

/** openapi-generator's typescript-fetch: validation on (no --skip-validate-spec), so an invalid document fails here. */
const openapiGenerator =
  (...options: string[]) =>
  (dir: string, _baseUrl: string, input: string, out: string) =>
    run(OPENAPI_GENERATOR, ['generate', '-g', 'typescript-fetch', '-i', input, '-o', out, ...options], dir);

const GENERATORS: Generator[] = [
  {
    name: 'openapi-typescript + openapi-fetch',
    flow: 'openapi-fetch.ts',
    tool: resolve('node_modules/.bin/openapi-typescript'),
    rules: 'openapi-typescript',
    generate: (dir, _baseUrl, input, out) =>
      run(
        resolve('node_modules/.bin/openapi-typescript'),
        [input, '-o', `${out}/schema.ts`, '--default-non-nullable', 'false'],
        dir,
      ),
  },
  {
    name: '@hey-api/openapi-ts',
    flow: 'hey-api.ts',
    tool: join(TOOLS, 'openapi-ts'),
    rules: 'hey-api',
    // client-fetch: the fewest casts of its clients (0.99: fetch 39, ky 43, axios 42 plus 5
    // expect-error directives, next 44 plus 1, ofetch 71; docs/api.md "Generators").
    generate: (dir, _baseUrl, input, out) =>
      run(join(TOOLS, 'openapi-ts'), ['-i', input, '-o', out, '-c', '@hey-api/client-fetch'], dir),
  },
  {
    name: 'orval (fetch)',
    flow: 'orval.ts',
    tool: join(TOOLS, 'orval'),
    rules: 'orval',
    generate: (dir, baseUrl, input, out) => {
      const config = {
        cog: {
          input: { target: `./${input}` },
          output: {
            target: `./${out}/api.ts`,
            client: 'fetch',
            mode: 'single',
            baseUrl: baseUrl.replace(/\/$/, ''),
          },
        },
      };
      writeFileSync(join(dir, `${out}.orval.config.mjs`), `export default ${JSON.stringify(config)};\n`);
      run(join(TOOLS, 'orval'), ['--config', `${out}.orval.config.mjs`], dir);
    },
  },
  {
    name: 'openapi-generator typescript-fetch',
    flow: 'openapi-generator.ts',
    tool: OPENAPI_GENERATOR,
    rules: 'openapi-generator',
    generate: openapiGenerator(),
  },
  {
    // The same flow on the options that leave out the models' FromJSON/ToJSON (and their
    // `json: any`): payloads are the parsed JSON, dates stay ISO strings (docs/api.md).
    name: 'openapi-generator typescript-fetch (withoutRuntimeChecks, dateLibrary=string)',
    flow: 'openapi-generator.ts',
    tool: OPENAPI_GENERATOR,
    rules: 'openapi-generator',
    generate: openapiGenerator('--additional-properties=withoutRuntimeChecks=true,dateLibrary=string'),
  },
];

const PROBE = resolve('test/openapi/fixtures/typed-probe.json');

const TSCONFIG = {
  compilerOptions: {
    strict: true,
    noEmit: true,
    target: 'es2023',
    module: 'esnext',
    moduleResolution: 'bundler',
    allowImportingTsExtensions: true,
    lib: ['es2023', 'dom', 'dom.iterable'],
    types: ['node'],
    skipLibCheck: true,
  },
  include: ['flow.ts', 'common.ts', 'gen/**/*.ts'],
};

t.test('generated clients drive the whole flow, typed, against a started server', async (t) => {
  const { app } = await buildTestApp(t, { worker: true });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const served = await (await fetch(`${baseUrl}/api/openapi.json`)).text();

  const ran: string[] = [];
  for (const generator of GENERATORS) {
    const skip = existsSync(generator.tool) ? false : `${generator.tool} is not installed: ${INSTALL_HINT}`;
    if (!skip) ran.push(generator.name);
    await t.test(generator.name, { skip }, async (t) => {
      const dir = mkdtempSync(join(tmpdir(), 'cograg-gen-'));
      t.teardown(() => {
        // KEEP_GENERATED=<dir> keeps each client and its flow, to inspect (or grep) after the run.
        if (process.env.KEEP_GENERATED)
          cpSync(dir, join(process.env.KEEP_GENERATED, generator.name.replace(/[^\w.-]+/g, '_')), {
            recursive: true,
            filter: (src) => !src.endsWith('node_modules'),
          });
        rmSync(dir, { recursive: true, force: true });
      });
      writeFileSync(join(dir, 'openapi.json'), served);
      cpSync(PROBE, join(dir, 'probe.json'));
      symlinkSync(resolve('node_modules'), join(dir, 'node_modules'));
      generator.generate(dir, baseUrl, 'openapi.json', 'gen');
      generator.generate(dir, baseUrl, 'probe.json', 'probe');
      cpSync(resolve('test/openapi/flows/common.ts'), join(dir, 'common.ts'));
      cpSync(resolve('test/openapi/flows', generator.flow), join(dir, 'flow.ts'));
      writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG));

      // The flow itself: no cast, no `any`, no directive that silences the checker.
      const flowSource =
        readFileSync(join(dir, 'flow.ts'), 'utf8') + readFileSync(join(dir, 'common.ts'), 'utf8');
      t.same(
        findCasts(join(dir, 'flow.ts')).concat(findCasts(join(dir, 'common.ts'))),
        [],
        'no casts or any in the flow',
      );
      t.notMatch(flowSource, /@ts-(nocheck|ignore|expect-error)/, 'no checker directives in the flow');
      // The generated code: every cast, `any` and directive classified; none caused by our document.
      const sites = castSitesIn(join(dir, 'gen'));
      const casts = compare(sites, castSitesIn(join(dir, 'probe')), RULES[generator.rules]);
      t.comment([`${generator.name}: ${casts.summary}`, ...casts.table].join('\n'));
      t.same(
        sites.filter((s) => s.kind === '@ts-nocheck'),
        [],
        'no @ts-nocheck in the generated code',
      );
      t.same(
        casts.documentCaused,
        [],
        'no cast, any or directive in the generated code comes from our document',
      );
      t.same(
        casts.unclassified,
        [],
        'every other one is a classified template construct (generated-casts.ts)',
      );
      t.same(casts.notInProbe, [], 'and each such construct is generated for the typed probe document too');

      const tsc = spawnSync(process.execPath, [resolve('node_modules/typescript/bin/tsc'), '-p', dir], {
        encoding: 'utf8',
      }).stdout.trim();
      t.equal(tsc, '', 'tsc --strict passes on the flow and the generated code');

      run(
        resolve('node_modules/.bin/esbuild'),
        [
          'flow.ts',
          '--bundle',
          '--platform=node',
          '--format=esm',
          '--target=node22',
          '--outfile=flow.mjs',
          '--log-level=error',
        ],
        dir,
      );
      const admin = await signUp(app);
      const stdout = await new Promise<string>((done, fail) => {
        execFile(
          process.execPath,
          [join(dir, 'flow.mjs'), baseUrl, admin.email, admin.password],
          { timeout: 300_000 },
          (error, out, err) => (error ? fail(new Error(`${error.message}\n${err}`)) : done(out)),
        );
      });
      const seen = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as Record<string, unknown>;
      t.equal(seen.role, 'COMPANY_ADMIN', 'logged in');
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
    });
  }
  const skipPython = skipOpenapiGeneratorPython();
  if (!skipPython) ran.push('openapi-generator python');
  await t.test('openapi-generator python', { skip: skipPython }, (t) =>
    runOpenapiGeneratorPython(t, app, baseUrl, served),
  );
  t.comment(
    `full flow, zero casts in the flows, none from the document: ${ran.join('; ')} ` +
      '(openapi-python-client: python-client.test.ts)',
  );
});
