import t from 'tap';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ollamaProvider } from '../../src/chat/llm/ollama.ts';
import { LlmUnavailableError } from '../../src/chat/llm/provider.ts';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { parseSse } from '../helpers/sse.ts';
import { multipartBody, waitForDocument } from '../helpers/multipart.ts';
import { REFUSAL_SENTENCE } from '../../src/chat/prompt.ts';

/**
 * A local server speaking Ollama's documented /api/chat stream: NDJSON lines
 * {"model","created_at","message":{"role":"assistant","content"},"done":false}, then done:true.
 */
async function fakeOllama(t: { teardown: (fn: () => unknown) => void }, pieces: string[]) {
  const requests: Record<string, unknown>[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      if (req.url !== '/api/chat') {
        res.writeHead(404).end();
        return;
      }
      const parsed = JSON.parse(body);
      requests.push(parsed);
      if (parsed.stream === false) {
        // Non-streamed /api/chat: one JSON object (used to condense follow-up questions).
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            model: 'm',
            message: { role: 'assistant', content: 'What is the leave policy of Acme?' },
            done: true,
          }),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      for (const content of pieces) {
        res.write(
          JSON.stringify({
            model: 'm',
            created_at: new Date().toISOString(),
            message: { role: 'assistant', content },
            done: false,
          }) + '\n',
        );
      }
      res.end(
        JSON.stringify({
          model: 'm',
          created_at: new Date().toISOString(),
          message: { role: 'assistant', content: '' },
          done: true,
          done_reason: 'stop',
        }) + '\n',
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.teardown(() => server.close());
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

t.test('streams through the ollama client, with sources in the prompt', async (t) => {
  const fake = await fakeOllama(t, ['Comments are due ', 'September 21, 2020 [1]', '.']);
  const provider = ollamaProvider({ url: fake.url, model: 'llama3.2:3b' });
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
  const out: string[] = [];
  for await (const piece of provider.generate({
    question: 'When?',
    sources: [source],
    history: [],
    signal: new AbortController().signal,
  }))
    out.push(piece);
  t.same(out, ['Comments are due ', 'September 21, 2020 [1]', '.']);
  const sent = fake.requests[0] as {
    model: string;
    stream: boolean;
    messages: { role: string; content: string }[];
  };
  t.equal(sent.model, 'llama3.2:3b');
  t.equal(sent.stream, true);
  t.match(
    sent.messages.at(-1)!.content,
    /\[1\] \(fr\.pdf, p\. 1\)\n<source>\nSend comments by September 21, 2020\.\n<\/source>/,
  );
});

t.test('an unreachable Ollama is an LlmUnavailableError, and a 503 / error event in the API', async (t) => {
  const provider = ollamaProvider({ url: 'http://127.0.0.1:9', model: 'x' });
  await t.rejects(async () => {
    for await (const _ of provider.generate({
      question: 'q',
      sources: [],
      history: [],
      signal: new AbortController().signal,
    }))
      void _;
  }, LlmUnavailableError);

  const { app } = await buildTestApp(t, {
    env: { LLM_PROVIDER: 'ollama', OLLAMA_URL: 'http://127.0.0.1:9' },
  });
  const { headers } = await signUp(app);
  const res = await app.inject({
    method: 'POST',
    url: '/api/chat/message',
    headers,
    payload: { message: 'hello?' },
  });
  t.equal(res.statusCode, 503);
  t.equal(res.json().error.code, 'SERVICE_UNAVAILABLE');
  const stream = await app.inject({
    method: 'POST',
    url: '/api/chat/stream',
    headers,
    payload: { message: 'hello?' },
  });
  t.equal(stream.statusCode, 200);
  t.same(parseSse(stream.body).at(-1), {
    type: 'error',
    error: { code: 'SERVICE_UNAVAILABLE', message: 'The language model is not available' },
  });
});

t.test('the API sends the company settings to Ollama; an answer nothing grounds is refused', async (t) => {
  const fake = await fakeOllama(t, ['Nothing here [', '4] really.']);
  const { app } = await buildTestApp(t, { env: { LLM_PROVIDER: 'ollama', OLLAMA_URL: fake.url } });
  const { headers, user } = await signUp(app);
  const settings = { systemPrompt: 'Answer like a ship captain.', temperature: 0.7 };
  const put = await app.inject({
    method: 'PUT',
    url: `/api/companies/${user.companyId}`,
    headers,
    payload: { settings },
  });
  t.equal(put.statusCode, 200);
  const res = await app.inject({
    method: 'POST',
    url: '/api/chat/stream',
    headers,
    payload: { message: 'anything?' },
  });
  const sent = fake.requests[0] as { messages: { content: string }[]; options: { temperature: number } };
  t.match(
    sent.messages[0]!.content,
    /^Answer like a ship captain\.\n\nYou answer questions using only the numbered sources/,
  );
  t.equal(sent.options.temperature, 0.7, "the company's temperature");
  const events = parseSse(res.body);
  t.equal(
    events
      .filter((e) => e.type === 'token')
      .map((e) => e.content)
      .join(''),
    REFUSAL_SENTENCE,
    'no document: the marker [4] cites nothing, so the answer is replaced (src/chat/grounding.ts)',
  );
  t.same((events.at(-1) as { citationMap: unknown }).citationMap, {});
});

t.test('a client that disconnects mid-stream stops the generation upstream', async (t) => {
  let sent = 0;
  let upstreamClosed = false;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      // Cited from the start: a grounded answer streams at once (src/chat/grounding.ts).
      res.write(
        JSON.stringify({
          model: 'm',
          message: { role: 'assistant', content: 'Leave is two days a month [1]. ' },
          done: false,
        }) + '\n',
      );
      const timer = setInterval(() => {
        sent++;
        res.write(
          JSON.stringify({
            model: 'm',
            message: { role: 'assistant', content: `word${sent} ` },
            done: false,
          }) + '\n',
        );
        if (sent >= 100) {
          clearInterval(timer);
          res.end(
            JSON.stringify({ model: 'm', message: { role: 'assistant', content: '' }, done: true }) + '\n',
          );
        }
      }, 50);
      res.on('close', () => {
        upstreamClosed = true;
        clearInterval(timer);
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.teardown(() => server.close());
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { app } = await buildTestApp(t, { worker: true, env: { LLM_PROVIDER: 'ollama', OLLAMA_URL: url } });
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
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const abort = new AbortController();
  const res = await fetch(`${address}/api/chat/stream`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({
      message: 'How many days of paid leave do employees accrue each month? A long answer, please.',
    }),
    signal: abort.signal,
  });
  const reader = res.body!.getReader();
  const first = new TextDecoder().decode((await reader.read()).value);
  t.match(first, /"type":"token"/);
  abort.abort();
  for (let i = 0; i < 40 && !upstreamClosed; i++) await new Promise((r) => setTimeout(r, 50));
  t.ok(upstreamClosed, 'the request to the LLM was closed');
  t.ok(sent < 100, `generation stopped early (${sent} of 100 pieces)`);
});

t.test('a follow-up is condensed into a standalone question before retrieval', async (t) => {
  const fake = await fakeOllama(t, ['Answer.']);
  const { app } = await buildTestApp(t, { env: { LLM_PROVIDER: 'ollama', OLLAMA_URL: fake.url } });
  const { headers } = await signUp(app);
  const first = await app.inject({
    method: 'POST',
    url: '/api/chat/message',
    headers,
    payload: { message: 'Tell me about Acme.' },
  });
  t.equal(first.statusCode, 200);
  t.equal(fake.requests.length, 1, 'no condensing without history');
  const conversationId = first.json().data.conversationId;
  const second = await app.inject({
    method: 'POST',
    url: '/api/chat/message',
    headers,
    payload: { message: 'And its leave policy?', conversationId },
  });
  t.equal(second.statusCode, 200);
  const [condense, answer] = fake.requests.slice(1) as {
    stream: boolean;
    messages: { role: string; content: string }[];
  }[];
  t.equal(condense!.stream, false);
  t.match(
    condense!.messages.at(-1)!.content,
    // No document grounds "Answer.": the history holds the refusal the user was shown.
    `User: Tell me about Acme.\nAssistant: ${REFUSAL_SENTENCE}\n\nLast user message: And its leave policy?`,
  );
  t.equal(answer!.stream, true);
  t.match(
    answer!.messages.at(-1)!.content,
    /Question: And its leave policy\?$/,
    'the model still answers the question as asked',
  );
  t.same(
    answer!.messages.slice(1, 3).map((m) => m.content),
    ['Tell me about Acme.', REFUSAL_SENTENCE],
    'with the history',
  );
});

t.test(
  'Ollama: output cap and keep-alive are sent; a missing model names `ollama pull`; a timeout ends the request',
  async (t) => {
    const fake = await fakeOllama(t, ['ok']);
    const provider = ollamaProvider({
      url: fake.url,
      model: 'llama3.2:3b',
      keepAlive: '10m',
      maxTokens: 256,
      timeoutMs: 5000,
    });
    for await (const _ of provider.generate({
      question: 'q',
      sources: [],
      history: [],
      signal: new AbortController().signal,
    }))
      void _;
    t.match(fake.requests[0], { keep_alive: '10m', options: { num_predict: 256 } });

    const missing = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: "model 'llama3.2:3b' not found" }));
      });
    });
    const silent = createServer(() => {
      /* accepts the request, never answers */
    });
    for (const s of [missing, silent]) {
      await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
      t.teardown(() => {
        s.closeAllConnections();
        s.close();
      });
    }
    const drain = async (url: string, timeoutMs = 5000) => {
      for await (const _ of ollamaProvider({ url, model: 'llama3.2:3b', timeoutMs }).generate({
        question: 'q',
        sources: [],
        history: [],
        signal: new AbortController().signal,
      }))
        void _;
    };
    const port = (s: ReturnType<typeof createServer>) => (s.address() as AddressInfo).port;
    await t.rejects(drain(`http://127.0.0.1:${port(missing)}`), {
      message: /run "ollama pull llama3\.2:3b"/,
    });
    await t.rejects(drain(`http://127.0.0.1:${port(silent)}`, 300), {
      message: /did not answer within 300 ms/,
    });
  },
);
