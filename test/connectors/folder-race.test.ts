import t from 'tap';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { Test } from 'tap';
import { folderSource } from '../../src/connectors/sources/folder.ts';
import { SourceItemError, type ListContext, type SourceItem } from '../../src/connectors/types.ts';
import { connectorApp, createConnector, syncAndWait } from './helpers.ts';

/**
 * The folder connector's path safety (issue 36): someone who can write into the synced share swaps
 * a sub-directory for a symbolic link to a folder outside the operator's roots — before, between
 * or during listings and fetches, thousands of times. Nothing outside the roots is ever listed or
 * read, and the secret's content never becomes a document.
 */

interface Layout {
  root: string;
  share: string;
  sub: string;
  stash: string;
  outside: string;
  secret: string;
}

/** A root with share/{top.txt, sub/note.txt}, and outside it a folder with note.txt and secret.txt holding a secret. */
function layout(t: Test): Layout {
  const root = mkdtempSync(join(tmpdir(), 'cograg-roots-'));
  const outside = mkdtempSync(join(tmpdir(), 'cograg-outside-'));
  t.teardown(() => [root, outside].forEach((d) => rmSync(d, { recursive: true, force: true })));
  const share = join(root, 'share');
  const sub = join(share, 'sub');
  mkdirSync(sub, { recursive: true });
  writeFileSync(join(share, 'top.txt'), 'Top: the loading dock opens at six in the morning.');
  writeFileSync(join(sub, 'note.txt'), 'Note: the archive room is on the second floor.');
  const secret = `TOPSECRET-${randomBytes(8).toString('hex')}`;
  // Same name as the file inside (a fetch through the swapped folder would read it), and one more.
  writeFileSync(join(outside, 'note.txt'), `Outside note: ${secret} the signing key.`);
  writeFileSync(join(outside, 'secret.txt'), `Secret: ${secret} the signing key.`);
  return { root, share, sub, stash: join(root, 'stash'), outside, secret };
}

/**
 * A worker thread that swaps `sub` for a link to `outside` and back as fast as it can, until
 * stopped. `dwellMs`: time spent in each state (real folder, link), so that a sync's listing sees
 * the folder and its fetch may meet the link; `touch`: rewrites sub/note.txt after every swap back,
 * so each sync has it to fetch again.
 * @returns stop(), which ends the loop, leaves `sub` a real folder and gives the swap count.
 */
function racer(l: Layout, options: { touch?: boolean; dwellMs?: number } = {}) {
  const state = new Int32Array(new SharedArrayBuffer(8));
  const worker = new Worker(
    `const { workerData: w } = require('node:worker_threads');
     const fs = require('node:fs');
     const dwell = () => w.dwellMs && Atomics.wait(w.state, 0, 0, w.dwellMs);
     let n = 0;
     while (Atomics.load(w.state, 0) === 0) {
       fs.renameSync(w.sub, w.stash);
       fs.symlinkSync(w.outside, w.sub);
       dwell();
       fs.unlinkSync(w.sub);
       fs.renameSync(w.stash, w.sub);
       if (w.touch) fs.writeFileSync(w.sub + '/note.txt', 'Note: the archive room is on floor ' + n + '.');
       Atomics.store(w.state, 1, ++n);
       dwell();
     }`,
    { eval: true, workerData: { ...l, state, touch: options.touch ?? false, dwellMs: options.dwellMs ?? 0 } },
  );
  const ended = new Promise<void>((resolve, reject) => {
    worker.on('exit', () => resolve());
    worker.on('error', reject);
  });
  return {
    swaps: () => Atomics.load(state, 1),
    async stop() {
      Atomics.store(state, 0, 1);
      await ended;
      return Atomics.load(state, 1);
    },
  };
}

const listContext = (): ListContext & { skipped: string[] } => {
  const skipped: string[] = [];
  return {
    limits: { maxItems: 1000, maxBytes: 1e9, maxDepth: 5, maxItemBytes: 1e7 },
    known: () => undefined,
    incomplete: (where, reason) => skipped.push(`${where}: ${reason}`),
    signal: new AbortController().signal,
    skipped,
  };
};

async function listAll(source: ReturnType<typeof folderSource>) {
  const items: SourceItem[] = [];
  for await (const item of source.list(listContext())) items.push(item);
  return items;
}

t.test('folder: a static link in place of a listed sub-folder is neither listed nor read', async (t) => {
  const l = layout(t);
  const source = folderSource({ path: l.share, include: [], exclude: [] }, [l.root]);
  const listed = await listAll(source);
  t.same(listed.map((i) => i.key).sort(), ['sub/note.txt', 'top.txt']);
  const note = listed.find((i) => i.key === 'sub/note.txt')!;

  // Between the listing and the fetch, sub becomes a link to the outside folder.
  renameSync(l.sub, l.stash);
  symlinkSync(l.outside, l.sub);
  await t.rejects(source.fetch(note, 1e7), SourceItemError, 'a fetch through the link is refused');
  await t.rejects(source.fetch({ ...note, key: 'sub/secret.txt' }, 1e7), SourceItemError);
  t.same(
    (await listAll(source)).map((i) => i.key),
    ['top.txt'],
    'the link is not listed through',
  );

  // Back to a real folder: read again.
  unlinkSync(l.sub);
  renameSync(l.stash, l.sub);
  t.match(Buffer.from(await source.fetch(note, 1e7)).toString(), /archive room/);
});

