import t from 'tap';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildTestApp, DATASETS, sharedEmbedder, signUp } from '../helpers/app.ts';
import { multipartBody, waitForDocument } from '../helpers/multipart.ts';
import { chunkDocument } from '../../src/ingestion/chunker.ts';
import type { DocumentBlock } from '../../src/ingestion/parsers/types.ts';

t.test(
  'GET /api/documents/:id/chunks: paginated, in order, with pages; citations point at them',
  async (t) => {
    const { app } = await buildTestApp(t, { worker: true });
    const alice = await signUp(app);
    const bob = await signUp(app);
    const pdf = multipartBody(
      {},
      {
        filename: 'fr.pdf',
        bytes: readFileSync(join(DATASETS, 'documents/pdf/federal-register-2020-17221.pdf')),
      },
    );
    const up = await app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      headers: { ...alice.headers, ...pdf.headers },
      payload: pdf.payload,
    });
    const id = up.json().data.id;
    const doc = await waitForDocument(app, alice.headers, id);
    t.equal(doc.status, 'VECTORIZED');
    const first = (
      await app.inject({ method: 'GET', url: `/api/documents/${id}/chunks?limit=5`, headers: alice.headers })
    ).json().data;
    t.equal(first.items.length, 5);
    t.same(
      first.items.map((c: { index: number }) => c.index),
      [0, 1, 2, 3, 4],
      'document order',
    );
    t.match(first.pagination, { page: 1, limit: 5, total: doc.chunkCount });
    t.match(first.items[0], {
      pageStart: 1,
      sheet: null,
      rowStart: null,
      slide: null,
      tokenCount: Number,
      text: /Federal Register/,
    });
    const second = (
      await app.inject({
        method: 'GET',
        url: `/api/documents/${id}/chunks?limit=5&page=2`,
        headers: alice.headers,
      })
    ).json().data;
    t.equal(second.items[0].index, 5);
    t.equal(
      (await app.inject({ method: 'GET', url: `/api/documents/${id}/chunks`, headers: bob.headers }))
        .statusCode,
      404,
      'another company: 404',
    );
    t.equal(
      (
        await app.inject({
          method: 'GET',
          url: `/api/documents/${id}/chunks?limit=0`,
          headers: alice.headers,
        })
      ).statusCode,
      400,
    );

    const answer = (
      await app.inject({
        method: 'POST',
        url: '/api/chat/message',
        headers: alice.headers,
        payload: { message: 'By what date must the FAA receive comments on the 737 MAX directive?' },
      })
    ).json().data;
    const cited = Object.values(answer.citationMap as Record<string, { chunkId: string }>).map(
      (c) => c.chunkId,
    );
    const all = (
      await app.inject({
        method: 'GET',
        url: `/api/documents/${id}/chunks?limit=100`,
        headers: alice.headers,
      })
    ).json().data.items as { id: string; pageStart: number }[];
    for (const chunkId of cited)
      t.ok(
        all.some((c) => c.id === chunkId),
        `cited ${chunkId} is one of the document's chunks`,
      );
    const sourceChunk = answer.sources[0].chunks[0];
    t.equal(
      sourceChunk.page,
      all.find((c) => c.id === sourceChunk.chunkId)!.pageStart,
      'sources carry the page',
    );
  },
);

t.test(
  'chunk locations: sheet and row range from spreadsheet rows, slide from slides; a sheet change starts a chunk',
  async (t) => {
    const embedder = await sharedEmbedder();
    const row = (sheet: string, n: number, text: string): DocumentBlock => ({
      kind: 'table-row',
      text,
      sheet,
      row: n,
    });
    const blocks: DocumentBlock[] = [
      { kind: 'heading', level: 1, text: 'Sales', sheet: 'Sales' },
      row('Sales', 1, 'Region | Quarter | Revenue'),
      ...Array.from({ length: 40 }, (_, i) =>
        row('Sales', i + 2, `Region ${i} | Q${(i % 4) + 1} | ${1000 + i * 37} thousand euros`),
      ),
      { kind: 'heading', level: 1, text: 'Staff', sheet: 'Staff' },
      row('Staff', 1, 'Name | Team'),
      row('Staff', 2, 'Ada | Platform'),
      { kind: 'heading', level: 1, text: 'Slide 2: Roadmap', slide: 2 },
      { kind: 'paragraph', text: 'Ship the widget in March.', slide: 2 },
    ];
    const chunks = chunkDocument({ blocks, pageCount: null, title: 'Book' }, embedder, {
      maxTokens: 64,
      overlapTokens: 16,
    });
    const sales = chunks.filter((c) => c.sheet === 'Sales');
    t.ok(sales.length > 2, 'the Sales sheet spans several chunks');
    t.equal(sales[0]!.rowStart, 1);
    for (let i = 1; i < sales.length; i++) {
      t.ok(sales[i]!.rowStart! > 1, `chunk ${i}: the repeated header row does not widen the range`);
      t.match(sales[i]!.text, /^(Sales\n)?Region \| Quarter \| Revenue/, `chunk ${i} repeats the header row`);
      t.equal(sales[i]!.rowStart, sales[i - 1]!.rowEnd! + 1, 'row ranges follow each other');
    }
    t.equal(sales.at(-1)!.rowEnd, 41);
    const staff = chunks.filter((c) => c.sheet === 'Staff');
    t.same(
      staff.map((c) => [c.rowStart, c.rowEnd]),
      [[1, 2]],
      'the Staff sheet starts its own chunk',
    );
    t.ok(
      chunks.every((c) => !(c.text.includes('Region 39') && c.text.includes('Ada'))),
      'no chunk spans two sheets',
    );
    t.match(chunks.at(-1), { slide: 2, sheet: null, rowStart: null });
  },
);
