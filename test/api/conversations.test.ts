import t from 'tap';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { addUser } from '../helpers/users.ts';
import { multipartBody, waitForDocument } from '../helpers/multipart.ts';

for (const postgres of [false, true]) {
  t.test(
    `conversation history: messages, title, rename, delete, owner only (${postgres ? 'PostgreSQL' : 'PGlite'})`,
    async (t) => {
      const { app } = await buildTestApp(t, { postgres, worker: true });
      const alice = await signUp(app);
      const colleague = await addUser(app, alice, 'COMPANY_READER');
      const stranger = await signUp(app);
      const text =
        'Vacation policy.\n\nEmployees accrue two days of paid leave for every month of continuous service.\n\nRequests go to the HR portal.';
      const body = multipartBody({}, { filename: 'policy.txt', bytes: Buffer.from(text) });
      const up = await app.inject({
        method: 'POST',
        url: '/api/documents/upload',
        headers: { ...alice.headers, ...body.headers },
        payload: body.payload,
      });
      await waitForDocument(app, alice.headers, up.json().data.id);

      const created = await app.inject({
        method: 'POST',
        url: '/api/conversations',
        headers: alice.headers,
        payload: {},
      });
      const id = created.json().data.id;
      t.equal(created.json().data.title, 'New conversation');
      const ask = (message: string) =>
        app.inject({
          method: 'POST',
          url: '/api/chat/message',
          headers: alice.headers,
          payload: { message, conversationId: id },
        });
      t.equal((await ask('  How many days   of paid leave per month? ')).statusCode, 200);
      t.equal((await ask('And for part-time staff?')).statusCode, 200);

      const get = (headers: Record<string, string>) =>
        app.inject({ method: 'GET', url: `/api/conversations/${id}`, headers });
      const detail = (await get(alice.headers)).json().data;
      t.equal(detail.title, 'How many days of paid leave per month?', 'the first question titles it');
      t.equal(detail.messageCount, 4);
      t.same(
        detail.messages.map((m: { role: string }) => m.role),
        ['user', 'assistant', 'user', 'assistant'],
      );
      const answer = detail.messages[1];
      t.match(answer.content, /two days of paid leave/);
      t.equal(answer.sources[0].id, up.json().data.id);
      t.match(answer.citationMap['1'], { documentId: up.json().data.id, chunkId: /^chk_/ });
      t.match(answer.createdAt, /Z$/);

      for (const other of [colleague.headers, stranger.headers]) {
        t.equal((await get(other)).statusCode, 404, "another user's conversation is invisible");
        const put = await app.inject({
          method: 'PUT',
          url: `/api/conversations/${id}`,
          headers: other,
          payload: { title: 'mine now' },
        });
        t.equal(put.statusCode, 404);
        t.equal(
          (await app.inject({ method: 'DELETE', url: `/api/conversations/${id}`, headers: other }))
            .statusCode,
          404,
        );
      }
      const renamed = await app.inject({
        method: 'PUT',
        url: `/api/conversations/${id}`,
        headers: alice.headers,
        payload: { title: 'Leave' },
      });
      t.match(renamed.json().data, { id, title: 'Leave', messageCount: 4 });
      t.equal(
        (
          await app.inject({
            method: 'PUT',
            url: `/api/conversations/${id}`,
            headers: alice.headers,
            payload: { title: '' },
          })
        ).statusCode,
        400,
      );
      const del = await app.inject({
        method: 'DELETE',
        url: `/api/conversations/${id}`,
        headers: alice.headers,
      });
      t.same(del.json().data, { id, deleted: true });
      t.equal((await get(alice.headers)).statusCode, 404);
      t.equal(
        (await app.ctx.db.selectFrom('messages').select('id').where('conversation_id', '=', id).execute())
          .length,
        0,
        'its messages are gone',
      );
    },
  );
}

t.test(
  'contract gaps: duplicate topic, empty topicId, settings for admins only, claimed domain',
  async (t) => {
    const { app } = await buildTestApp(t);
    const admin = await signUp(app);
    const reader = await addUser(app, admin, 'COMPANY_READER');
    const other = await signUp(app);

    const topic = (payload: object, headers = admin.headers) =>
      app.inject({ method: 'POST', url: '/api/topics', headers, payload });
    const hr = await topic({ name: 'HR' });
    t.equal(hr.statusCode, 201);
    const dup = await topic({ name: ' hr ' });
    t.equal(dup.statusCode, 409);
    t.equal(dup.json().error.code, 'CONFLICT');
    t.equal((await topic({ name: 'HR' }, other.headers)).statusCode, 201, 'another company may use the name');
    const legal = await topic({ name: 'Legal' });
    const rename = await app.inject({
      method: 'PUT',
      url: `/api/topics/${legal.json().data.id}`,
      headers: admin.headers,
      payload: { name: 'HR' },
    });
    t.equal(rename.statusCode, 409, 'renaming onto an existing name');

    const body = multipartBody({}, { filename: 'a.txt', bytes: Buffer.from('some text to keep') });
    const up = await app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      headers: { ...admin.headers, ...body.headers },
      payload: body.payload,
    });
    const empty = await app.inject({
      method: 'PUT',
      url: `/api/documents/${up.json().data.id}`,
      headers: admin.headers,
      payload: { topicId: '' },
    });
    t.equal(empty.statusCode, 400);
    t.equal(empty.json().error.code, 'VALIDATION_ERROR');

    await app.inject({
      method: 'PUT',
      url: `/api/companies/${admin.user.companyId}`,
      headers: admin.headers,
      payload: { settings: { systemPrompt: 'Secret instructions' } },
    });
    const asReader = await app.inject({ method: 'GET', url: '/api/companies', headers: reader.headers });
    t.equal(asReader.json().data.items[0].settings, undefined, 'a reader does not see the settings');
    const one = await app.inject({
      method: 'GET',
      url: `/api/companies/${admin.user.companyId}`,
      headers: reader.headers,
    });
    t.notOk('settings' in one.json().data);
    const asAdmin = await app.inject({ method: 'GET', url: '/api/companies', headers: admin.headers });
    t.equal(asAdmin.json().data.items[0].settings.systemPrompt, 'Secret instructions');

    const grab = await app.inject({
      method: 'PUT',
      url: `/api/companies/${other.user.companyId}`,
      headers: other.headers,
      payload: { settings: { ssoDomains: ['ACME.test'] } },
    });
    t.equal(grab.statusCode, 403, 'a domain needs proof (test/access/reproductions.test.ts has the rest)');
    const badDomain = await app.inject({
      method: 'PUT',
      url: `/api/companies/${other.user.companyId}`,
      headers: other.headers,
      payload: { settings: { ssoDomains: ['not a domain'] } },
    });
    t.equal(badDomain.statusCode, 400);
  },
);
