import t from 'tap';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { multipartBody } from '../helpers/multipart.ts';

t.test('topics, topic filter, conversations, companies, public topics and web search', async (t) => {
  const { app } = await buildTestApp(t);
  const alice = await signUp(app);
  const bob = await signUp(app);

  const created = await app.inject({
    method: 'POST',
    url: '/api/topics',
    headers: alice.headers,
    payload: { name: 'Aviation', description: 'FAA rules' },
  });
  t.equal(created.statusCode, 201);
  const topic = created.json().data;
  t.match(topic, { id: /^top_/, name: 'Aviation', description: 'FAA rules', documentCount: 0 });

  const body = multipartBody(
    { topicId: topic.id },
    { filename: 'note.txt', bytes: Buffer.from('An aviation note with enough words in it.') },
  );
  const up = await app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    headers: { ...alice.headers, ...body.headers },
    payload: body.payload,
  });
  t.equal(up.statusCode, 201);
  t.equal(up.json().data.topicId, topic.id);
  const other = multipartBody(
    {},
    { filename: 'other.txt', bytes: Buffer.from('Something else entirely, no topic.') },
  );
  await app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    headers: { ...alice.headers, ...other.headers },
    payload: other.payload,
  });
  const filtered = await app.inject({
    method: 'GET',
    url: `/api/documents?topicId=${topic.id}`,
    headers: alice.headers,
  });
  t.equal(filtered.json().data.pagination.total, 1);
  t.equal(filtered.json().data.items[0].name, 'note.txt');

  const list = await app.inject({ method: 'GET', url: '/api/topics', headers: alice.headers });
  t.same(
    list.json().data.items.map((x: { name: string; documentCount: number }) => [x.name, x.documentCount]),
    [['Aviation', 1]],
  );
  t.equal(
    (await app.inject({ method: 'GET', url: '/api/topics', headers: bob.headers })).json().data.pagination
      .total,
    0,
  );
  t.equal(
    (
      await app.inject({
        method: 'PUT',
        url: `/api/topics/${topic.id}`,
        headers: bob.headers,
        payload: { name: 'x' },
      })
    ).statusCode,
    404,
  );
  const renamed = await app.inject({
    method: 'PUT',
    url: `/api/topics/${topic.id}`,
    headers: alice.headers,
    payload: { name: 'Air' },
  });
  t.equal(renamed.json().data.name, 'Air');
  t.equal(
    (await app.inject({ method: 'PUT', url: `/api/topics/${topic.id}`, headers: alice.headers, payload: {} }))
      .statusCode,
    400,
  );

  const key = (
    await app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: alice.headers,
      payload: { name: 'w', allDocuments: true },
    })
  ).json().data.key;
  const pubTopics = await app.inject({
    method: 'GET',
    url: '/api/public/topics',
    headers: { 'x-api-key': key },
  });
  t.equal(pubTopics.statusCode, 200);
  t.equal(pubTopics.json().data.items[0].name, 'Air');
  const web = await app.inject({
    method: 'POST',
    url: '/api/public/search/web',
    headers: { 'x-api-key': key },
    payload: { query: 'x' },
  });
  t.equal(web.statusCode, 503);
  t.equal(web.json().error.code, 'SERVICE_UNAVAILABLE');

  const del = await app.inject({ method: 'DELETE', url: `/api/topics/${topic.id}`, headers: alice.headers });
  t.equal(del.statusCode, 200);
  const doc = await app.inject({
    method: 'GET',
    url: `/api/documents/${up.json().data.id}`,
    headers: alice.headers,
  });
  t.equal(doc.json().data.topicId, null, 'documents stay, without a topic');

  const conv = await app.inject({
    method: 'POST',
    url: '/api/conversations',
    headers: alice.headers,
    payload: { title: 'Planning' },
  });
  t.equal(conv.statusCode, 201);
  t.match(conv.json().data, { id: /^conv_/, title: 'Planning', messageCount: 0 });
  await app.inject({
    method: 'POST',
    url: '/api/chat/message',
    headers: alice.headers,
    payload: { message: 'aviation note?', conversationId: conv.json().data.id },
  });
  const convs = await app.inject({ method: 'GET', url: '/api/conversations', headers: alice.headers });
  t.equal(convs.json().data.items[0].messageCount, 2);
  t.equal(
    (await app.inject({ method: 'GET', url: '/api/conversations', headers: bob.headers })).json().data
      .pagination.total,
    0,
  );

  const companies = await app.inject({ method: 'GET', url: '/api/companies', headers: alice.headers });
  t.equal(companies.json().data.items.length, 1);
  t.equal(companies.json().data.items[0].id, alice.user.companyId);
  t.equal(
    (await app.inject({ method: 'GET', url: `/api/companies/${bob.user.companyId}`, headers: alice.headers }))
      .statusCode,
    404,
  );
  const upd = await app.inject({
    method: 'PUT',
    url: `/api/companies/${alice.user.companyId}`,
    headers: alice.headers,
    payload: { settings: { language: 'fr', topK: 8 } },
  });
  t.equal(upd.statusCode, 200);
  t.same(upd.json().data.settings, { language: 'fr', topK: 8 });
  const bad = await app.inject({
    method: 'PUT',
    url: `/api/companies/${alice.user.companyId}`,
    headers: alice.headers,
    payload: { settings: { language: 'xx' } },
  });
  t.equal(bad.statusCode, 400);
});

t.test('changing the company language rebuilds the lexical index with the new analyzer', async (t) => {
  const { app, ctx } = await buildTestApp(t, { worker: true });
  const { headers, user } = await signUp(app);
  const body = multipartBody(
    {},
    { filename: 'fr.txt', bytes: Buffer.from("Les employés reçoivent l'indemnité chaque mois.") },
  );
  const up = await app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  const { waitForDocument } = await import('../helpers/multipart.ts');
  await waitForDocument(app, headers, up.json().data.id);
  const terms = async () =>
    (
      await ctx.db.selectFrom('chunk_terms').select('term').where('company_id', '=', user.companyId).execute()
    ).map((r) => r.term);
  const before = await terms();
  t.ok(before.includes("l'indemnit"), `English analysis: ${before.join(' ')}`);
  const res = await app.inject({
    method: 'PUT',
    url: `/api/companies/${user.companyId}`,
    headers,
    payload: { settings: { language: 'fr' } },
  });
  t.equal(res.statusCode, 200);
  let after = before;
  for (let i = 0; i < 100 && JSON.stringify(after) === JSON.stringify(before); i++) {
    await new Promise((r) => setTimeout(r, 100));
    after = await terms();
  }
  t.notSame(after.sort(), before.sort(), 'postings were rebuilt');
  t.same(
    after.sort(),
    ['chaqu', 'emploi', 'fr.txt', 'indemn', 'mois', 'recoivent'],
    'French stems, elision removed',
  );
});
