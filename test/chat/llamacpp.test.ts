import t from 'tap';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildTestApp, MODELS_DIR, signUp } from '../helpers/app.ts';
import { multipartBody, waitForDocument } from '../helpers/multipart.ts';
import { parseSse } from '../helpers/sse.ts';
import { SMOLLM2_135M } from '../../src/models/llm-catalog.ts';
import { attributeAnswer } from '../../src/chat/attribution.ts';
import { REFUSAL_SENTENCE } from '../../src/chat/prompt.ts';

const GGUF = join(MODELS_DIR, SMOLLM2_135M.id, SMOLLM2_135M.gguf);
if (!existsSync(GGUF) && process.env.CI)
  throw new Error(`${GGUF} is missing: .ci/run pulls it (models:pull -- --llm smollm2)`);

t.test('post-hoc attribution cites the source that holds the answer', async (t) => {
  const source = (text: string) => ({
    chunkId: 'c',
    documentId: 'd',
    documentName: 'x',
    text,
    pageStart: null,
    pageEnd: null,
    headingPath: [],
    score: 1,
  });
  const sources = [
    source('The cafeteria opens at eight.'),
    source('Employees accrue two days of paid leave for every month of service.'),
  ];
  t.equal(attributeAnswer('Employees get two days of paid leave each month of service.', sources), 2);
  t.equal(attributeAnswer('The weather in Paris is mild.', sources), null, 'nothing supports it');
  t.equal(attributeAnswer('', sources), null);
});

t.test(
  'SmolLM2 in-process: a streamed, cited answer; an off-topic one refused; the concurrency cap; disconnect frees the slot',
  { skip: !existsSync(GGUF) && 'SmolLM2 not pulled: npm run models:pull -- --llm smollm2' },
  async (t) => {
    const { app } = await buildTestApp(t, {
      worker: true,
      env: {
        LLM_PROVIDER: 'llamacpp',
        LLAMACPP_CONTEXT_SIZE: '2048',
        LLAMACPP_CONCURRENCY: '1',
        LLAMACPP_QUEUE: '0',
        LLM_MAX_TOKENS: '1024',
      },
    });
    const { headers, user } = await signUp(app);
    // Greedy decoding: the same answer on every run.
    const settings = await app.inject({
      method: 'PUT',
      url: `/api/companies/${user.companyId}`,
      headers,
      payload: { settings: { temperature: 0 } },
    });
    t.equal(settings.statusCode, 200);
    const text =
      'Leave policy.\n\nEmployees accrue two days of paid leave for every month of continuous service.';
    const up = multipartBody({}, { filename: 'policy.txt', bytes: Buffer.from(text) });
    const doc = await app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      headers: { ...headers, ...up.headers },
      payload: up.payload,
    });
    const documentId = doc.json().data.id;
    t.equal((await waitForDocument(app, headers, documentId)).status, 'VECTORIZED');
    t.match((await app.inject({ method: 'GET', url: '/api/health/details', headers })).json().data, {
      llmProvider: 'llamacpp',
      llmModel: SMOLLM2_135M.gguf,
    });

    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const ask = (message: string, signal?: AbortSignal) =>
      fetch(`${address}/api/chat/stream`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ message }),
        signal,
      });
    const events = parseSse(await (await ask('What is the leave policy?')).text());
    const tokens = events.filter((e) => e.type === 'token');
    t.ok(tokens.length > 1, `streamed in ${tokens.length} token events`);
    const answer = tokens.map((e) => e.content).join('');
    t.match(answer, /leave/i, `the model answered from the document: ${JSON.stringify(answer)}`);
    const done = events.at(-1) as { type: string; citationMap: Record<string, { documentId: string }> };
    t.equal(done.type, 'done');
    t.match(answer, /\[1\]/, 'the answer carries a citation');
    t.equal(done.citationMap['1']?.documentId, documentId, '[1] points at the uploaded document');

    // A question the document does not answer: whatever the model says from its own knowledge,
    // the user is shown the plain refusal (src/chat/grounding.ts), and it is stored so.
    const offTopic = parseSse(await (await ask('What is the capital of Australia?')).text());
    const offTopicAnswer = offTopic
      .filter((e) => e.type === 'token')
      .map((e) => e.content)
      .join('');
    t.equal(offTopicAnswer, REFUSAL_SENTENCE, 'the plain refusal');
    const offTopicDone = offTopic.at(-1) as { citationMap: object; conversationId: string };
    t.same(offTopicDone.citationMap, {}, 'no citation');
    const conversation = await app.inject({
      method: 'GET',
      url: `/api/conversations/${offTopicDone.conversationId}`,
      headers,
    });
    t.match(conversation.json().data.messages[1], { content: REFUSAL_SENTENCE, refused: true });

    // One slot, no queue: while a long answer is generated, another request is refused with
    // retryAfter. The stream's headers go out before its retrieval (chat-stream.ts), and the
    // second question is asked only then, so the first reaches the slot first and holds it
    // through prompt evaluation and generation (seconds, here).
    // The slot is what this part tests, not the answerability gate that guards it: at threshold 0
    // both questions reach the model whatever the gate's calibration says of them.
    const open = await app.inject({
      method: 'PUT',
      url: `/api/companies/${user.companyId}`,
      headers,
      payload: { settings: { temperature: 0, answerThreshold: 0 } },
    });
    t.equal(open.statusCode, 200);
    const abort = new AbortController();
    const long = await ask('Write a very long essay about paid leave, vacations and holidays.', abort.signal);
    t.equal(long.status, 200, 'the stream opened before the answer was grounded');
    const busy = await app.inject({
      method: 'POST',
      url: '/api/chat/message',
      headers,
      payload: { message: 'And sick leave?' },
    });
    t.equal(busy.statusCode, 503, 'the second question is refused while the first is generated');
    t.match(busy.json().error, { code: 'SERVICE_UNAVAILABLE', retryAfter: Number });
    // The client goes away mid-generation: generation stops and the slot is free for the next question.
    abort.abort();
    let next = 503;
    for (let i = 0; i < 100 && next === 503; i++) {
      await new Promise((r) => setTimeout(r, 100));
      next = (
        await app.inject({
          method: 'POST',
          url: '/api/chat/message',
          headers,
          payload: { message: 'What is the leave policy?' },
        })
      ).statusCode;
    }
    t.equal(next, 200, 'the slot was released after the disconnect');
  },
);
