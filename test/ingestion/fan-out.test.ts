import t from 'tap';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { multipartBody, waitForDocument } from '../helpers/multipart.ts';
import { fanOutEml, fanOutMsg } from '../fixtures/hostile/fanout.ts';
import { loadConfig } from '../../src/config/index.ts';

type Doc = { id: string; status: string; parentId: string | null };
type Outcome = { name: string; documentId: string | null; skipped?: string };

/** Every document of the company, once none is waiting or processing. */
async function settled(
  app: Awaited<ReturnType<typeof buildTestApp>>['app'],
  headers: Record<string, string>,
) {
  const end = Date.now() + 240_000;
  for (;;) {
    const items: Doc[] = [];
    for (let page = 1; ; page++) {
      const res = await app.inject({ url: `/api/documents?limit=100&page=${page}`, headers });
      const data = res.json().data;
      items.push(...(data.items as Doc[]));
      if (page >= data.pagination.totalPages) break;
    }
    if (items.every((d) => d.status === 'VECTORIZED' || d.status === 'ERROR')) return items;
    if (Date.now() > end) throw new Error('documents still processing');
    await new Promise((r) => setTimeout(r, 300));
  }
}

async function upload(
  app: Awaited<ReturnType<typeof buildTestApp>>['app'],
  headers: Record<string, string>,
  kind: 'eml' | 'msg' = 'eml',
) {
  const bytes = kind === 'eml' ? await fanOutEml(20) : fanOutMsg(20);
  const body = multipartBody({}, { filename: `fan-out.${kind}`, bytes });
  const res = await app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  return { id: res.json().data.id as string, size: bytes.length };
}

t.test('the default budget: 100 documents per upload', async (t) => {
  t.equal(loadConfig({}).maxAttachmentsPerUpload, 100);
});

t.test('a message of 20 messages of 20 attachments becomes at most the budget, not 420', async (t) => {
  const { app } = await buildTestApp(t, { worker: true, env: { ATTACHMENTS_MAX_PER_UPLOAD: '30' } });
  const { headers } = await signUp(app);
  const { id, size } = await upload(app, headers);
  t.ok(size < 300_000, `the hostile file is small (${size} bytes)`);
  const root = await waitForDocument(app, headers, id);
  t.equal(root.status, 'VECTORIZED');
  const all = await settled(app, headers);
  t.equal(all.length, 1 + 30, 'the upload and 30 descendants, attachments of attachments included');
  const rootOutcomes = (root.metadata as { attachments: Outcome[] }).attachments;
  t.equal(rootOutcomes.length, 20);
  t.equal(rootOutcomes.filter((o) => o.documentId).length, 20, 'the 20 forwarded messages first');
  const forwards = all.filter((d) => d.parentId === id);
  const grandchildren = all.filter((d) => d.parentId && d.parentId !== id);
  t.equal(forwards.length, 20);
  t.equal(grandchildren.length, 10, 'then 10 of their 400 attachments');
  const skipped: string[] = [];
  for (const f of forwards) {
    const doc = (await app.inject({ url: `/api/documents/${f.id}`, headers })).json().data;
    for (const o of (doc.metadata?.attachments ?? []) as Outcome[]) if (o.skipped) skipped.push(o.skipped);
  }
  t.equal(skipped.length, 390, 'every other attachment is named with its reason');
  t.match(skipped[0], /budget of 30 attached documents.*ATTACHMENTS_MAX_PER_UPLOAD/);
});

t.test("each child counts against the company's quota", async (t) => {
  const { app } = await buildTestApp(t, { worker: true, env: { QUOTA_MAX_DOCUMENTS: '12' } });
  const { headers } = await signUp(app);
  const { id } = await upload(app, headers);
  const root = await waitForDocument(app, headers, id);
  const all = await settled(app, headers);
  t.equal(all.length, 12, 'the upload and 11 children: the quota, not the budget, stopped it');
  const outcomes = (root.metadata as { attachments: Outcome[] }).attachments;
  t.match(outcomes.at(-1)?.skipped, /12 documents allowed/);
  const one = multipartBody({}, { filename: 'a.txt', bytes: Buffer.from('one more') });
  const upAgain = await app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    headers: { ...headers, ...one.headers },
    payload: one.payload,
  });
  t.equal(upAgain.statusCode, 409, 'and the company is at its quota');
});

t.test('the same fan-out as an Outlook message: the budget, then the quota, per child', async (t) => {
  const { app } = await buildTestApp(t, {
    worker: true,
    env: { ATTACHMENTS_MAX_PER_UPLOAD: '30', QUOTA_MAX_DOCUMENTS: '26' },
  });
  const { headers } = await signUp(app);
  const { id, size } = await upload(app, headers, 'msg');
  t.pass(`the hostile .msg is ${size} bytes`);
  const root = await waitForDocument(app, headers, id);
  t.equal(root.status, 'VECTORIZED');
  const all = await settled(app, headers);
  t.equal(all.length, 26, 'the upload and 25 descendants: the quota (26) before the budget (30)');
  const forwards = all.filter((d) => d.parentId === id);
  t.equal(forwards.length, 20, 'the 20 attached messages first');
  t.equal(all.filter((d) => d.parentId && d.parentId !== id).length, 5, 'then 5 of their 400 attachments');
  const skipped: string[] = [];
  for (const f of forwards) {
    const doc = (await app.inject({ url: `/api/documents/${f.id}`, headers })).json().data;
    for (const o of (doc.metadata?.attachments ?? []) as Outcome[]) if (o.skipped) skipped.push(o.skipped);
  }
  t.equal(skipped.length, 395, 'every other attachment is named with its reason');
  t.match(skipped[0], /26 documents allowed/);

  const budget = await buildTestApp(t, { worker: true, env: { ATTACHMENTS_MAX_PER_UPLOAD: '30' } });
  const other = await signUp(budget.app);
  const second = await upload(budget.app, other.headers, 'msg');
  t.equal((await waitForDocument(budget.app, other.headers, second.id)).status, 'VECTORIZED');
  const everything = await settled(budget.app, other.headers);
  t.equal(everything.length, 1 + 30, 'without a quota in the way: the upload and its budget of 30');
});
