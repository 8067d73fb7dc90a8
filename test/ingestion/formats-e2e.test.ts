import t from 'tap';
import iconv from 'iconv-lite';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { multipartBody, waitForDocument } from '../helpers/multipart.ts';
import { emlMessage, fixture, msgMessage, pptxDeck, rtfDocument } from '../helpers/format-fixtures.ts';

type Doc = { id: string; name: string; status: string; format: string; parentId: string | null };
type Answer = {
  answer: string;
  citationMap: Record<string, { chunkId: string }>;
  sources: {
    id: string;
    name: string;
    chunks: { chunkId: string; sheet?: string; rowStart?: number; rowEnd?: number; slide?: number }[];
  }[];
};

t.test('a real file of each new format is VECTORIZED and answers cite it', async (t) => {
  const { app } = await buildTestApp(t, { worker: true });
  const { headers } = await signUp(app);
  const uploads: [string, Uint8Array][] = [
    ['fleet.ods', fixture('fleet.ods')],
    ['heron-roadmap.odp', fixture('heron-roadmap.odp')],
    ['lighthouses.epub', fixture('lighthouses.epub')],
    ['warehouse.pptx', await pptxDeck()],
    ['glacier.rtf', rtfDocument()],
    ['ferry.eml', await emlMessage()],
    ['audit.msg', msgMessage()],
    [
      'cafe.txt',
      iconv.encode('Le café du port ouvre à 6 h 30 ; la crème brûlée coûte 4 €.\n', 'windows-1252'),
    ],
  ];
  const ids: Record<string, string> = {};
  for (const [filename, bytes] of uploads) {
    const body = multipartBody({}, { filename, bytes });
    const up = await app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    t.equal(up.statusCode, 201, `${filename} accepted`);
    ids[filename] = up.json().data.id;
  }
  for (const [filename, id] of Object.entries(ids)) {
    const doc = await waitForDocument(app, headers, id);
    t.equal(doc.status, 'VECTORIZED', `${filename}: ${String(doc.error)}`);
  }

  // Attachments: child documents of their message, listed with their parent's id, and ingested.
  const children = async (parent: string) =>
    (
      await app.inject({
        method: 'GET',
        url: `/api/documents?parentId=${parent}&sort=name&order=asc`,
        headers,
      })
    ).json().data.items as Doc[];
  const emlChildren = await children(ids['ferry.eml']!);
  t.same(
    emlChildren.map((c) => [c.name, c.format, c.parentId]),
    [
      ['harbour-handbook.odt', 'odt', ids['ferry.eml']],
      ['minutes.txt', 'text', ids['ferry.eml']],
    ],
  );
  const msgChildren = await children(ids['audit.msg']!);
  t.same(
    msgChildren.map((c) => c.name),
    ['forklift-report.txt'],
  );
  for (const child of [...emlChildren, ...msgChildren]) {
    ids[child.name] = child.id;
    t.equal((await waitForDocument(app, headers, child.id)).status, 'VECTORIZED', `${child.name}`);
  }
  const parent = (
    await app.inject({ method: 'GET', url: `/api/documents/${ids['ferry.eml']}`, headers })
  ).json().data;
  t.match(parent.metadata.attachments, [
    { index: 0, name: 'minutes.txt', documentId: ids['minutes.txt'] },
    { index: 1, name: 'harbour-handbook.odt', documentId: ids['harbour-handbook.odt'] },
  ]);

  const ask = async (message: string) =>
    (await app.inject({ method: 'POST', url: '/api/chat/message', headers, payload: { message } })).json()
      .data as Answer;
  /** The cited chunks of `answer` that belong to `document`. */
  const cited = (answer: Answer, document: string) => {
    const chunkIds = Object.values(answer.citationMap).map((c) => c.chunkId);
    return answer.sources
      .filter((s) => s.id === ids[document])
      .flatMap((s) => s.chunks)
      .filter((c) => chunkIds.includes(c.chunkId));
  };
  const cases: [string, string, RegExp][] = [
    ['Who is the driver of VAN-124?', 'fleet.ods', /VAN-124 — Driver: Driver 24/],
    ['Who are the warehouse robots leased from?', 'warehouse.pptx', /Kivo Systems/],
    ['What is the Heron launch budget?', 'heron-roadmap.odp', /4\.2 million euros/],
    ['How tall is the Skerryvore lighthouse?', 'lighthouses.epub', /48 metres/],
    ['How far did the ice front retreat in the Vatnajökull survey?', 'glacier.rtf', /412 metres/],
    ['When does the morning ferry to Vaxholm leave from 1 April?', 'ferry.eml', /07:40/],
    ['How many forklifts were overdue for inspection at the Gdansk depot?', 'audit.msg', /3 forklifts/],
    ['Who runs the café kiosk on pier 4?', 'minutes.txt', /Søren Bækgaard/],
    ['How often is the harbour crane inspected?', 'harbour-handbook.odt', /every 90 days/],
    ['Why is forklift FL-7 out of service?', 'forklift-report.txt', /brake test/],
    ['How much does the crème brûlée cost at the café du port?', 'cafe.txt', /crème brûlée coûte 4 €/],
  ];
  for (const [question, document, fact] of cases) {
    const answer = await ask(question);
    t.match(answer.answer, fact, `${document}: ${answer.answer}`);
    const chunks = cited(answer, document);
    t.ok(chunks.length > 0, `${document} is cited for "${question}"`);
    if (document === 'fleet.ods') {
      const row = chunks.find((c) => c.rowStart! <= 26 && 26 <= c.rowEnd!);
      t.ok(row && row.sheet === 'Fleet', `the sheet and rows are cited: ${JSON.stringify(chunks)}`);
    }
    if (document.endsWith('.pptx') || document.endsWith('.odp'))
      t.ok(
        chunks.some((c) => c.slide === 2),
        `slide 2 is cited: ${JSON.stringify(chunks)}`,
      );
  }

  // The ODS sheet spans several chunks, each continuing one under the header row.
  const chunks = (
    await app.inject({ method: 'GET', url: `/api/documents/${ids['fleet.ods']}/chunks?limit=100`, headers })
  ).json().data.items as { text: string; sheet: string | null }[];
  const fleet = chunks.filter((c) => c.sheet === 'Fleet');
  t.ok(fleet.length >= 2, 'the Fleet sheet spans chunks');
  for (const c of fleet) t.match(c.text, /Vehicle \| Depot \| Mileage \(km\) \| Driver/);
  t.ok(
    chunks.some((c) => c.sheet === 'Mechanics'),
    'the second sheet has its own chunk',
  );

  // Deleting the message deletes its attachments.
  const del = await app.inject({ method: 'DELETE', url: `/api/documents/${ids['ferry.eml']}`, headers });
  t.equal(del.statusCode, 200);
  for (const name of ['minutes.txt', 'harbour-handbook.odt']) {
    const res = await app.inject({ method: 'GET', url: `/api/documents/${ids[name]}`, headers });
    t.equal(res.statusCode, 404, `${name} went with its message`);
  }
});
