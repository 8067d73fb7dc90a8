import t from 'tap';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { multipartBody, waitForDocument } from '../helpers/multipart.ts';
import { addUser } from '../helpers/users.ts';
import { chatDepsOf } from '../../src/context.ts';
import { startEvaluationWorker } from '../../src/evaluations/evaluation.job.ts';

const fixture = (name: string) => new URL(`../fixtures/evaluations/${name}`, import.meta.url);
const SET = readFileSync(fixture('questions-20.jsonl'), 'utf8');
/** Two documents that answer, and a FAQ whose words compete with them (no answer in it). */
const DOCUMENTS = ['northwind-handbook.md', 'northwind-office.md', 'northwind-visitors-faq.md'];

interface Result {
  question: { id: string };
  refused: boolean;
  retrievedDocuments: string[];
  scores: { contains: boolean | null };
}

/** Polls a run until it is COMPLETED or FAILED (not a timing: a bound on waiting). */
async function waitForRun(app: FastifyInstance, headers: Record<string, string>, id: string) {
  for (let i = 0; i < 1200; i++) {
    const res = await app.inject({ method: 'GET', url: `/api/evaluations/${id}`, headers });
    const data = res.json().data;
    if (data.status === 'COMPLETED' || data.status === 'FAILED') return data;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the run did not finish');
}

t.test('an admin runs a 20-question set, changes top-K, reruns and compares both runs', async (t) => {
  const { app, ctx } = await buildTestApp(t, { worker: true });
  const admin = await signUp(app);
  const other = await signUp(app);
  const reader = await addUser(app, admin, 'COMPANY_READER');
  for (const name of DOCUMENTS) {
    const body = multipartBody({}, { filename: name, bytes: readFileSync(fixture(name)) });
    const up = await app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      headers: { ...admin.headers, ...body.headers },
      payload: body.payload,
    });
    t.equal((await waitForDocument(app, admin.headers, up.json().data.id)).status, 'VECTORIZED');
  }

  // Over real HTTP: the set goes in as JSON { name, format, content }.
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const post = (headers: Record<string, string>, body: unknown) =>
    fetch(`${address}/api/evaluations`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const created = await post(admin.headers, { name: 'Before', format: 'jsonl', content: SET });
  t.equal(created.status, 202);
  const first = ((await created.json()) as { data: { id: string; status: string; questionCount: number } })
    .data;
  t.match(first, { status: 'QUEUED', questionCount: 20 });
  t.match(first.id, /^eval_/);

  const busy = await post(admin.headers, { name: 'Second', format: 'jsonl', content: SET });
  t.equal(busy.status, 409, 'one queued-or-running run per company');
  t.equal(((await busy.json()) as { error: { code: string } }).error.code, 'CONFLICT');
  const bad = await post(admin.headers, {
    name: 'Bad',
    format: 'jsonl',
    content: `${SET.trimEnd()}\n{"question": 3}`,
  });
  t.equal(bad.status, 400);
  const badBody = (await bad.json()) as { error: { code: string; details: { field: string }[] } };
  t.equal(badBody.error.code, 'VALIDATION_ERROR');
  t.same(
    badBody.error.details.map((d) => d.field),
    ['line 21'],
  );
  t.equal((await post(reader.headers, { name: 'R', format: 'jsonl', content: SET })).status, 403);
  t.equal(
    (await app.inject({ method: 'GET', url: `/api/evaluations/${first.id}`, headers: other.headers }))
      .statusCode,
    404,
    "another company's run is not found",
  );
  t.equal(
    (await app.inject({ method: 'DELETE', url: `/api/evaluations/${first.id}`, headers: other.headers }))
      .statusCode,
    404,
  );

  await startEvaluationWorker(ctx.boss, chatDepsOf(ctx), { log: app.log });
  const before = await waitForRun(app, admin.headers, first.id);
  t.equal(before.status, 'COMPLETED', before.error ?? '');
  t.match(before.settings, { topK: 6, provider: 'extractive' });
  t.match(before.totals, { questions: 20, answerable: 14, unanswerable: 6, errors: 0 });
  t.equal(before.results.length, 20);
  const results = before.results as Result[];
  const answerable = results.filter((r) => r.scores.contains !== null);
  t.equal(before.totals.contains, answerable.filter((r) => r.scores.contains).length / answerable.length);
  t.ok(before.totals.hitAtK > 0.9, `hit@6 ${before.totals.hitAtK}`);
  t.ok(
    results.some((r) => r.retrievedDocuments.length >= 2),
    'with topK 6 several documents are among some question’s sources',
  );
  t.ok(results.find((r) => r.question.id === 'mars')!.refused, 'an off-topic question is refused');
  const conversations = await app.inject({
    method: 'GET',
    url: '/api/conversations',
    headers: admin.headers,
  });
  t.equal(conversations.json().data.items.length, 0, 'a run leaves no conversation behind');

  const settings = await app.inject({
    method: 'PUT',
    url: `/api/companies/${admin.user.companyId}`,
    headers: admin.headers,
    payload: { settings: { topK: 1 } },
  });
  t.equal(settings.statusCode, 200);
  const again = await post(admin.headers, { name: 'After', format: 'jsonl', content: SET });
  t.equal(again.status, 202);
  const after = await waitForRun(
    app,
    admin.headers,
    ((await again.json()) as { data: { id: string } }).data.id,
  );
  t.equal(after.status, 'COMPLETED');
  t.equal(after.settings.topK, 1);
  t.ok(
    (after.results as Result[]).every((r) => r.retrievedDocuments.length <= 1),
    'topK 1: one source per question',
  );
  t.same(
    (after.results as Result[]).map((r) => r.question.id),
    results.map((r) => r.question.id),
    'both runs line up question by question',
  );

  const list = await app.inject({ method: 'GET', url: '/api/evaluations?limit=10', headers: admin.headers });
  t.equal(list.statusCode, 200);
  const items = list.json().data.items as { id: string; name: string; totals: unknown }[];
  t.same(
    items.map((i) => i.name),
    ['After', 'Before'],
  );
  t.ok(items.every((i) => i.totals !== null));
  t.match(list.json().data.pagination, { page: 1, limit: 10, total: 2, totalPages: 1 });
  t.equal(
    (await app.inject({ method: 'GET', url: '/api/evaluations', headers: other.headers })).json().data.items
      .length,
    0,
  );

  const del = await app.inject({
    method: 'DELETE',
    url: `/api/evaluations/${first.id}`,
    headers: admin.headers,
  });
  t.same(del.json(), { success: true, data: { id: first.id, deleted: true } });
  t.equal(
    (await app.inject({ method: 'GET', url: `/api/evaluations/${first.id}`, headers: admin.headers }))
      .statusCode,
    404,
  );
});

