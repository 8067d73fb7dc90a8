import t from 'tap';
import { createParser } from 'eventsource-parser';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { multipartBody, waitForDocument } from '../helpers/multipart.ts';
import { parseSse } from '../helpers/sse.ts';
import {
  completionChunk,
  fakeOpenAiServer,
  lastUserMessage,
  streamChunks,
} from '../helpers/openai-server.ts';
import { REFUSAL_SENTENCE } from '../../src/chat/prompt.ts';

const tokensOf = (events: Record<string, unknown>[]) =>
  events.filter((e) => e.type === 'token').map((e) => e.content as string);

t.test(
  'a scripted model through the API: refused when ungrounded, cited otherwise, stored as shown',
  async (t) => {
    let clientHasFirstToken!: () => void;
    const firstTokenArrived = new Promise<void>((resolve) => (clientHasFirstToken = resolve));
    const fake = await fakeOpenAiServer(t, (_req, body, res) => {
      const question = lastUserMessage(body);
      if (question.includes('capital'))
        return streamChunks(res, ['The capital of Australia ', 'is Canberra.']);
      if (question.includes('How much'))
        return streamChunks(res, ['Employees accrue two days of paid leave', ' for every month of service']);
      // A cited answer whose end the model sends only once the client has its first token: a held
      // back answer would never get there.
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(completionChunk({ content: 'Leave is two days [1][7]' }));
      void firstTokenArrived.then(() => {
        res.write(completionChunk({ content: ' a month.' }));
        res.write(completionChunk({}, 'stop'));
        res.end('data: [DONE]\n\n');
      });
    });
    const { app } = await buildTestApp(t, {
      worker: true,
      env: { LLM_PROVIDER: 'openai', OPENAI_BASE_URL: fake.baseUrl, OPENAI_MODEL: 'qwen2.5' },
    });
    const { headers } = await signUp(app);
    const text = 'Leave policy.\n\nEmployees accrue two days of paid leave for every month of service.';
    const up = multipartBody({}, { filename: 'policy.txt', bytes: Buffer.from(text) });
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      headers: { ...headers, ...up.headers },
      payload: up.payload,
    });
    const documentId = uploaded.json().data.id;
    t.equal((await waitForDocument(app, headers, documentId)).status, 'VECTORIZED');
    const ask = async (message: string) =>
      parseSse(
        (await app.inject({ method: 'POST', url: '/api/chat/stream', headers, payload: { message } })).body,
      );
    const stored = async (conversationId: string) =>
      (await app.inject({ method: 'GET', url: `/api/conversations/${conversationId}`, headers })).json().data
        .messages[1];

    // Uncited, and no source holds it: the plain refusal, stored as such.
    const refused = await ask('What is the capital of Australia?');
    t.same(tokensOf(refused), [REFUSAL_SENTENCE], 'nothing of the model’s answer was streamed');
    t.same(
      refused.map((e) => e.type),
      ['token', 'sources', 'done'],
      'only the spec’s events',
    );
    const refusedDone = refused.at(-1) as { citationMap: object; conversationId: string };
    t.same(refusedDone.citationMap, {});
    t.match(await stored(refusedDone.conversationId), {
      content: REFUSAL_SENTENCE,
      refused: true,
      citationMap: {},
    });

    // Uncited, but the document holds it: the model's words with the attributed citation.
    const attributed = await ask('How much leave do I get?');
    t.equal(
      tokensOf(attributed).join(''),
      'Employees accrue two days of paid leave for every month of service [1]',
    );
    const attributedDone = attributed.at(-1) as {
      citationMap: Record<string, { documentId: string }>;
      conversationId: string;
    };
    t.equal(attributedDone.citationMap['1']?.documentId, documentId);
    t.match(await stored(attributedDone.conversationId), {
      content: 'Employees accrue two days of paid leave for every month of service [1]',
      refused: false,
    });

    // Cited: streamed as the model sends it (a marker citing no source dropped), the first token
    // before the model has finished.
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}/api/chat/stream`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ message: 'What is the leave policy?' }),
    });
    const events: Record<string, unknown>[] = [];
    const parser = createParser({
      onEvent: (e) => {
        events.push(JSON.parse(e.data));
        if (events.length === 1) clientHasFirstToken();
      },
    });
    const timeout = setTimeout(() => clientHasFirstToken(), 10_000);
    const decoder = new TextDecoder();
    const started = Date.now();
    for await (const part of res.body!) parser.feed(decoder.decode(part as Uint8Array, { stream: true }));
    clearTimeout(timeout);
    t.ok(Date.now() - started < 10_000, 'the first token came while the model was still answering');
    t.same(tokensOf(events), ['Leave is two days [1]', ' a month.'], 'streamed as sent, less the marker [7]');
    const done = events.at(-1) as { citationMap: Record<string, { documentId: string }> };
    t.equal(done.citationMap['1']?.documentId, documentId);
  },
);
