import t from 'tap';
import type { ServerResponse } from 'node:http';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { fakeOpenAiServer, streamChunks } from '../helpers/openai-server.ts';
import { finished, until, upload } from '../helpers/ingestion.ts';

/**
 * Issue 40, the answerer per company: an admin switches the company to an OpenAI-compatible
 * server the operator allows (ANSWERER_ENDPOINTS), picks a model from its list, tests it, and the
 * company's chat answers through it while another company keeps the installation's extractive
 * answerer; back to the installation's. A URL the operator did not list is refused.
 */
t.test('a company picks its own answerer among the operator’s endpoints', async (t) => {
  const llm = await fakeOpenAiServer(t, (req, body, res: ServerResponse) => {
    if (req.url?.endsWith('/models')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({
          object: 'list',
          data: [
            { id: 'qwen-7b', object: 'model', created: 1, owned_by: 'local' },
            { id: 'llama-8b', object: 'model', created: 1, owned_by: 'local' },
          ],
        }),
      );
    }
    if (body.stream) return streamChunks(res, ['The ferry desk opens at seven [1].']);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: 'x',
        object: 'chat.completion',
        created: 1,
        model: 'qwen-7b',
        choices: [{ index: 0, message: { role: 'assistant', content: 'standalone' }, finish_reason: 'stop' }],
      }),
    );
  });
  const { app } = await buildTestApp(t, {
    worker: true,
    env: { ANSWERER_ENDPOINTS: `openai=${llm.baseUrl}`, OUTBOUND_ALLOWLIST: '127.0.0.1' },
  });
  const admin = await signUp(app);
  const other = await signUp(app);
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, headers = admin.headers) =>
    app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  const initial = await call('GET', '/api/answerer');
  t.equal(initial.statusCode, 200);
  t.match(initial.json().data, {
    provider: 'installation',
    installation: { provider: 'extractive' },
    endpoints: [{ kind: 'openai', url: llm.baseUrl }],
  });

  const models = await call('POST', '/api/answerer/models', { provider: 'openai', endpoint: llm.baseUrl });
  t.same(models.json().data, { models: ['llama-8b', 'qwen-7b'], error: null }, 'the server’s models, sorted');
  const elsewhere = await call('POST', '/api/answerer/models', {
    provider: 'openai',
    endpoint: 'http://127.0.0.1:5432/v1',
  });
  t.equal(elsewhere.statusCode, 400, 'a URL the operator did not list is refused');
  t.match(elsewhere.json().error.details[0], { field: 'endpoint' });

  const tried = await call('POST', '/api/answerer/test', {
    provider: 'openai',
    endpoint: llm.baseUrl,
    model: 'qwen-7b',
    apiKey: 'sk-local',
  });
  t.match(tried.json().data, { ok: true, answer: /seven/, error: null }, 'the test question is answered');
  t.equal(llm.requests.at(-1)?.authorization, 'Bearer sk-local', 'with the key given');

  const saved = await call('PUT', '/api/answerer', {
    provider: 'openai',
    endpoint: llm.baseUrl,
    model: 'qwen-7b',
    apiKey: 'sk-local',
  });
  t.equal(saved.statusCode, 200);
  t.match(saved.json().data, { provider: 'openai', model: 'qwen-7b', hasApiKey: true });
  t.notMatch(saved.body, /sk-local/, 'the key is never returned');
  const noModel = await call('PUT', '/api/answerer', { provider: 'openai', endpoint: llm.baseUrl });
  t.equal(noModel.statusCode, 400, 'a model server needs a model');
  const readerTry = await app.inject({ method: 'GET', url: '/api/answerer', headers: other.headers });
  t.equal(readerTry.json().data.provider, 'installation', 'another company is untouched');

  const doc = await upload(
    app,
    admin.headers,
    'harbour.txt',
    Buffer.from('Harbour guide. The ferry desk opens at seven in the morning and closes at nine at night.'),
  );
  t.equal((await until(app, admin.headers, doc, finished)).doc.status, 'VECTORIZED');
  const before = llm.requests.length;
  const ask = await call('POST', '/api/chat/message', { message: 'When does the ferry desk open?' });
  t.equal(ask.statusCode, 200, ask.body.slice(0, 300));
  t.match(ask.body, /opens at seven/);
  const chatCall = llm.requests.slice(before).find((r) => r.body.stream);
  t.ok(chatCall, 'the company’s question went to its model server');
  t.equal(chatCall?.body.model, 'qwen-7b');
  t.equal(chatCall?.authorization, 'Bearer sk-local', 'with its stored key');

  const back = await call('PUT', '/api/answerer', { provider: 'installation' });
  t.equal(back.json().data.provider, 'installation');
  const after = llm.requests.length;
  await call('POST', '/api/chat/message', { message: 'When does the ferry desk open?' });
  t.equal(llm.requests.length, after, 'back on the installation’s extractive answerer: no model call');

  const editor = await call('POST', '/api/users', {
    email: 'ed@example.com',
    name: 'Ed',
    role: 'COMPANY_EDITOR',
    password: 'editor password 1',
  });
  t.equal(editor.statusCode, 201);
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'ed@example.com', password: 'editor password 1' },
  });
  const forbidden = await call('GET', '/api/answerer', undefined, {
    authorization: `Bearer ${login.json().data.accessToken}`,
  });
  t.equal(forbidden.statusCode, 403, 'admins only');
});
