/**
 * Tables as data through the API (issue 20): questions about values in a PDF table, a Markdown
 * table and an HTML form are answered with the cell, cited to the chunk that holds its row (with
 * the page for the PDF); a follow-up changes the row and keeps the column.
 */
import t from 'tap';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildTestApp, DATASETS, signUp } from '../helpers/app.ts';
import { multipartBody, waitForDocument } from '../helpers/multipart.ts';

type Answer = {
  answer: string;
  conversationId: string;
  citationMap: Record<string, { chunkId: string }>;
  sources: { id: string; name: string; chunks: { chunkId: string; page?: number | null }[] }[];
};

/** Notices as a WARN report lists them: the company and city name a row, the figure is the answer. */
const NOTICES = `# Layoff notices received

| Notice Date | Company | City | No. Of | Layoff/Closure |
| --- | --- | --- | --- | --- |
| 02/10/2016 | Yahoo! Inc. | Sunnyvale | 107 | Layoff Permanent |
| 02/17/2016 | Yahoo! Inc. | Burbank | 90 | Closure Permanent |
| 06/22/2015 | Maxim Integrated Product | San Jose | 150 | Closure Permanent |
`;

t.test('table questions are answered with the cell, cited to its row', async (t) => {
  const { app } = await buildTestApp(t, { worker: true });
  const user = await signUp(app);
  const uploads: [string, Uint8Array][] = [
    [
      'nics-background-checks-2015-11.pdf',
      readFileSync(join(DATASETS, 'documents/pdf/nics-background-checks-2015-11.pdf')),
    ],
    ['sec-10k-1p.html', readFileSync(join(DATASETS, 'documents/html/sec-10k-1p.html'))],
    ['notices.md', new TextEncoder().encode(NOTICES)],
  ];
  for (const [filename, bytes] of uploads) {
    const body = multipartBody({}, { filename, bytes: new Uint8Array(bytes) });
    const up = await app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
    t.equal((await waitForDocument(app, user.headers, up.json().data.id)).status, 'VECTORIZED', filename);
  }
  const ask = async (message: string, conversationId?: string) =>
    (
      await app.inject({
        method: 'POST',
        url: '/api/chat/message',
        headers: user.headers,
        payload: { message, ...(conversationId ? { conversationId } : {}) },
      })
    ).json().data as Answer;
  /** The cited chunks of `answer` in the document named `name`. */
  const cited = (answer: Answer, name: string) => {
    const ids = Object.values(answer.citationMap).map((c) => c.chunkId);
    return answer.sources
      .filter((s) => s.name === name)
      .flatMap((s) => s.chunks)
      .filter((c) => ids.includes(c.chunkId));
  };

  // A merged PDF header cell ("Handgun Long Gun *Other **Multiple Admin") read as its five columns.
  const longGuns = await ask('How many long-gun checks were there in Tennessee in November 2015?');
  t.match(longGuns.answer, /^Tennessee — Long Gun: 24,023 \[\d\]$/, longGuns.answer);
  const pages = cited(longGuns, 'nics-background-checks-2015-11.pdf').map((c) => c.page);
  t.same(pages, [1], 'cited to the PDF chunk, with its page');
  const utah = await ask('What about Utah?', longGuns.conversationId);
  t.match(utah.answer, /^Utah — Long Gun: 5,857 \[\d\]$/, `a follow-up keeps the column: ${utah.answer}`);

  // A notice named by company (without "Inc.") and city: its one figure, under its header.
  const burbank = await ask("How many employees did Yahoo's Burbank closure affect?");
  t.match(burbank.answer, /^Yahoo! Inc\., Burbank — No\. Of: 90 \[\d\]$/, burbank.answer);
  t.equal(cited(burbank, 'notices.md').length, 1, 'cited to the Markdown table');
  const sanJose = await ask('How many workers did Yahoo lay off in San Jose?');
  t.notMatch(sanJose.answer, /Yahoo! Inc\.,/, `no Yahoo row is in San Jose: ${sanJose.answer}`);

  // A form's value found by the caption under it.
  const ein = await ask("What is Galaxy Gaming's IRS employer identification number?");
  t.match(ein.answer, /IRS Employer Identification No\.: 20-8143439 \[\d\]/, ein.answer);
  t.equal(cited(ein, 'sec-10k-1p.html').length, 1, 'cited to the 10-K chunk');
});
