import t, { type Test } from 'tap';
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../helpers/app.ts';
import { testQdrant } from '../helpers/qdrant.ts';
import { accessFixture, HR_MARKER, UNFILED_MARKER, type AccessFixture } from './fixture.ts';

/**
 * Issue 21's access matrix: every route that reads documents or their text × admin, editor and
 * reader in and out of the HR group × API keys scoped to the public topic, for all documents, and
 * for none. Only granted text ever comes back; a document one may not read is 404 like another
 * company's. Runs on PGlite, on PostgreSQL, and with Qdrant (stand-in) as the vector store.
 */
type Headers = Record<string, string>;
type Caller = { name: string; headers: Headers; seesHr: boolean; seesUnfiled: boolean; kind: 'user' | 'key' };

const QUESTION = `What is the CEO salary in the ${HR_MARKER} retention plan?`;
const has = (body: string, marker: string) => body.toLowerCase().includes(marker);

/** An HS256 visitor token for `keyId` (docs/widget.md's claims), signed with `secret`. */
function visitorToken(secret: string, keyId: string, topics?: string[]) {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const body = b64({ sub: 'visitor', aud: keyId, iat: now, exp: now + 600, ...(topics ? { topics } : {}) });
  const head = b64({ alg: 'HS256', typ: 'JWT' });
  return `${head}.${body}.${createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url')}`;
}

function callers(f: AccessFixture, visitorSecret: string): Caller[] {
  const user = (name: string, headers: Headers, seesHr: boolean): Caller => ({
    name,
    headers,
    seesHr,
    seesUnfiled: true,
    kind: 'user',
  });
  const key = (name: string, k: string, seesHr: boolean, seesUnfiled: boolean): Caller => ({
    name,
    headers: { 'x-api-key': k },
    seesHr,
    seesUnfiled,
    kind: 'key',
  });
  return [
    user('admin', f.admin.headers, true),
    user('editor in HR group', f.users.editorIn.headers, true),
    user('editor outside', f.users.editorOut.headers, false),
    user('reader in HR group', f.users.readerIn.headers, true),
    user('reader outside', f.users.readerOut.headers, false),
    key('key for all documents', f.keys.all, true, true),
    key('key scoped to Public', f.keys.scoped, false, false),
    key('key with no topics', f.keys.none, false, false),
    {
      ...key('visitor of the all-documents key', f.keys.all, true, true),
      headers: { 'x-api-key': f.keys.all, 'x-visitor-token': visitorToken(visitorSecret, f.keyIds.all) },
    },
    {
      ...key('visitor narrowed to Public', f.keys.all, false, false),
      headers: {
        'x-api-key': f.keys.all,
        'x-visitor-token': visitorToken(visitorSecret, f.keyIds.all, [f.topics.publicId]),
      },
    },
  ];
}

async function userRoutes(t: Test, app: FastifyInstance, f: AccessFixture, c: Caller) {
  const get = (url: string) => app.inject({ method: 'GET', url, headers: c.headers });
  const post = (url: string, payload: object) =>
    app.inject({ method: 'POST', url, headers: c.headers, payload });
  const hr = f.docs.hrId;
  const seen = c.seesHr ? 200 : 404;

  const list = await get('/api/documents?limit=100');
  t.equal(list.statusCode, 200);
  const ids = list.json().data.items.map((d: { id: string }) => d.id);
  t.equal(ids.includes(hr), c.seesHr, `${c.name}: HR document listed iff granted`);
  t.ok(
    ids.includes(f.docs.publicId) && ids.includes(f.docs.unfiledId),
    `${c.name}: public and unfiled listed`,
  );
  const byTopic = await get(`/api/documents?topicId=${f.topics.hrId}`);
  t.equal(byTopic.json().data.items.length, c.seesHr ? 1 : 0, `${c.name}: topic filter cannot widen`);
  t.equal((await get(`/api/documents/${hr}`)).statusCode, seen, `${c.name}: detail`);
  const chunks = await get(`/api/documents/${hr}/chunks`);
  t.equal(chunks.statusCode, seen, `${c.name}: chunks`);
  t.equal(has(chunks.body, HR_MARKER), c.seesHr);
  const file = await get(`/api/documents/${hr}/file`);
  t.equal(file.statusCode, seen, `${c.name}: file`);
  t.equal(has(file.body, HR_MARKER), c.seesHr);
  if (!c.seesHr) t.equal(file.json().error.code, 'NOT_FOUND', 'the spec envelope');

  const topics = await get('/api/topics');
  const topicIds = topics.json().data.items.map((x: { id: string }) => x.id);
  t.equal(topicIds.includes(f.topics.hrId), c.seesHr, `${c.name}: HR topic listed iff granted`);

  for (const mode of ['hybrid', 'dense', 'lexical']) {
    const search = await post('/api/search', { query: QUESTION, mode, limit: 10 });
    t.equal(search.statusCode, 200);
    t.equal(has(search.body, HR_MARKER), c.seesHr, `${c.name}: ${mode} search returns HR text iff granted`);
  }
  const narrowed = await post('/api/search', { query: QUESTION, topicId: f.topics.hrId });
  t.equal(narrowed.statusCode, seen, `${c.name}: search narrowed to HR`);
  t.equal(has(narrowed.body, HR_MARKER), c.seesHr);

  for (const topicId of [undefined, f.topics.hrId]) {
    const answer = await post('/api/chat/message', { message: QUESTION, ...(topicId ? { topicId } : {}) });
    t.equal(answer.statusCode, 200);
    t.equal(has(answer.body, HR_MARKER), c.seesHr, `${c.name}: chat answers from HR iff granted`);
    const stream = await post('/api/chat/stream', { message: QUESTION, ...(topicId ? { topicId } : {}) });
    t.equal(stream.statusCode, 200);
    t.equal(has(stream.body, HR_MARKER), c.seesHr, `${c.name}: chat stream carries HR text iff granted`);
  }
}

