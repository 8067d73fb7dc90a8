/**
 * The whole flow with orval's fetch client (`client: 'fetch'`, `baseUrl` the served host). Its
 * stream functions read the whole body with `res.text()` (buffering the answer, docs/api.md
 * "orval"), so the streams are read from `getStreamChatUrl()` with fetch, typed as ChatStreamEvent.
 */
import {
  createApiKey,
  createTopic,
  getDocument,
  getPublicStreamChatUrl,
  getStreamChatUrl,
  listDocuments,
  listTopics,
  login,
  refreshToken,
  sendChatMessage,
  uploadDocument,
  type ChatStreamEvent,
} from './gen/api.ts';
import {
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

const session = await login({ email, password });
if (session.status !== 200) throw new Error(`login: ${session.status}`);
seen.role = session.data.data.user.role;
const refreshed = await refreshToken({ refreshToken: session.data.data.refreshToken });
if (refreshed.status !== 200) throw new Error(`refresh: ${refreshed.status}`);
seen.refreshed = refreshed.data.data.accessToken.length > 0;
const authed = { Authorization: `Bearer ${refreshed.data.data.accessToken}` };

const key = newKey();
const file = new Blob([NOTES], { type: 'text/plain' });
const upload = () =>
  uploadDocument({ file, name: 'Refund policy' }, { headers: { ...authed, 'Idempotency-Key': key } });
const uploaded = await upload();
if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status}`);
const id = uploaded.data.data.id;
const retried = await upload();
seen.retrySameId = retried.status === 201 && retried.data.data.id === id;

let status = uploaded.data.data.status;
while (status === 'UPLOADED' || status === 'PROCESSING') {
  await pause(200);
  const doc = await getDocument(id, { headers: authed });
  status = doc.status === 200 ? doc.data.data.status : 'ERROR';
}
seen.status = status;

const list = await listDocuments({ status: 'VECTORIZED', search: 'Refund', limit: 5 }, { headers: authed });
seen.listed = list.status === 200 && list.data.data.items.some((d) => d.id === id);
const topic = await createTopic(
  { name: 'Policies' },
  { headers: { ...authed, 'Idempotency-Key': newKey() } },
);
const topics = await listTopics(undefined, { headers: authed });
seen.topicListed =
  topic.status === 201 &&
  topics.status === 200 &&
  topics.data.data.items.some((t) => t.id === topic.data.data.id);

const asked = await sendChatMessage(
  { message: NOTES_QUESTION },
  { headers: { ...authed, 'Idempotency-Key': newKey() } },
);
seen.answered = asked.status === 200 && asked.data.data.answer.length > 0;

async function stream(url: string, headers: Record<string, string>) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify({ message: NOTES_QUESTION }),
  });
  if (!res.ok || !res.body) throw new Error(`${url}: ${res.status}`);
  const kinds: string[] = [];
  for await (const data of sseData(res.body)) {
    const event: ChatStreamEvent = JSON.parse(data);
    kinds.push(event.type);
    if (event.type === 'done') seen.conversationId = event.conversationId;
  }
  return kinds;
}
recordStream('stream', await stream(getStreamChatUrl(), authed));

const created = await createApiKey(
  { name: 'widget', allDocuments: true },
  { headers: { ...authed, 'Idempotency-Key': newKey() } },
);
if (created.status !== 201) throw new Error(`api key: ${created.status}`);
seen.keyPrefix = created.data.data.key.slice(0, 9);
recordStream('publicStream', await stream(getPublicStreamChatUrl(), { 'X-API-Key': created.data.data.key }));
console.log(JSON.stringify(seen));
