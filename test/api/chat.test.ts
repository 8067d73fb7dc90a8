import t, { type Test } from 'tap';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildTestApp, DATASETS, signUp } from '../helpers/app.ts';
import { multipartBody, waitForDocument } from '../helpers/multipart.ts';
import { parseSse, readSse } from '../helpers/sse.ts';

const QUESTION = 'By what date must the FAA receive comments on the 737 MAX directive?';

/** Checks the spec's stream rules and returns the answer text and the done event. */
function checkStream(t: Test, events: Record<string, unknown>[]) {
  const types = events.map((e) => e.type);
  const firstNonToken = types.findIndex((x) => x !== 'token');
  t.ok(firstNonToken > 0, 'tokens first');
  t.same(types.slice(firstNonToken), ['sources', 'done'], 'then one sources, then done');
  const text = events
    .filter((e) => e.type === 'token')
    .map((e) => e.content)
    .join('');
  const done = events.at(-1) as {
    citationMap: Record<string, { documentId: string; chunkId: string }>;
    conversationId: string;
  };
  const markers = [...text.matchAll(/\[(\d+)\]/g)].map((m) => m[1]!);
  t.ok(markers.length > 0, 'the answer cites');
  for (const n of markers) t.ok(done.citationMap[n], `[${n}] is a key of citationMap`);
  return {
    text,
    done,
    sources: (events[firstNonToken] as { sources: { id: string; name: string; score: number }[] }).sources,
  };
}

