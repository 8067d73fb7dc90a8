/**
 * The whole flow with @hey-api/openapi-ts (`openapi-ts -i openapi.json -o gen -c @hey-api/client-fetch`).
 * Streams use the generated SSE client with `sseMaxRetryAttempts: 1`: one POST, never re-sent
 * (its default retries forever, re-asking the question; docs/api.md "@hey-api/openapi-ts").
 */
import { createClient } from './gen/client/index.ts';
import {
  createApiKey,
  createTopic,
  getDocument,
  listDocuments,
  listTopics,
  login,
  publicStreamChat,
  refreshToken,
  sendChatMessage,
  streamChat,
  uploadDocument,
} from './gen/sdk.gen.ts';
import type { ChatStreamEvent } from './gen/types.gen.ts';
import {
  baseUrl,
  email,
  newKey,
  NOTES,
  NOTES_QUESTION,
  password,
  pause,
  recordStream,
  seen,
} from './common.ts';

const client = createClient({ baseUrl });
const session = await login({ client, body: { email, password }, throwOnError: true });
seen.role = session.data.data.user.role;
const refreshed = await refreshToken({
  client,
  body: { refreshToken: session.data.data.refreshToken },
  throwOnError: true,
});
seen.refreshed = refreshed.data.data.accessToken.length > 0;
client.setConfig({ auth: refreshed.data.data.accessToken });

const key = newKey();
const file = new Blob([NOTES], { type: 'text/plain' });
const upload = () =>
  uploadDocument({
    client,
    headers: { 'Idempotency-Key': key },
    body: { file, name: 'Refund policy' },
    throwOnError: true,
  });
const uploaded = await upload();
const id = uploaded.data.data.id;
seen.retrySameId = (await upload()).data.data.id === id;

let status = uploaded.data.data.status;
while (status === 'UPLOADED' || status === 'PROCESSING') {
  await pause(200);
  status = (await getDocument({ client, path: { id }, throwOnError: true })).data.data.status;
}
seen.status = status;

const list = await listDocuments({
  client,
  query: { status: 'VECTORIZED', search: 'Refund', limit: 5 },
  throwOnError: true,
});
seen.listed = list.data.data.items.some((d) => d.id === id);
const topic = await createTopic({
  client,
  headers: { 'Idempotency-Key': newKey() },
  body: { name: 'Policies' },
  throwOnError: true,
});
const topics = await listTopics({ client, throwOnError: true });
seen.topicListed = topics.data.data.items.some((t) => t.id === topic.data.data.id);

const asked = await sendChatMessage({
  client,
  headers: { 'Idempotency-Key': newKey() },
  body: { message: NOTES_QUESTION },
  throwOnError: true,
});
seen.answered = asked.data.data.answer.length > 0;

async function collect(stream: AsyncGenerator<ChatStreamEvent>) {
  const kinds: string[] = [];
  for await (const event of stream) {
    kinds.push(event.type);
    if (event.type === 'done') seen.conversationId = event.conversationId;
  }
  return kinds;
}
const asking = await streamChat({ client, body: { message: NOTES_QUESTION }, sseMaxRetryAttempts: 1 });
recordStream('stream', await collect(asking.stream));

const created = await createApiKey({
  client,
  headers: { 'Idempotency-Key': newKey() },
  body: { name: 'widget', allDocuments: true },
  throwOnError: true,
});
seen.keyPrefix = created.data.data.key.slice(0, 9);
const widget = createClient({ baseUrl, headers: { 'X-API-Key': created.data.data.key } });
const publicAsking = await publicStreamChat({
  client: widget,
  body: { message: NOTES_QUESTION },
  sseMaxRetryAttempts: 1,
});
recordStream('publicStream', await collect(publicAsking.stream));
console.log(JSON.stringify(seen));
