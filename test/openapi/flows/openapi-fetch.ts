/**
 * The whole flow with openapi-typescript (CLI) + openapi-fetch, as an integrator runs them:
 * `openapi-typescript openapi.json -o gen/schema.d.ts --default-non-nullable false`.
 */
import createClient from 'openapi-fetch';
import type { components, paths } from './gen/schema.ts';
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

type ChatStreamEvent = components['schemas']['ChatStreamEvent'];

const api = createClient<paths>({ baseUrl });
const login = await api.POST('/api/auth/login', { body: { email, password } });
if (!login.data) throw new Error(`login: ${login.response.status}`);
seen.role = login.data.data.user.role;
const refreshed = await api.POST('/api/auth/refresh', {
  body: { refreshToken: login.data.data.refreshToken },
});
if (!refreshed.data) throw new Error(`refresh: ${refreshed.response.status}`);
seen.refreshed = refreshed.data.data.accessToken.length > 0;
const authed = { Authorization: `Bearer ${refreshed.data.data.accessToken}` };

// `format: binary` is typed as string by the CLI: the form is built from the Blob in the serializer.
const file = new Blob([NOTES], { type: 'text/plain' });
const key = newKey();
const upload = () =>
  api.POST('/api/documents/upload', {
    headers: { ...authed, 'Idempotency-Key': key },
    body: { file: 'refunds.txt', name: 'Refund policy' },
    bodySerializer: (body) => {
      const form = new FormData();
      form.append('file', file, body.file);
      if (body.name) form.append('name', body.name);
      return form;
    },
  });
const uploaded = await upload();
if (!uploaded.data) throw new Error(`upload: ${uploaded.response.status}`);
const id = uploaded.data.data.id;
const retried = await upload();
seen.retrySameId = retried.data?.data.id === id;

let status = uploaded.data.data.status;
while (status === 'UPLOADED' || status === 'PROCESSING') {
  await pause(200);
  const doc = await api.GET('/api/documents/{id}', { headers: authed, params: { path: { id } } });
  status = doc.data?.data.status ?? 'ERROR';
}
seen.status = status;

const list = await api.GET('/api/documents', {
  headers: authed,
  params: { query: { status: 'VECTORIZED', search: 'Refund', limit: 5 } },
});
seen.listed = list.data?.data.items.some((d) => d.id === id) ?? false;

const topic = await api.POST('/api/topics', {
  headers: { ...authed, 'Idempotency-Key': newKey() },
  body: { name: 'Policies' },
});
const topics = await api.GET('/api/topics', { headers: authed });
seen.topicListed = topics.data?.data.items.some((t) => t.id === topic.data?.data.id) ?? false;

const asked = await api.POST('/api/chat/message', {
  headers: { ...authed, 'Idempotency-Key': newKey() },
  body: { message: NOTES_QUESTION },
});
seen.answered = (asked.data?.data.answer.length ?? 0) > 0;

async function stream(path: '/api/chat/stream' | '/api/public/chat/stream', headers: Record<string, string>) {
  const res = await api.POST(path, { headers, body: { message: NOTES_QUESTION }, parseAs: 'stream' });
  if (!res.response.body) throw new Error(`${path}: ${res.response.status}`);
  const kinds: string[] = [];
  for await (const data of sseData(res.response.body)) {
    const event: ChatStreamEvent = JSON.parse(data);
    kinds.push(event.type);
    if (event.type === 'done') seen.conversationId = event.conversationId;
  }
  return kinds;
}
recordStream('stream', await stream('/api/chat/stream', authed));

const created = await api.POST('/api/api-keys', {
  headers: { ...authed, 'Idempotency-Key': newKey() },
  body: { name: 'widget', allDocuments: true },
});
if (!created.data) throw new Error(`api key: ${created.response.status}`);
seen.keyPrefix = created.data.data.key.slice(0, 9);
recordStream('publicStream', await stream('/api/public/chat/stream', { 'X-API-Key': created.data.data.key }));
console.log(JSON.stringify(seen));