t.test('folder: thousands of swaps while listing and fetching never read outside the roots', async (t) => {
  const l = layout(t);
  const source = folderSource({ path: l.share, include: [], exclude: [] }, [l.root]);
  const [note] = (await listAll(source)).filter((i) => i.key === 'sub/note.txt');
  const swap = racer(l);
  const until = Date.now() + 4000;
  let fetches = 0;
  let read = 0;
  let refused = 0;
  let listings = 0;
  let rounds = 0;
  const leaks: string[] = [];
  const check = (what: string, bytes: Uint8Array) => {
    const text = Buffer.from(bytes).toString();
    if (text.includes(l.secret)) leaks.push(`${what}: ${text}`);
    else read++;
  };
  /** Fetches one item under the swap: its bytes are checked for the secret, a refusal counted. */
  const fetchChecked = async (item: Parameters<typeof source.fetch>[0]) => {
    fetches++;
    try {
      check(item.key, await source.fetch(item, 1e7));
    } catch (err) {
      if (!(err instanceof SourceItemError)) throw err;
      refused++;
    }
  };
  try {
    while (Date.now() < until && leaks.length < 5) {
      // Listed before, fetched while the folder may be swapped (between listing and fetch, or
      // during the fetch's walk of the path): the stale item and one only the outside holds.
      for (const item of [note!, { ...note!, key: 'sub/secret.txt', name: 'secret.txt' }])
        await fetchChecked(item);
      // A listing under the swap, each of its items fetched at once.
      if (++rounds % 10 === 0) {
        listings++;
        for (const item of await listAll(source)) {
          if (item.key.endsWith('secret.txt')) leaks.push(`listed ${item.key}`);
          await fetchChecked(item);
        }
      }
    }
  } finally {
    const swaps = await swap.stop();
    t.comment(
      `${swaps} swaps, ${listings} listings, ${fetches} fetches: ${read} read inside, ${refused} refused`,
    );
    t.ok(swaps >= 200, `the folder was swapped many times (${swaps})`);
  }
  t.same(leaks, [], 'nothing outside the roots was listed or read');
  t.ok(fetches >= 500, `many fetches raced the swap (${fetches})`);
  t.ok(read > 0, 'the file inside was read whenever the folder was in place');
  t.ok(refused > 0, 'fetches through the swapped folder were refused');
});

t.test('folder: syncs racing the swap never turn the secret into a document', async (t) => {
  const l = layout(t);
  const { app, ctx, admin } = await connectorApp(t, { CONNECTOR_FOLDER_ROOTS: l.root });
  const connector = await createConnector(app, admin.headers, {
    name: 'Share',
    kind: 'folder',
    config: { path: l.share },
  });
  const first = await syncAndWait(app, admin.headers, connector.id);
  t.match(first, { status: 'completed', added: 2 });
  // What the company's documents hold: names, chunk text and the stored originals.
  const leaks = async () => {
    const docs = await ctx.db
      .selectFrom('documents')
      .select(['id', 'name', 'storage_key'])
      .where('company_id', '=', admin.user.companyId)
      .execute();
    const chunks = docs.length
      ? await ctx.db
          .selectFrom('chunks')
          .select('text')
          .where(
            'document_id',
            'in',
            docs.map((d) => d.id),
          )
          .execute()
      : [];
    const found = docs.filter((d) => d.name === 'secret.txt').map((d) => `document ${d.name}`);
    for (const c of chunks) if (c.text.includes(l.secret)) found.push(`chunk: ${c.text}`);
    for (const d of docs) {
      const original = await ctx.files.get(d.storage_key).catch(() => null);
      if (original && Buffer.from(original).toString().includes(l.secret))
        found.push(`original of ${d.name}`);
    }
    return found;
  };
  const swap = racer(l, { touch: true, dwellMs: 2 });
  const runs: { added: number; updated: number; failed: number; errors: { error: string }[] }[] = [];
  const found: string[] = [];
  try {
    // sub/note.txt changes after every swap back, so a sync that lists it fetches it again (the
    // fetch then meets the folder or the link); each sync's documents are checked before the next
    // one can replace them.
    for (let i = 0; i < 8 && !found.length; i++) {
      runs.push((await syncAndWait(app, admin.headers, connector.id)) as never);
      found.push(...(await leaks()));
    }
  } finally {
    const swaps = await swap.stop();
    t.ok(swaps >= 50, `the folder was swapped while syncing (${swaps})`);
  }
  const refusals = runs.flatMap((r) => r.errors);
  t.comment(`${runs.length} syncs; refused or skipped: ${refusals.map((e) => e.error).join('; ') || 'none'}`);
  t.same(found, [], 'the secret never became a document, a chunk or a stored original');
  const fetched = runs.filter((r) => r.added + r.updated + r.failed > 0).length;
  t.ok(fetched > 0, `syncs fetched the changing file (${fetched} of ${runs.length})`);
});
