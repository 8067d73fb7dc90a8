import t from 'tap';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildTestApp, DATASETS, signUp } from '../helpers/app.ts';
import { multipartBody } from '../helpers/multipart.ts';
import { addUser } from '../helpers/users.ts';

type Json = Record<string, unknown>;

const pdf = readFileSync(join(DATASETS, 'documents/pdf/nics-background-checks-2015-11.pdf'));
const txt = Buffer.from('Idempotency keys make retries safe.\n');

/** Documents the company holds, counted in the database. */
async function documentCount(ctx: Awaited<ReturnType<typeof buildTestApp>>['ctx'], companyId: string) {
  const row = await ctx.db
    .selectFrom('documents')
    .select((e) => e.fn.countAll<string>().as('n'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

t.test('Idempotency-Key on upload: a retry returns the first document; another body is 422', async (t) => {
  const { app, ctx } = await buildTestApp(t);
  const admin = await signUp(app);
  const upload = (key: string | undefined, bytes: Buffer, name = 'NICS') => {
    const form = multipartBody({ name }, { filename: 'nics.pdf', bytes });
    return app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      headers: { ...admin.headers, ...form.headers, ...(key ? { 'idempotency-key': key } : {}) },
      payload: form.payload,
    });
  };

  const first = await upload('"upload-1"', pdf);
  t.equal(first.statusCode, 201, first.body);
  t.notOk(first.headers['idempotent-replayed'], 'the first answer is no replay');
  const retry = await upload('"upload-1"', pdf);
  t.equal(retry.statusCode, 201, 'the retry answers as the first did');
  t.equal(retry.headers['idempotent-replayed'], 'true');
  t.same(retry.json(), first.json(), 'the stored response: the first document, same id');
  t.equal(await documentCount(ctx, admin.user.companyId), 1, 'one document created');

  const bare = await upload('upload-1', pdf);
  t.equal(bare.json().data.id, first.json().data.id, 'a bare (unquoted) key is the same key');

  const other = await upload('upload-1', txt);
  t.equal(other.statusCode, 422, 'the key with another file is refused');
  t.match(other.json(), {
    success: false,
    error: { code: 'VALIDATION_ERROR', details: [{ field: 'Idempotency-Key' }] },
  });
  const renamed = await upload('upload-1', pdf, 'Another name');
  t.equal(renamed.statusCode, 422, 'the key with another field is refused');

  const noKey = [await upload(undefined, pdf), await upload(undefined, pdf)];
  t.same(
    noKey.map((r) => r.statusCode),
    [201, 201],
  );
  t.equal(await documentCount(ctx, admin.user.companyId), 3, 'without a key, each upload creates one');

  const bad = await upload('x'.repeat(256), pdf);
  t.equal(bad.statusCode, 400, 'an over-long key is a validation error');
  t.equal(bad.json().error.details[0].field, 'Idempotency-Key');
});

for (const postgres of [false, true]) {
  t.test(
    `a concurrent double submit creates one document (${postgres ? 'PostgreSQL' : 'PGlite'})`,
    async (t) => {
      const { app, ctx } = await buildTestApp(t, { postgres });
      const admin = await signUp(app);
      const form = multipartBody({}, { filename: 'nics.pdf', bytes: pdf });
      const send = () =>
        app.inject({
          method: 'POST',
          url: '/api/documents/upload',
          headers: { ...admin.headers, ...form.headers, 'idempotency-key': 'double-submit' },
          payload: form.payload,
        });
      const answers = await Promise.all([send(), send(), send()]);
      const statuses = answers.map((r) => r.statusCode);
      t.ok(
        statuses.every((s) => s === 201 || s === 409),
        `each is the creation, its replay, or 409 while in progress: ${statuses}`,
      );
      const created = answers.filter((r) => r.statusCode === 201 && !r.headers['idempotent-replayed']);
      t.equal(created.length, 1, 'exactly one request created');
      for (const r of answers.filter((r) => r.statusCode === 409)) {
        t.equal(r.json().error.code, 'CONFLICT');
        t.equal(r.headers['retry-after'], '1');
      }
      const ids = new Set(answers.filter((r) => r.statusCode === 201).map((r) => r.json().data.id));
      t.equal(ids.size, 1, 'every 201 names the same document');
      t.equal(await documentCount(ctx, admin.user.companyId), 1, 'one document in the database');
      const later = await send();
      t.equal(later.statusCode, 201, 'once done, the key replays');
      t.equal(later.json().data.id, [...ids][0]);
    },
  );
}

t.test('JSON creates: replay, mismatch, scope by principal and company', async (t) => {
  const { app, ctx } = await buildTestApp(t);
  const admin = await signUp(app);
  const editor = await addUser(app, admin, 'COMPANY_ADMIN');
  const stranger = await signUp(app);
  const create = (who: { headers: Record<string, string> }, name: string, key = 'topic-key') =>
    app.inject({
      method: 'POST',
      url: '/api/topics',
      headers: { ...who.headers, 'idempotency-key': key },
      payload: { name },
    });
  const first = await create(admin, 'Finance');
  t.equal(first.statusCode, 201, first.body);
  const again = await create(admin, 'Finance');
  t.same(again.json(), first.json(), 'same key, same body: the stored topic');
  t.equal(again.statusCode, 201);
  const reordered = await app.inject({
    method: 'POST',
    url: '/api/topics',
    headers: { ...admin.headers, 'idempotency-key': 'topic-key', 'content-type': 'application/json' },
    payload: JSON.stringify({ description: null, name: 'Finance' }),
  });
  t.equal(reordered.statusCode, 422, 'a body with another field is another request');
  t.equal((await create(admin, 'Legal')).statusCode, 422, 'same key, another name: 422');

  const own = await create(editor, 'Legal');
  t.equal(own.statusCode, 201, 'another user’s same key is their own');
  t.not(own.json().data.id, first.json().data.id);
  const foreign = await create(stranger, 'Finance');
  t.equal(foreign.statusCode, 201, 'another company’s same key is theirs');
  t.not(foreign.json().data.id, first.json().data.id);

  // A refusal that a retry may cure is not stored: 409 for a duplicate name, then free again.
  const dup = await create(admin, 'Legal', 'dup-key');
  t.equal(dup.statusCode, 409, dup.body);
  const stored = await ctx.db
    .selectFrom('idempotency_keys')
    .select('key')
    .where('key', '=', 'dup-key')
    .execute();
  t.same(stored, [], 'the 409 released its key');

  // Expired keys are forgotten: back-date the first one past 24 h.
  await ctx.db
    .updateTable('idempotency_keys')
    .set({ created_at: new Date(Date.now() - 25 * 3600_000) })
    .where('key', '=', 'topic-key')
    .execute();
  const expired = await create(admin, 'Marketing');
  t.equal(expired.statusCode, 201, 'after 24 h the key is new again');
  t.not(expired.json().data.id, first.json().data.id);
});

t.test('chat/message with a key: a retry is the stored answer, one conversation', async (t) => {
  const { app, ctx } = await buildTestApp(t);
  const admin = await signUp(app);
  const ask = (key: string, message = 'What is the refund window?') =>
    app.inject({
      method: 'POST',
      url: '/api/chat/message',
      headers: { ...admin.headers, 'idempotency-key': key },
      payload: { message },
    });
  const first = await ask('ask-1');
  t.equal(first.statusCode, 200, first.body);
  const again = await ask('ask-1');
  t.equal(again.headers['idempotent-replayed'], 'true');
  t.same(again.json(), first.json(), 'the same answer, conversation and message ids');
  const conversations = await ctx.db
    .selectFrom('conversations')
    .select('id')
    .where('company_id', '=', admin.user.companyId)
    .execute();
  t.equal(conversations.length, 1, 'asked once');
  t.equal((await ask('ask-1', 'Another question?')).statusCode, 422, 'another question with the key');
});

t.test('the keys the server accepts are exactly those the document’s pattern matches', async (t) => {
  const { app } = await buildTestApp(t);
  const admin = await signUp(app);
  const doc = (await app.inject({ url: '/api/openapi.json' })).json();
  const param = (doc.paths['/api/topics'].post.parameters as { name: string; schema: Json }[]).find(
    (p) => p.name === 'Idempotency-Key',
  )!;
  t.notOk('example' in param || 'examples' in param, 'no fixed example a tool would reuse');
  const pattern = new RegExp(param.schema.pattern as string);
  const max = param.schema.maxLength as number;
  const cases = [
    'a',
    '8e03978e-40d5-43e8-bc93-6894a57f9324',
    '"0b6ad3f2-5d1c-4a8e-9f27-3c1e8b7d4a60"',
    'x'.repeat(255),
    `"${'y'.repeat(255)}"`,
    'x'.repeat(256),
    `"${'x'.repeat(256)}"`,
    '""',
    '"',
    '"a',
    'a"b',
    '"a"b"',
    'two words',
    '"two words"',
    'tab\there',
    'ünïcode',
    "!#$%&'()*+,-./:;<=>?@[\\]^_`{|}~",
  ];
  // Each a different key: a key sent again with another body is 422, whatever its form.
  let n = 0;
  for (const key of cases) {
    const documented = pattern.test(key) && key.length <= max;
    const res = await app.inject({
      method: 'POST',
      url: '/api/topics',
      headers: { ...admin.headers, 'idempotency-key': key },
      payload: { name: `Topic ${n++}` },
    });
    t.equal(res.statusCode, documented ? 201 : 400, `${JSON.stringify(key)}: ${res.statusCode}`);
    if (!documented) t.match(res.json().error, { message: 'Invalid Idempotency-Key' });
  }
});
