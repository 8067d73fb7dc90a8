import t from 'tap';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { finished, healthProbe, longText, until, upload } from '../helpers/ingestion.ts';
import {
  manyPagesPdf,
  repeatedCellsOdp,
  repeatedCellsOds,
  sharedStringXlsx,
} from '../fixtures/hostile/expansion.ts';
import { docxBody, docxParts, hiddenEntryZip } from '../fixtures/hostile/zip-tricks.ts';

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
  // API, worker and embedder share this process and the test's 2 cores with the other test
  // files: the 200 ms goal is held by the bombs test above; here the bound allows for the machine.
  t.ok(worst <= 500, `/api/health answered in ${worst} ms at worst`);
});
