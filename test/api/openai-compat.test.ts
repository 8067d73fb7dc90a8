import t, { type Test } from 'tap';
import OpenAI from 'openai';
import { openAiFixture } from './openai-compat-fixture.ts';

interface Extension {
  sources: { id: string; name: string; chunks: { citation: number }[] }[];
  citation_map: Record<string, { documentId: string; chunkId: string }>;
  conversation_id: string;
  message_id: string;
}
const extensionOf = (o: unknown) => (o as { x_cog_rag: Extension }).x_cog_rag;

/** Every `[n]` of `text` is a key of the citation map, and there is at least one. */
function checkCitations(t: Test, text: string, ext: Extension) {
  const markers = [...text.matchAll(/\[(\d+)\]/g)].map((m) => m[1]!);
  t.ok(markers.length > 0, `the answer cites: ${text}`);
  for (const n of markers) t.ok(ext.citation_map[n], `[${n}] is in x_cog_rag.citation_map`);
  t.ok(ext.sources.length > 0, 'x_cog_rag.sources lists the cited documents');
}

t.test('the official openai client, unmodified but for baseURL and apiKey', async (t) => {
  const f = await openAiFixture(t);
  // maxRetries 0: a refusal is asserted as it comes, not retried.
  const client = (apiKey: string) => new OpenAI({ baseURL: `${f.address}/v1`, apiKey, maxRetries: 0 });
  const asKeyA = client(f.keyA);
  const asAdmin = client(f.admin.token);
  const question = 'How long does the Zephyr heat pump warranty last?';

  t.test('non-streaming, with an API key: a chat.completion with citations', async (t) => {
    const completion = await asKeyA.chat.completions.create({
      model: 'cog-rag',
      messages: [
        { role: 'system', content: 'You are helpful.' },
        { role: 'user', content: question },
      ],
      temperature: 0.2,
      max_tokens: 300,
    });
    t.equal(completion.object, 'chat.completion');
    t.match(completion.id, /^chatcmpl-/);
    t.equal(completion.model, 'cog-rag');
    t.equal(completion.choices.length, 1);
    t.equal(completion.choices[0]!.finish_reason, 'stop');
    t.equal(completion.choices[0]!.message.role, 'assistant');
    const text = completion.choices[0]!.message.content ?? '';
    t.match(text, /7 years/, 'answered from topic A');
    const ext = extensionOf(completion);
    checkCitations(t, text, ext);
    t.same(
      ext.sources.map((s) => s.id),
      [f.zephyrId],
      'cites the Zephyr document',
    );
    t.ok(completion.usage!.completion_tokens > 0 && completion.usage!.prompt_tokens > 0, 'usage');
    t.equal(
      completion.usage!.total_tokens,
      completion.usage!.prompt_tokens + completion.usage!.completion_tokens,
    );
  });

  t.test('streaming, with a user token: chunks, then the sources on the last, usage', async (t) => {
    const stream = await asAdmin.chat.completions.create({
      model: 'cog-rag',
      messages: [{ role: 'user', content: [{ type: 'text', text: question }] }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks: OpenAI.ChatCompletionChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    t.ok(chunks.length >= 4, `${chunks.length} chunks`);
    t.ok(chunks.every((c) => c.object === 'chat.completion.chunk' && c.id === chunks[0]!.id));
    t.equal(chunks[0]!.choices[0]!.delta.role, 'assistant', 'the first chunk names the role');
    const text = chunks.map((c) => c.choices[0]?.delta.content ?? '').join('');
    t.match(text, /7 years/);
    const last = chunks.findLast((c) => c.choices.length > 0)!;
    t.equal(last.choices[0]!.finish_reason, 'stop');
    checkCitations(t, text, extensionOf(last));
    const usage = chunks.at(-1)!;
    t.same(usage.choices, [], 'the usage chunk has no choices');
    t.ok(usage.usage!.completion_tokens > 0, 'and the usage');
    t.ok(
      chunks.slice(0, -1).every((c) => c.usage === null),
      'every other chunk has usage: null',
    );
  });

  t.test('the conversation as history: a follow-up is answered from it', async (t) => {
    const completion = await asKeyA.chat.completions.create({
      model: 'cog-rag',
      messages: [
        { role: 'user', content: 'What does the Zephyr warranty cover?' },
        { role: 'assistant', content: 'The warranty covers the compressor and the fan [1].' },
        { role: 'user', content: 'And how many years does it last?' },
      ],
    });
    const text = completion.choices[0]!.message.content ?? '';
    t.match(text, /7 years/, text);
    t.same(
      extensionOf(completion).sources.map((s) => s.id),
      [f.zephyrId],
    );
  });

  t.test('models: cog-rag and the topics the caller may read', async (t) => {
    const ids = async (c: OpenAI) => (await c.models.list()).data.map((m) => m.id);
    t.same(await ids(asKeyA), ['cog-rag', `cog-rag:topic/${f.topicA}`], 'key A: its topic only');
    t.same(
      (await ids(asAdmin)).sort(),
      ['cog-rag', `cog-rag:topic/${f.topicA}`, `cog-rag:topic/${f.topicB}`].sort(),
    );
    const topicModel = await asAdmin.chat.completions.create({
      model: `cog-rag:topic/${f.topicB}`,
      messages: [{ role: 'user', content: 'What is the Orion project budget?' }],
    });
    t.match(topicModel.choices[0]!.message.content, /4\.2 million/, 'a topic model answers from it');
  });

  t.test('a key scoped to topic A gets nothing of topic B', async (t) => {
    const completion = await asKeyA.chat.completions.create({
      model: 'cog-rag',
      messages: [{ role: 'user', content: 'What is the Orion project budget?' }],
    });
    t.notMatch(completion.choices[0]!.message.content, /4\.2/, 'no figure from topic B');
    t.notOk(
      extensionOf(completion).sources.some((s) => s.id === f.orionId),
      'topic B’s document is not cited',
    );
    const err = await asKeyA.chat.completions
      .create({
        model: `cog-rag:topic/${f.topicB}`,
        messages: [{ role: 'user', content: 'What is the Orion project budget?' }],
      })
      .catch((e: unknown) => e);
    t.ok(err instanceof OpenAI.NotFoundError, 'topic B as a model: 404');
    t.match((err as InstanceType<typeof OpenAI.NotFoundError>).error, {
      type: 'not_found_error',
      code: 'NOT_FOUND',
      param: 'model',
    });
  });

  t.test('another company’s key sees nothing of this one', async (t) => {
    const asOther = client(f.otherKey);
    const completion = await asOther.chat.completions.create({
      model: 'cog-rag',
      messages: [{ role: 'user', content: question }],
    });
    t.notMatch(completion.choices[0]!.message.content, /7 years/);
    t.notOk(
      extensionOf(completion).sources.some((s) => s.id === f.zephyrId || s.id === f.orionId),
      'no document of company 1',
    );
    t.same(
      (await asOther.models.list()).data.map((m) => m.id),
      ['cog-rag'],
      'no topic of company 1 among its models',
    );
    const err = await asOther.chat.completions
      .create({ model: `cog-rag:topic/${f.topicA}`, messages: [{ role: 'user', content: question }] })
      .catch((e: unknown) => e);
    t.ok(err instanceof OpenAI.NotFoundError, 'company 1’s topic as a model: 404');
  });

  t.test('errors in OpenAI’s shape', async (t) => {
    const refused = async (c: OpenAI, body: object) =>
      (await c.chat.completions.create(body as never).catch((e: unknown) => e)) as InstanceType<
        typeof OpenAI.APIError
      >;
    const noMessages = await refused(asKeyA, { model: 'cog-rag', messages: [] });
    t.ok(noMessages instanceof OpenAI.BadRequestError, 'no messages: 400');
    t.match(noMessages.error, { type: 'invalid_request_error', code: 'VALIDATION_ERROR', param: 'messages' });
    const badRole = await refused(asKeyA, { model: 'cog-rag', messages: [{ role: 'robot', content: 'hi' }] });
    t.ok(badRole instanceof OpenAI.BadRequestError, 'an unknown role: 400');
    t.match(badRole.error, { param: /^messages\.0\.role$/ });
    const lastAssistant = await refused(asKeyA, {
      model: 'cog-rag',
      messages: [{ role: 'assistant', content: 'hello' }],
    });
    t.ok(lastAssistant instanceof OpenAI.BadRequestError, 'the last message not a user’s: 400');
    t.match(lastAssistant.message, /messages must end with a message of role "user"/);
    const tooLong = await refused(asKeyA, {
      model: 'cog-rag',
      messages: [{ role: 'user', content: 'why? '.repeat(1000) }],
    });
    t.ok(tooLong instanceof OpenAI.BadRequestError, 'a question over 4000 characters: 400');
    const two = await refused(asKeyA, {
      model: 'cog-rag',
      n: 2,
      messages: [{ role: 'user', content: 'hi' }],
    });
    t.match(two.error, { param: 'n' }, 'n other than 1: 400');
    const unknownModel = await refused(asKeyA, {
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'hi' }],
    });
    t.ok(unknownModel instanceof OpenAI.NotFoundError, 'an unknown model: 404');
    const badKey = await refused(client('svc_test_not-a-real-key-000000000000'), {
      model: 'cog-rag',
      messages: [{ role: 'user', content: 'hi' }],
    });
    t.ok(badKey instanceof OpenAI.AuthenticationError, 'an unknown key: 401');
    t.match(badKey.error, { type: 'authentication_error', code: 'UNAUTHORIZED', param: null });
  });

  t.test('the wire: SSE lines, [DONE], error objects, unknown fields ignored', async (t) => {
    const post = (body: object, headers: Record<string, string> = { authorization: `Bearer ${f.keyA}` }) =>
      fetch(`${f.address}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    const res = await post({
      model: 'cog-rag',
      messages: [
        { role: 'system', content: 'Be brief.', cache_control: { type: 'ephemeral' } },
        {
          role: 'user',
          content: [
            { type: 'text', text: question, annotations: [] },
            { type: 'image_url', image_url: { url: 'https://example.com/x.png' } },
          ],
          some_message_field: 1,
        },
      ],
      stream: true,
      stream_options: { include_usage: false, include_obfuscation: false },
      temperature: 0.3,
      tools: [{ type: 'function', function: { name: 'f' } }],
      some_future_field: { a: 1 },
    });
    t.equal(res.status, 200);
    t.match(res.headers.get('content-type'), /^text\/event-stream/);
    const lines = (await res.text()).split('\n\n').filter(Boolean);
    t.equal(lines.at(-1), 'data: [DONE]', 'ends with data: [DONE]');
    t.ok(
      lines.slice(0, -1).every((l) => l.startsWith('data: {"id":"chatcmpl-')),
      'every other line is one chunk',
    );
    const viaHeader = await post(
      { model: 'cog-rag', messages: [{ role: 'user', content: question }] },
      { 'x-api-key': f.keyA },
    );
    t.equal(viaHeader.status, 200, 'X-API-Key is accepted too');
    const missing = await post({ model: 'cog-rag', messages: [{ role: 'user', content: 'hi' }] }, {});
    t.equal(missing.status, 401);
    const body = (await missing.json()) as { error: Record<string, unknown> };
    t.same(Object.keys(body), ['error'], 'only `error`, no envelope');
    t.same(Object.keys(body.error).sort(), ['code', 'message', 'param', 'type']);
    const unknown = await fetch(`${f.address}/v1/embeddings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${f.keyA}` },
    });
    t.equal(unknown.status, 404);
    t.match(await unknown.json(), { error: { type: 'not_found_error', code: 'NOT_FOUND' } });
  });
});