t.test('on PostgreSQL: one active run per company (409), isolation, delete', async (t) => {
  const { app } = await buildTestApp(t, { postgres: true });
  const admin = await signUp(app);
  const other = await signUp(app);
  const post = (headers: Record<string, string>, name: string) =>
    app.inject({
      method: 'POST',
      url: '/api/evaluations',
      headers,
      payload: {
        name,
        format: 'csv',
        content: 'question,expected\nWhere is the head office?,12 Rue Oberkampf\n',
      },
    });
  const first = await post(admin.headers, 'one');
  t.equal(first.statusCode, 202);
  t.equal((await post(admin.headers, 'two')).statusCode, 409, 'the partial unique index holds on PostgreSQL');
  t.equal((await post(other.headers, 'theirs')).statusCode, 202, 'another company runs its own');
  const id = first.json().data.id as string;
  t.equal((await app.inject({ url: `/api/evaluations/${id}`, headers: other.headers })).statusCode, 404);
  const mine = await app.inject({ url: `/api/evaluations/${id}`, headers: admin.headers });
  t.match(mine.json().data, { name: 'one', status: 'QUEUED', questionCount: 1, results: [] });
  t.equal(
    (await app.inject({ method: 'DELETE', url: `/api/evaluations/${id}`, headers: admin.headers }))
      .statusCode,
    200,
  );
  // The set as a file (multipart): name from the file, format from its extension.
  const upload = (file: { filename: string; bytes: Uint8Array }, fields: Record<string, string> = {}) => {
    const body = multipartBody(fields, file);
    return app.inject({
      method: 'POST',
      url: '/api/evaluations/upload',
      headers: { ...admin.headers, ...body.headers },
      payload: body.payload,
    });
  };
  const csv = new TextEncoder().encode('question,unanswerable\nWhat is the capital of Mars?,true\n');
  const uploaded = await upload({ filename: 'mars.csv', bytes: csv });
  t.equal(uploaded.statusCode, 202, 'once deleted, a new run may start');
  t.match(uploaded.json().data, { name: 'mars.csv', questionCount: 1, status: 'QUEUED' });
  t.equal((await upload({ filename: 'mars.csv', bytes: csv })).statusCode, 409);
  await app.inject({
    method: 'DELETE',
    url: `/api/evaluations/${uploaded.json().data.id}`,
    headers: admin.headers,
  });
  const tooBig = await upload({ filename: 'big.jsonl', bytes: new Uint8Array(1_000_001).fill(32) });
  t.equal(tooBig.statusCode, 413);
  t.equal(tooBig.json().error.code, 'PAYLOAD_TOO_LARGE');
  const stray = await upload({ filename: 'mars.csv', bytes: csv }, { topicId: 'x' });
  t.equal(stray.statusCode, 400);
  t.match(stray.json().error.details, [{ field: 'topicId' }]);
  const notText = await upload({ filename: 'set.jsonl', bytes: new Uint8Array([0xff, 0xfe, 0x00, 0x41]) });
  t.equal(notText.json().error.code, 'VALIDATION_ERROR');
  t.equal((await post(admin.headers, 'three')).statusCode, 202, 'the JSON route again');
});
