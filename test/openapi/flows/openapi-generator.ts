/**
 * The whole flow with openapi-generator's typescript-fetch (the jar of PyPI's
 * `openapi-generator-cli`, `generate -g typescript-fetch`, validation on), with its default options
 * and with `withoutRuntimeChecks=true,dateLibrary=string` (generators.test.ts runs both). Streams
 * come from the `…Raw` methods: the `Response` is read as SSE and each `data:` parsed as the
 * generated `ChatStreamEvent` type (typescript-fetch would otherwise `json()` the whole stream; the
 * events have no dates, so the default options' `ChatStreamEventFromJSON` gives the same value).
 */
import {
  ApiKeysApi,
  AuthApi,
  ChatApi,
  Configuration,
  DocumentsApi,
  PublicApi,
  TopicsApi,
  type ChatStreamEvent,
} from './gen/index.ts';
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
  sseData,
} from './common.ts';

const basePath = baseUrl.replace(/\/$/, '');
const auth = new AuthApi(new Configuration({ basePath }));
const session = await auth.login({ loginRequest: { email, password } });
seen.role = session.data.user.role;
const refreshed = await auth.refreshToken({
  refreshTokenRequest: { refreshToken: session.data.refreshToken },
});
seen.refreshed = refreshed.data.accessToken.length > 0;
const config = new Configuration({ basePath, accessToken: refreshed.data.accessToken });

const documents = new DocumentsApi(config);
const key = newKey();
const file = new Blob([NOTES], { type: 'text/plain' });
const uploaded = await documents.uploadDocument({ file, name: 'Refund policy', idempotencyKey: key });
const id = uploaded.data.id;
seen.retrySameId =
  (await documents.uploadDocument({ file, name: 'Refund policy', idempotencyKey: key })).data.id === id;

let status = uploaded.data.status;
while (status === 'UPLOADED' || status === 'PROCESSING') {
  await pause(200);
  status = (await documents.getDocument({ id })).data.status;
}
seen.status = status;

const list = await documents.listDocuments({ status: 'VECTORIZED', search: 'Refund', limit: 5 });
seen.listed = list.data.items.some((d) => d.id === id);
const topicsApi = new TopicsApi(config);
const topic = await topicsApi.createTopic({
  createTopicRequest: { name: 'Policies' },
  idempotencyKey: newKey(),
});
const topics = await topicsApi.listTopics();
seen.topicListed = topics.data.items.some((t) => t.id === topic.data.id);

const chat = new ChatApi(config);
const asked = await chat.sendChatMessage({
  sendChatMessageRequest: { message: NOTES_QUESTION },
  idempotencyKey: newKey(),
});
seen.answered = asked.data.answer.length > 0;

async function collect(response: Response) {
  if (!response.body) throw new Error(`no stream: ${response.status}`);
  const kinds: string[] = [];
  for await (const data of sseData(response.body)) {
    const event: ChatStreamEvent = JSON.parse(data);
    kinds.push(event.type);
    if (event.type === 'done') seen.conversationId = event.conversationId;
  }
  return kinds;
}
const streamed = await chat.streamChatRaw({ streamChatRequest: { message: NOTES_QUESTION } });
recordStream('stream', await collect(streamed.raw));

const created = await new ApiKeysApi(config).createApiKey({
  createApiKeyRequest: { name: 'widget', allDocuments: true },
  idempotencyKey: newKey(),
});
seen.keyPrefix = created.data.key.slice(0, 9);
const widget = new PublicApi(new Configuration({ basePath, apiKey: created.data.key }));
const publicStreamed = await widget.publicStreamChatRaw({
  publicStreamChatRequest: { message: NOTES_QUESTION },
});
recordStream('publicStream', await collect(publicStreamed.raw));
console.log(JSON.stringify(seen));