async function keyRoutes(t: Test, app: FastifyInstance, f: AccessFixture, c: Caller) {
  const post = (url: string, payload: object) =>
    app.inject({ method: 'POST', url, headers: c.headers, payload });
  for (const topicId of [undefined, f.topics.hrId, f.topics.publicId]) {
    const extra = topicId ? { topicId } : {};
    const hrAllowed = c.seesHr && topicId !== f.topics.publicId;
    const answer = await post('/api/public/chat', { message: QUESTION, ...extra });
    t.equal(answer.statusCode, 200);
    t.equal(has(answer.body, HR_MARKER), hrAllowed, `${c.name} topic ${topicId ?? 'omitted'}: public chat`);
    const stream = await post('/api/public/chat/stream', { message: QUESTION, ...extra });
    t.equal(stream.statusCode, 200);
    t.equal(has(stream.body, HR_MARKER), hrAllowed, `${c.name} topic ${topicId ?? 'omitted'}: public stream`);
    // Nonsense questions must not dump other documents' text either.
    const nonsense = await post('/api/public/chat', { message: `ficus ${UNFILED_MARKER} watered`, ...extra });
    t.equal(
      has(nonsense.body, UNFILED_MARKER),
      c.seesUnfiled && !topicId,
      `${c.name}: unfiled text iff all documents`,
    );
  }
  const topics = await app.inject({ method: 'GET', url: '/api/public/topics', headers: c.headers });
  const names = topics
    .json()
    .data.items.map((x: { name: string }) => x.name)
    .sort();
  const expected = c.seesHr ? ['HR', 'Public'] : c.name.includes('Public') ? ['Public'] : [];
  t.same(names, expected, `${c.name}: public topics are the key's`);
  // A key is no user credential: the JWT routes refuse it whatever its scope.
  const asUser = await app.inject({
    method: 'GET',
    url: `/api/documents/${f.docs.hrId}`,
    headers: c.headers,
  });
  t.equal(asUser.statusCode, 401);
}

async function matrix(t: Test, app: FastifyInstance) {
  const f = await accessFixture(app);
  const rotated = await app.inject({
    method: 'POST',
    url: `/api/api-keys/${f.keyIds.all}/visitor-secret`,
    headers: f.admin.headers,
  });
  for (const c of callers(f, rotated.json().data.visitorSecret)) {
    await t.test(c.name, async (t) =>
      c.kind === 'user' ? userRoutes(t, app, f, c) : keyRoutes(t, app, f, c),
    );
  }
  return f;
}

t.test('PGlite', async (t) => {
  const { app } = await buildTestApp(t, { worker: true });
  await matrix(t, app);
});

t.test('PostgreSQL', async (t) => {
  const { app } = await buildTestApp(t, { worker: true, postgres: true });
  await matrix(t, app);
});

t.test('Qdrant stand-in as the vector store', async (t) => {
  const qdrant = await testQdrant(t);
  const { app } = await buildTestApp(t, { worker: true, env: qdrant.env });
  await matrix(t, app);
});
