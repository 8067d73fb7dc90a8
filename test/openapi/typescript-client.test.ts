import t from 'tap';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import createClient from 'openapi-fetch';
import { createParser } from 'eventsource-parser';
import type { components, paths } from '../../clients/typescript/schema.d.ts';
import { buildTestApp, DATASETS, signUp } from '../helpers/app.ts';
import { exportOpenApi } from '../../scripts/openapi-export.ts';
import { CLIENT_TYPES, generateClientTypes } from '../../scripts/openapi-client.ts';

type StreamEvent = components['schemas']['ChatStreamEvent'];

/** Reads an SSE body to the end into typed events (the stream's 200 schema is ChatStreamEvent). */
async function readEvents(body: ReadableStream<Uint8Array>): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  const parser = createParser({
    onEvent: (e) => {
      const event: StreamEvent = JSON.parse(e.data);
      events.push(event);
    },
  });
  const decoder = new TextDecoder();
  for await (const chunk of body) parser.feed(decoder.decode(chunk, { stream: true }));
  return events;
}

t.test('the committed TypeScript client is generated from the current document', async (t) => {
  t.equal(
    readFileSync(CLIENT_TYPES, 'utf8'),
    await generateClientTypes(await exportOpenApi()),
    'run `npm run openapi:client` after changing a route schema',
  );
});

/**
 * The integrator's main job with the generated client (openapi-typescript + openapi-fetch), typed
 * end to end with no casts, against a real listening server: log in, upload a PDF, wait for
 * VECTORIZED, search, ask, read the stream, create an API key, ask the public chat.
 */
t.test('generated TypeScript client against a real server', async (t) => {
  const { app } = await buildTestApp(t, { worker: true });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const admin = await signUp(app);
  const client = createClient<paths>({ baseUrl });

  const login = await client.POST('/api/auth/login', {
    body: { email: admin.email, password: admin.password },
  });
  t.equal(login.response.status, 200);
  if (!login.data) throw new Error('login failed');
  const token = login.data.data.accessToken;
  t.equal(login.data.data.user.role, 'COMPANY_ADMIN');
  const authed = { Authorization: `Bearer ${token}` };

  const pdf = readFileSync(join(DATASETS, 'documents/pdf/nics-background-checks-2015-11.pdf'));
  const upload = await client.POST('/api/documents/upload', {
    headers: authed,
    body: { file: new Blob([pdf], { type: 'application/pdf' }), name: 'NICS checks' },
    bodySerializer: (body) => {
      const form = new FormData();
      form.append('file', body.file, 'nics.pdf');
      if (body.name) form.append('name', body.name);
      return form;
    },
  });
  t.equal(upload.response.status, 201);
  if (!upload.data) throw new Error(`upload failed: ${JSON.stringify(upload.error)}`);
  const id = upload.data.data.id;

  let status = upload.data.data.status;
  for (const end = Date.now() + 180_000; status === 'UPLOADED' || status === 'PROCESSING';) {
    if (Date.now() > end) throw new Error(`still ${status}`);
    await new Promise((r) => setTimeout(r, 300));
    const doc = await client.GET('/api/documents/{id}', { headers: authed, params: { path: { id } } });
    status = doc.data?.data.status ?? 'ERROR';
  }
  t.equal(status, 'VECTORIZED');

  const list = await client.GET('/api/documents', {
    headers: authed,
    params: { query: { status: 'VECTORIZED' } },
  });
  t.equal(list.data?.data.pagination.total, 1, 'list with defaults omitted');

  const search = await client.POST('/api/search', { headers: authed, body: { query: 'background checks' } });
  t.ok(search.data?.data.items.length, 'search hits');
  t.equal(search.data?.data.items[0]?.documentId, id);

  const missing = await client.GET('/api/documents/{id}', {
    headers: authed,
    params: { path: { id: 'doc_nope' } },
  });
  t.equal(missing.error?.error.code, 'NOT_FOUND', 'typed error envelope');

  const asked = await client.POST('/api/chat/message', {
    headers: authed,
    body: { message: 'How many background checks were there?' },
  });
  t.ok(asked.data?.data.answer, 'an answer');
  t.ok(asked.data?.data.sources.length, 'with sources');

  const stream = await client.POST('/api/chat/stream', {
    headers: { ...authed, Accept: 'text/event-stream' },
    body: { message: 'What do the background checks cover?' },
    parseAs: 'stream',
  });
  t.equal(stream.response.headers.get('content-type')?.split(';')[0], 'text/event-stream');
  if (!stream.data) throw new Error('no stream');
  const events = await readEvents(stream.data);
  const kinds = events.map((e) => e.type);
  t.equal(kinds.at(-1), 'done', 'ends with done');
  t.ok(kinds.includes('sources') && kinds.includes('token'), 'tokens and sources');
  const done = events.at(-1);
  if (done?.type === 'done') t.match(done.conversationId, /^conv_/);

  const refused = await client.POST('/api/chat/stream', { headers: authed, body: { message: '' } });
  t.equal(refused.response.status, 400);
  t.equal(refused.error?.error.code, 'VALIDATION_ERROR', 'stream errors are JSON');

  const key = await client.POST('/api/api-keys', {
    headers: authed,
    body: { name: 'widget', allDocuments: true },
  });
  if (!key.data) throw new Error('no key');
  t.match(key.data.data.key, /^svc_live_/);

  const widget = createClient<paths>({ baseUrl, headers: { 'X-API-Key': key.data.data.key } });
  const publicAnswer = await widget.POST('/api/public/chat', {
    body: { message: 'How many background checks were there?', sessionId: 'sess_client_test' },
  });
  t.ok(publicAnswer.data?.data.answer, 'public chat answers with the key');
});
