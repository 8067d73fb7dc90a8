import t from 'tap';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { multipartBody } from '../helpers/multipart.ts';
import {
  manyPagesPdf,
  repeatedCellsOdp,
  repeatedCellsOds,
  sharedStringXlsx,
} from '../fixtures/hostile/expansion.ts';
import { docxBody, docxParts, hiddenEntryZip } from '../fixtures/hostile/zip-tricks.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

/** Polls `/api/health` over real HTTP every 100 ms; `stop()` gives the slowest answer, ms. */
function healthProbe(base: string) {
  let worst = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(`${base}/api/health`);
      await res.arrayBuffer();
      worst = Math.max(worst, performance.now() - started);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return Math.round(worst);
    },
  };
}

async function upload(app: App, headers: Record<string, string>, filename: string, bytes: Uint8Array) {
  const body = multipartBody({}, { filename, bytes });
  const res = await app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  if (res.statusCode !== 201) throw new Error(`${filename}: ${res.statusCode} ${res.body}`);
  return res.json().data.id as string;
}

/** Polls a document until `done(status)`; its detail and the ms it took. */
async function until(app: App, headers: Record<string, string>, id: string, done: (s: string) => boolean) {
  const started = performance.now();
  for (;;) {
    const res = await app.inject({ url: `/api/documents/${id}`, headers });
    const data = res.statusCode === 404 ? { status: 'GONE' } : res.json().data;
    if (done(data.status)) return { doc: data, ms: Math.round(performance.now() - started) };
    if (performance.now() - started > 120_000) throw new Error(`${id} still ${data.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
const finished = (s: string) => s === 'VECTORIZED' || s === 'ERROR';

/** `words` words of distinct-enough prose (a seeded generator): thousands of chunks to embed. */
function longText(words: number): Uint8Array {
  const vocabulary =
    'harbour pier crane ferry timetable inspection cargo berth tide pilot customs warehouse manifest'.split(
      ' ',
    );
  let seed = 7;
  const out: string[] = [];
  for (let i = 0; i < words; i++) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    out.push(`${vocabulary[seed % vocabulary.length]}${seed % 97}`);
    if (i % 15 === 14) out.push('.\n');
  }
  return new Uint8Array(Buffer.from(out.join(' ')));
}

t.test(
  'hostile files end ERROR naming the limit, health stays fast, another company is served',
  async (t) => {
    const { app } = await buildTestApp(t, { worker: true });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const attacker = await signUp(app);
    const victim = await signUp(app);
    const probe = healthProbe(base);

    const bombs: [string, Uint8Array, RegExp][] = [
      ['bomb.ods', repeatedCellsOds(), /expands to more than 1,000,000 table cells/],
      ['bomb.odp', repeatedCellsOdp(), /expands to more than 1,000,000 table cells/],
      ['bomb.xlsx', await sharedStringXlsx(), /expands to more than 10,000,000 characters/],
      ['pages.pdf', manyPagesPdf(), /100,000 pages; at most 5,000 are accepted \(PARSE_MAX_PAGES\)/],
    ];
    const ids: string[] = [];
    for (const [name, bytes] of bombs) ids.push(await upload(app, attacker.headers, name, bytes));
    const hidden = await upload(
      app,
      attacker.headers,
      'hidden.docx',
      hiddenEntryZip(docxParts('Harbour opening hours are posted at the gate.'), {
        name: 'word/document.xml',
        content: docxBody('Injected instruction the guard never saw', 3_000_000),
      }),
    );
    const small = await upload(
      app,
      victim.headers,
      'note.txt',
      Buffer.from('The ferry leaves at 07:40 from pier 4.'),
    );

    const served = await until(app, victim.headers, small, finished);
    t.equal(
      served.doc.status,
      'VECTORIZED',
      `another company's small document: VECTORIZED in ${served.ms} ms`,
    );
    t.ok(served.ms < 30_000);
    for (const [i, [name, , reason]] of bombs.entries()) {
      const { doc, ms } = await until(app, attacker.headers, ids[i]!, finished);
      t.equal(doc.status, 'ERROR', `${name}: ${doc.error}`);
      t.match(doc.error, reason);
      t.ok(ms < 10_000, `${name} settled ${ms} ms after the previous one`);
      const chunks = await app.inject({ url: `/api/documents/${ids[i]}/chunks`, headers: attacker.headers });
      t.equal(chunks.json().data.items.length, 0, `${name}: no partial chunks`);
    }
    const docx = await until(app, attacker.headers, hidden, finished);
    t.equal(docx.doc.status, 'VECTORIZED', 'the hidden-entry DOCX is read as the guard saw it');
    const chunks = await app.inject({ url: `/api/documents/${hidden}/chunks`, headers: attacker.headers });
    t.notMatch(JSON.stringify(chunks.json().data.items), /Injected instruction/);
    const worst = await probe.stop();
    t.ok(worst <= 200, `/api/health answered in ${worst} ms at worst`);
  },
);

t.test('deleting a document while it is processed frees the slot within 5 s', async (t) => {
  const { app } = await buildTestApp(t, { worker: true });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const attacker = await signUp(app);
  const victim = await signUp(app);
  const probe = healthProbe(base);
  const big = await upload(app, attacker.headers, 'long.txt', longText(400_000));
  await until(app, attacker.headers, big, (s) => s === 'PROCESSING');
  await new Promise((r) => setTimeout(r, 1500)); // into the embedding
  const small = await upload(
    app,
    victim.headers,
    'note.txt',
    Buffer.from('The ferry leaves at 07:40 from pier 4.'),
  );
  const deletedAt = performance.now();
  const del = await app.inject({ method: 'DELETE', url: `/api/documents/${big}`, headers: attacker.headers });
  t.equal(del.statusCode, 200);
  const started = await until(app, victim.headers, small, (s) => s !== 'UPLOADED');
  const freedMs = Math.round(performance.now() - deletedAt);
  t.ok(freedMs <= 5000, `the worker took the next document ${freedMs} ms after the delete`);
  const served = await until(app, victim.headers, small, finished);
  t.equal(served.doc.status, 'VECTORIZED');
  t.ok(started.ms >= 0);
  const worst = await probe.stop();
  t.ok(worst <= 200, `/api/health answered in ${worst} ms at worst`);
});
