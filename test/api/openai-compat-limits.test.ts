import t from 'tap';
import OpenAI from 'openai';
import { buildTestApp, signUp } from '../helpers/app.ts';

t.test('/v1 shares the chat streaming counters of /api, per user and per API key', async (t) => {
  const { app } = await buildTestApp(t, {
    env: { RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_CHAT_STREAM_PER_KEY: '2' },
  });
  const admin = await signUp(app);
  const key = (
    await app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: admin.headers,
      payload: { name: 'limits', environment: 'test', allDocuments: true },
    })
  ).json().data.key as string;
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const ask = {
    model: 'cog-rag',
    messages: [{ role: 'user' as const, content: 'What is the refund window?' }],
  };
  const sse = (url: string, headers: Record<string, string>) =>
    fetch(`${address}${url}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ message: 'What is the refund window?' }),
    }).then(async (r) => (await r.text(), r.status));

  for (const [who, apiKey, url, headers] of [
    ['a user', admin.token, '/api/chat/stream', admin.headers],
    ['an API key', key, '/api/public/chat/stream', { 'x-api-key': key }],
  ] as const) {
    const client = new OpenAI({ baseURL: `${address}/v1`, apiKey, maxRetries: 0 });
    t.equal(await sse(url, headers), 200, `${who}: ${url} counts one`);
    const ok = await client.chat.completions.create(ask).withResponse();
    t.equal(ok.response.headers.get('x-ratelimit-remaining'), '0', `${who}: /v1 counts the second`);
    const err = await client.chat.completions.create(ask).catch((e: unknown) => e);
    t.ok(err instanceof OpenAI.RateLimitError, `${who}: the third is a 429`);
    const limited = err as InstanceType<typeof OpenAI.RateLimitError>;
    t.match(limited.error, { type: 'rate_limit_error', code: 'RATE_LIMIT_EXCEEDED', param: null });
    t.ok(Number(limited.headers?.get('retry-after')) >= 1, 'with Retry-After');
  }
});