t.test(
  'grounded answers with citations: JWT stream over real HTTP, JSON, public key, isolation',
  async (t) => {
    const { app, ctx } = await buildTestApp(t, { worker: true });
    const alice = await signUp(app);
    const bob = await signUp(app);
    const pdf = multipartBody(
      {},
      {
        filename: 'federal-register-2020-17221.pdf',
        bytes: readFileSync(join(DATASETS, 'documents/pdf/federal-register-2020-17221.pdf')),
      },
    );
    const up = await app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      headers: { ...alice.headers, ...pdf.headers },
      payload: pdf.payload,
    });
    const docId = up.json().data.id;
    t.equal((await waitForDocument(app, alice.headers, docId)).status, 'VECTORIZED');

    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}/api/chat/stream`, {
      method: 'POST',
      headers: { ...alice.headers, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ message: QUESTION }),
    });
    t.equal(res.status, 200);
    t.match(res.headers.get('content-type'), /text\/event-stream/);
    t.equal(res.headers.get('x-accel-buffering'), 'no');
    const { text, done, sources } = checkStream(t, await readSse(res));
    t.match(text, /September 21, 2020/, 'the answer has the comment deadline');
    t.ok(
      Object.values(done.citationMap).some((c) => c.documentId === docId),
      'cites the Federal Register document',
    );
    const cited = await ctx.db
      .selectFrom('chunks')
      .select(['id', 'document_id'])
      .where(
        'id',
        'in',
        Object.values(done.citationMap).map((c) => c.chunkId),
      )
      .execute();
    t.equal(
      cited.length,
      new Set(Object.values(done.citationMap).map((c) => c.chunkId)).size,
      'every citation points at a stored chunk',
    );
    t.match(sources[0], { id: docId, name: 'federal-register-2020-17221.pdf', score: Number });

    const json = await app.inject({
      method: 'POST',
      url: '/api/chat/message',
      headers: alice.headers,
      payload: { message: QUESTION, conversationId: done.conversationId },
    });
    t.equal(json.statusCode, 200);
    const data = json.json().data;
    t.match(data.answer, /September 21, 2020/);
    t.equal(data.conversationId, done.conversationId);
    for (const m of data.answer.matchAll(/\[(\d+)\]/g) as IterableIterator<RegExpMatchArray>)
      t.ok(data.citationMap[m[1]!]);

    // Bob's company has no documents: nothing found, and Alice's conversation is invisible to him.
    const bobAnswer = await app.inject({
      method: 'POST',
      url: '/api/chat/message',
      headers: bob.headers,
      payload: { message: QUESTION },
    });
    t.equal(bobAnswer.json().data.sources.length, 0);
    t.match(bobAnswer.json().data.answer, /could not find/);
    const stolen = await app.inject({
      method: 'POST',
      url: '/api/chat/message',
      headers: bob.headers,
      payload: { message: 'hi', conversationId: done.conversationId },
    });
    t.equal(stolen.statusCode, 404);

    // Public widget endpoints with an API key of Alice's company.
    const key = await app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: alice.headers,
      payload: { name: 'widget', authorizedDomains: ['*.example.com'], allDocuments: true },
    });
    t.equal(key.statusCode, 201);
    const apiKey = key.json().data.key as string;
    t.match(apiKey, /^svc_live_[A-Za-z0-9_-]{32,}$/);
    const stored = await ctx.db.selectFrom('api_keys').selectAll().executeTakeFirstOrThrow();
    t.not(stored.key_hash, apiKey, 'only a hash is stored');
    t.notOk(JSON.stringify(stored).includes(apiKey));
    const listed = await app.inject({ method: 'GET', url: '/api/api-keys', headers: alice.headers });
    t.notOk(listed.body.includes(apiKey), 'never listed again');

    const keyHeaders = { 'x-api-key': apiKey, origin: 'https://docs.example.com' };
    const pub = await app.inject({
      method: 'POST',
      url: '/api/public/chat/stream',
      headers: { ...keyHeaders, accept: 'text/event-stream' },
      payload: { message: QUESTION, sessionId: 'sess_abc123' },
    });
    t.equal(pub.statusCode, 200);
    t.match(checkStream(t, parseSse(pub.body)).text, /September 21, 2020/);
    const pubJson = await app.inject({
      method: 'POST',
      url: '/api/public/chat',
      headers: keyHeaders,
      payload: { message: QUESTION },
    });
    t.equal(pubJson.statusCode, 200);
    t.match(pubJson.json().data.answer, /September 21, 2020/);

    const missing = await app.inject({
      method: 'POST',
      url: '/api/public/chat',
      headers: keyHeaders,
      payload: {},
    });
    t.equal(missing.statusCode, 400);
    t.same(missing.json().error, {
      code: 'VALIDATION_ERROR',
      message: 'Request validation failed',
      details: [{ field: 'message', reason: 'is required' }],
    });
    const wrongDomain = await app.inject({
      method: 'POST',
      url: '/api/public/chat',
      headers: { 'x-api-key': apiKey, origin: 'https://evil.test' },
      payload: { message: 'x' },
    });
    t.equal(wrongDomain.statusCode, 403);
    t.equal(wrongDomain.json().error.code, 'FORBIDDEN');
    t.equal(
      (
        await app.inject({
          method: 'POST',
          url: '/api/public/chat',
          headers: { 'x-api-key': apiKey },
          payload: { message: 'x' },
        })
      ).statusCode,
      403,
      'no origin with an allowlist',
    );
    t.equal(
      (
        await app.inject({
          method: 'POST',
          url: '/api/public/chat',
          headers: { 'x-api-key': 'svc_live_nope' },
          payload: { message: 'x' },
        })
      ).statusCode,
      401,
    );
    t.equal(
      (await app.inject({ method: 'POST', url: '/api/public/chat', payload: { message: 'x' } })).statusCode,
      401,
    );

    const del = await app.inject({
      method: 'DELETE',
      url: `/api/api-keys/${key.json().data.id}`,
      headers: alice.headers,
    });
    t.equal(del.statusCode, 200);
    t.equal(
      (
        await app.inject({
          method: 'POST',
          url: '/api/public/chat',
          headers: keyHeaders,
          payload: { message: 'x' },
        })
      ).statusCode,
      401,
      'deleted at once',
    );
  },
);
