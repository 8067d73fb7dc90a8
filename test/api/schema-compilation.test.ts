import t from 'tap';
import Fastify from 'fastify';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { lazySerializerFactory, type Compilations } from '../../plugins/serialization.ts';

t.test('every route schema compiles, readiness waits for it, shared schemas resolve', async (t) => {
  const { app } = await buildTestApp(t);
  await app.ready();
  const started = performance.now();
  const warming = app.warmCompilations();
  const starting = await app.inject({ method: 'GET', url: '/api/ready' });
  t.equal(starting.statusCode, 503, 'not ready while the schemas compile');
  t.equal(starting.headers['retry-after'], '1');
  t.equal(starting.json().error.code, 'SERVICE_UNAVAILABLE');
  const count = await warming;
  t.equal((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode, 200, 'ready once compiled');
  t.ok(count > 150, `${count} request and response schemas compiled without an error`);
  t.comment(`warming all of them took ${Math.round(performance.now() - started)} ms`);
  t.equal(await app.warmCompilations(), count, 'a second warm-up finds the same list, compiled');

  // The error envelope is a shared schema ($ref ErrorEnvelope): serializers see app.addSchema's.
  const denied = await app.inject({ method: 'GET', url: '/api/documents' });
  t.equal(denied.statusCode, 401);
  t.equal(denied.json().error.code, 'UNAUTHORIZED');
  const { headers } = await signUp(app);
  const listed = await app.inject({ method: 'GET', url: '/api/documents', headers });
  t.equal(listed.statusCode, 200);
  t.same(listed.json().data.items, []);
});

t.test('closing the app stops the warm-up, so it never keeps a stopping process alive', async (t) => {
  const { app } = await buildTestApp(t);
  await app.ready();
  const warming = app.warmCompilations();
  await app.close();
  const compiled = await warming;
  t.ok(compiled < 1000, `stopped after ${compiled} of the 1,338 schemas`);
  t.equal(app.schemasWarming, false);
});

t.test('a lazy serializer writes what Fastify’s own writes, and compiles on first use', async (t) => {
  const schema = {
    200: {
      type: 'object',
      properties: { id: { type: 'string' }, size: { type: 'integer' }, shared: { $ref: 'Shared#' } },
    },
  };
  const body = { id: 'doc_1', size: 12, secret: 'never written', shared: { name: 'n', extra: 1 } };
  const shared = { $id: 'Shared', type: 'object', properties: { name: { type: 'string' } } };
  const compilations: Compilations = [];
  const lazy = Fastify({
    schemaController: { compilersFactory: { buildSerializer: lazySerializerFactory(compilations) } },
  });
  const eager = Fastify();
  for (const app of [lazy, eager]) {
    app.addSchema(shared);
    app.get('/doc', { schema: { response: schema } }, async () => body);
    await app.ready();
  }
  t.equal(compilations.length, 2, 'one serializer each for GET and its automatic HEAD');
  const [fromLazy, fromEager] = await Promise.all([lazy.inject('/doc'), eager.inject('/doc')]);
  t.equal(fromLazy.body, fromEager.body);
  t.same(JSON.parse(fromLazy.body), { id: 'doc_1', size: 12, shared: { name: 'n' } });
  await Promise.all([lazy.close(), eager.close()]);
});
