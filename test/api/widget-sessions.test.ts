import t from 'tap';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { parseSse } from '../helpers/sse.ts';
import { multipartBody, waitForDocument } from '../helpers/multipart.ts';

t.test('widget sessions are made by the server and cannot be joined across visitors or keys', async (t) => {
  const { app } = await buildTestApp(t, { worker: true });
  const admin = await signUp(app);
  const body = multipartBody(
    {},
    { filename: 'hours.txt', bytes: Buffer.from('The support desk is open from 8am to 6pm on weekdays.') },
  );
  const up = await app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    headers: { ...admin.headers, ...body.headers },
    payload: body.payload,
  });
  t.equal((await waitForDocument(app, admin.headers, up.json().data.id)).status, 'VECTORIZED');
  const newKey = async () =>
    (
      await app.inject({
        method: 'POST',
        url: '/api/api-keys',
        headers: admin.headers,
        payload: { name: 'w', allDocuments: true },
      })
    ).json().data.key as string;
  const keyA = await newKey();
  const keyB = await newKey();
  const ask = (key: string, sessionId?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/public/chat',
      headers: { 'x-api-key': key },
      payload: { message: 'When is the support desk open?', ...(sessionId ? { sessionId } : {}) },
    });

  const first = (await ask(keyA)).json().data;
  t.match(first.sessionId, /^sess_[A-Za-z0-9_-]{54}$/, 'the server makes the id');
  const again = (await ask(keyA, first.sessionId)).json().data;
  t.equal(again.sessionId, first.sessionId, 'its own id continues the session');
  t.equal(again.conversationId, first.conversationId);

  const madeUp = (await ask(keyA, 'sess_1')).json().data;
  t.not(madeUp.sessionId, 'sess_1', 'a made-up id is replaced');
  t.not(madeUp.conversationId, first.conversationId, 'and starts a new conversation');
  const madeUpAgain = (await ask(keyA, 'sess_1')).json().data;
  t.not(madeUpAgain.conversationId, madeUp.conversationId, 'a second visitor sending sess_1 joins nobody');

  const forged = `${first.sessionId.slice(0, -4)}AAAA`;
  t.not((await ask(keyA, forged)).json().data.conversationId, first.conversationId, 'a forged MAC');
  const otherKey = (await ask(keyB, first.sessionId)).json().data;
  t.not(otherKey.conversationId, first.conversationId, "another key's visitor cannot join");
  t.not(otherKey.sessionId, first.sessionId);

  const stream = await app.inject({
    method: 'POST',
    url: '/api/public/chat/stream',
    headers: { 'x-api-key': keyA, accept: 'text/event-stream' },
    payload: { message: 'When is the support desk open?', sessionId: first.sessionId },
  });
  const done = parseSse(stream.body).find((e) => e.type === 'done') as Record<string, unknown>;
  t.equal(done.sessionId, first.sessionId, 'the stream’s done event carries the session');
  t.equal(done.conversationId, first.conversationId);
  const snippets = parseSse(stream.body).find((e) => e.type === 'sources') as {
    sources: { chunks: { snippet: string }[] }[];
  };
  t.match(snippets.sources[0]!.chunks[0]!.snippet, /support desk/, 'citations carry a snippet');
});
