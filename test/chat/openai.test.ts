import t from 'tap';
import { openAiCompatibleProvider } from '../../src/chat/llm/openai.ts';
import { LlmUnavailableError } from '../../src/chat/llm/provider.ts';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { multipartBody, waitForDocument } from '../helpers/multipart.ts';
import { parseSse } from '../helpers/sse.ts';
import {
  completionChunk,
  fakeOpenAiServer as fakeServer,
  lastUserMessage,
  streamChunks,
} from '../helpers/openai-server.ts';

const options = (baseUrl: string) => ({
  baseUrl,
  apiKey: 'sk-local',
  model: 'qwen2.5',
  maxTokens: 300,
  timeoutMs: 5000,
});
const source = {
  chunkId: 'chk_1',
  documentId: 'doc_1',
  documentName: 'fr.pdf',
  text: 'Send comments by September 21, 2020.',
  pageStart: 1,
  pageEnd: 1,
  headingPath: [],
  score: 1,
};

t.test('streams chat.completion.chunk deltas; the request carries model, sources, cap, key', async (t) => {
  const fake = await fakeServer(t, (_req, _body, res) =>
    streamChunks(res, ['Due ', 'September 21, 2020 [1]', '.']),
  );
  const provider = openAiCompatibleProvider(options(fake.baseUrl));
  const out: string[] = [];
  for await (const piece of provider.generate({
    question: 'When?',
    sources: [source],
    history: [],
    signal: new AbortController().signal,
  }))
    out.push(piece);
  t.same(out, ['Due ', 'September 21, 2020 [1]', '.']);
  const sent = fake.requests[0]!;
  t.equal(sent.url, '/v1/chat/completions');
  t.equal(sent.authorization, 'Bearer sk-local');
  t.match(sent.body, { model: 'qwen2.5', stream: true, max_tokens: 300 });
  const messages = sent.body.messages as { role: string; content: string }[];
  t.equal(messages[0]!.role, 'system');
  t.match(
    messages.at(-1)!.content,
    /\[1\] \(fr\.pdf, p\. 1\)\n<source>\nSend comments by September 21, 2020\.\n<\/source>/,
  );
});

t.test(
  'failures become LlmUnavailableError with a reason: missing model, refused key, timeout, no server',
  async (t) => {
    const notFound = await fakeServer(t, (_req, _body, res) => {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: {
            message: 'The model `qwen2.5` does not exist.',
            type: 'invalid_request_error',
            code: 'model_not_found',
          },
        }),
      );
    });
    const unauthorized = await fakeServer(t, (_req, _body, res) => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'Incorrect API key', type: 'invalid_request_error' } }));
    });
    const silent = await fakeServer(t, () => {
      /* never answers */
    });
    const drain = async (baseUrl: string, timeoutMs = 5000) => {
      for await (const _ of openAiCompatibleProvider({ ...options(baseUrl), timeoutMs }).generate({
        question: 'q',
        sources: [],
        history: [],
        signal: new AbortController().signal,
      }))
        void _;
    };
    await t.rejects(drain(notFound.baseUrl), {
      name: 'LlmUnavailableError',
      message: /model "qwen2\.5" is not served.*OPENAI_MODEL/,
    });
    await t.rejects(drain(unauthorized.baseUrl), { message: /refused OPENAI_API_KEY/ });
    await t.rejects(drain(silent.baseUrl, 300), { message: /did not answer within 300 ms/ });
    await t.rejects(drain('http://127.0.0.1:9/v1'), LlmUnavailableError);
  },
);

t.test(
  'the API answers with an OpenAI-compatible server: streamed, cited, disconnect stops it',
  async (t) => {
    let upstreamClosed = false;
    let slowSent = 0;
    const fake = await fakeServer(t, (_req, body, res) => {
      const question = lastUserMessage(body);
      if (!question.includes('long answer'))
        return streamChunks(res, ['Employees accrue ', 'two days [1]', '.']);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      // Cited from the start: a grounded answer streams at once (src/chat/grounding.ts).
      res.write(completionChunk({ content: 'Leave is two days a month [1]. ' }));
      const timer = setInterval(() => {
        slowSent++;
        res.write(completionChunk({ content: `w${slowSent} ` }));
        if (slowSent >= 100) {
          clearInterval(timer);
          res.end('data: [DONE]\n\n');
        }
      }, 50);
      res.on('close', () => {
        upstreamClosed = true;
        clearInterval(timer);
      });
    });
    const { app } = await buildTestApp(t, {
      worker: true,
      env: { LLM_PROVIDER: 'openai', OPENAI_BASE_URL: fake.baseUrl, OPENAI_MODEL: 'qwen2.5' },
    });
    const { headers } = await signUp(app);
    const text = 'Leave policy.\n\nEmployees accrue two days of paid leave for every month of service.';
    const up = multipartBody({}, { filename: 'policy.txt', bytes: Buffer.from(text) });
    const doc = await app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      headers: { ...headers, ...up.headers },
      payload: up.payload,
    });
    t.equal((await waitForDocument(app, headers, doc.json().data.id)).status, 'VECTORIZED');

    const health = (await app.inject({ method: 'GET', url: '/api/health/details', headers })).json().data;
    t.match(health, { llmProvider: 'openai' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/chat/stream',
      headers,
      payload: { message: 'How much leave?' },
    });
    const events = parseSse(res.body);
    t.equal(
      events
        .filter((e) => e.type === 'token')
        .map((e) => e.content)
        .join(''),
      'Employees accrue two days [1].',
    );
    const done = events.at(-1) as { type: string; citationMap: Record<string, { documentId: string }> };
    t.equal(done.type, 'done');
    t.equal(done.citationMap['1']!.documentId, doc.json().data.id, '[1] cites the uploaded document');

    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const abort = new AbortController();
    const stream = await fetch(`${address}/api/chat/stream`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({
        message: 'How many days of paid leave do employees accrue each month? A long answer, please.',
      }),
      signal: abort.signal,
    });
    const reader = stream.body!.getReader();
    t.match(new TextDecoder().decode((await reader.read()).value), /"type":"token"/);
    abort.abort();
    for (let i = 0; i < 40 && !upstreamClosed; i++) await new Promise((r) => setTimeout(r, 50));
    t.ok(upstreamClosed, 'the request to the model server was closed');
    t.ok(slowSent < 100, `generation stopped early (${slowSent} of 100 pieces)`);
  },
);
