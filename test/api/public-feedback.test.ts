import t from 'tap';
import { buildTestApp, signUp } from '../helpers/app.ts';

/**
 * The widget's thumbs (PUT /api/public/messages/:messageId/feedback): a visitor rates only answers
 * of its own widget session with this key; the rating lands where the console's does, so the
 * insights count it.
 */
t.test('public feedback: own session only, same storage as the console', async (t) => {
  const { app } = await buildTestApp(t);
  const admin = await signUp(app);
  const other = await signUp(app);
  const keyOf = async (headers: Record<string, string>, extra: Record<string, unknown> = {}) =>
    (
      await app.inject({
        method: 'POST',
        url: '/api/api-keys',
        headers,
        payload: { name: 'site', allDocuments: true, ...extra },
      })
    ).json().data.key as string;
  const keyA = await keyOf(admin.headers);
  const keyB = await keyOf(admin.headers);
  const keyOther = await keyOf(other.headers);
  const keyDomains = await keyOf(admin.headers, { authorizedDomains: ['www.example.com'] });

  const ask = async (key: string, sessionId?: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/public/chat',
      headers: { 'x-api-key': key },
      payload: { message: 'What are the opening hours?', ...(sessionId ? { sessionId } : {}) },
    });
    t.equal(res.statusCode, 200);
    return res.json().data as { messageId: string; conversationId: string; sessionId: string };
  };
  const a1 = await ask(keyA);
  const a2 = await ask(keyA, a1.sessionId);
  t.equal(a2.conversationId, a1.conversationId, 'the session continues its conversation');
  const b1 = await ask(keyA); // another visitor of the same site
  const o1 = await ask(keyOther);

  const rate = (key: string, messageId: string, body: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'PUT',
      url: `/api/public/messages/${messageId}/feedback`,
      headers: { 'x-api-key': key, ...headers },
      payload: body as Record<string, unknown>,
    });

  const up = await rate(keyA, a1.messageId, { sessionId: a1.sessionId, rating: 'up' });
  t.equal(up.statusCode, 200);
  t.same([up.json().success, up.json().data.messageId, up.json().data.rating], [true, a1.messageId, 'up']);
  t.ok(up.json().data.ratedAt, 'dated');
  t.equal((await rate(keyA, a2.messageId, { sessionId: a1.sessionId, rating: 'down' })).statusCode, 200);

  const notFound = async (res: Awaited<ReturnType<typeof rate>>, why: string) => {
    t.equal(res.statusCode, 404, why);
    t.equal(res.json().error.code, 'NOT_FOUND', `${why}: NOT_FOUND`);
  };
  await notFound(
    await rate(keyA, a1.messageId, { sessionId: b1.sessionId, rating: 'down' }),
    "another visitor's session",
  );
  await notFound(
    await rate(keyA, b1.messageId, { sessionId: a1.sessionId, rating: 'down' }),
    "another conversation's message",
  );
  await notFound(
    await rate(keyB, a1.messageId, { sessionId: a1.sessionId, rating: 'down' }),
    "another key's session",
  );
  await notFound(
    await rate(keyOther, a1.messageId, { sessionId: o1.sessionId, rating: 'down' }),
    "another company's message",
  );
  await notFound(
    await rate(keyOther, a1.messageId, { sessionId: a1.sessionId, rating: 'down' }),
    "another company's key with the visitor's session",
  );
  await notFound(
    await rate(keyA, a1.messageId, { sessionId: 'sess_made_up', rating: 'down' }),
    'a made-up session',
  );
  const detail = await app.inject({ url: `/api/conversations/${a1.conversationId}`, headers: admin.headers });
  t.equal(detail.statusCode, 404, 'widget conversations are not a user’s: checked through the insights');
  const questionId = await app.ctx.db
    .selectFrom('messages')
    .select('id')
    .where('conversation_id', '=', a1.conversationId)
    .where('role', '=', 'user')
    .executeTakeFirstOrThrow();
  await notFound(
    await rate(keyA, questionId.id, { sessionId: a1.sessionId, rating: 'up' }),
    'a question is not rated',
  );

  for (const [body, why] of [
    [{ sessionId: a1.sessionId, rating: 'meh' }, 'a rating outside up/down/null'],
    [{ rating: 'up' }, 'no session'],
    [{ sessionId: 'conv_1', rating: 'up' }, 'a malformed session'],
    [{ sessionId: a1.sessionId, rating: 'up', extra: 1 }, 'an unknown field'],
  ] as const) {
    const res = await rate(keyA, a1.messageId, body);
    t.equal(res.statusCode, 400, why);
    t.equal(res.json().error.code, 'VALIDATION_ERROR', `${why}: VALIDATION_ERROR`);
  }
  const noKey = await app.inject({
    method: 'PUT',
    url: `/api/public/messages/${a1.messageId}/feedback`,
    payload: { sessionId: a1.sessionId, rating: 'up' },
  });
  t.equal(noKey.statusCode, 401, 'no key');
  const foreignSite = await rate(
    keyDomains,
    a1.messageId,
    { sessionId: a1.sessionId, rating: 'up' },
    { origin: 'https://evil.example.net' },
  );
  t.equal(foreignSite.statusCode, 403, 'a site outside the key’s domains');
  t.equal(foreignSite.json().error.code, 'FORBIDDEN');

  const insights = await app.inject({ url: '/api/insights?days=7', headers: admin.headers });
  t.same(
    insights.json().data.totals.thumbsUp + insights.json().data.totals.thumbsDown,
    2,
    'the insights count the widget’s ratings',
  );
  t.same([insights.json().data.totals.thumbsUp, insights.json().data.totals.thumbsDown], [1, 1]);
  const cleared = await rate(keyA, a1.messageId, { sessionId: a1.sessionId, rating: null });
  t.same([cleared.json().data.rating, cleared.json().data.ratedAt], [null, null], 'null takes it back');
  const otherInsights = await app.inject({ url: '/api/insights?days=7', headers: other.headers });
  t.same(otherInsights.json().data.totals.thumbsUp, 0, 'per company');
});
