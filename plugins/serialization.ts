import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { SerializerSelector, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';

/** Deferred schema compilations (validators and serializers); calling one compiles it once. */
export type Compilations = Array<() => unknown>;

type Serialize = (data: unknown) => string;

/**
 * Fastify's own serializer factory (@fastify/fast-json-stringify-compiler, with the shared
 * schemas of `app.addSchema`), but each route's response serializer is compiled the first time
 * a reply needs it instead of at boot. For the Fastify option
 * `schemaController.compilersFactory.buildSerializer`
 * (https://fastify.dev/docs/latest/Reference/Server/#schemacontroller).
 *
 * Why: Fastify compiles every route's response schemas while it boots, each with all the shared
 * schemas added to its resolver: for this API's 1,338 schemas that was ≈ 9–10 s of CPU per app,
 * paid by every start and by every test that builds an app, though most serve a handful of
 * routes. The server compiles the rest once it listens (`warmCompilations`).
 */
export function lazySerializerFactory(compilations: Compilations): SerializerFactory {
  const build = SerializerSelector();
  return (externalSchemas, serializerOptions) => {
    const compileNow = build(externalSchemas, serializerOptions);
    return (route) => {
      let serialize: Serialize | undefined;
      const compile = () => (serialize ??= compileNow(route));
      compilations.push(compile);
      return (data: unknown) => (serialize ?? compile())(data);
    };
  };
}

/**
 * Compiles every deferred schema not yet compiled, yielding to the event loop between two, so a
 * fresh server answers requests while it warms up. Stops early once `signal` aborts (the app
 * closes), so a short-lived process is not kept alive by it.
 * @returns how many compilations it went through (compiled ones return at once).
 * @throws the first schema that cannot compile: a defect in a route's schema.
 */
export async function warmCompilations(compilations: Compilations, signal?: AbortSignal): Promise<number> {
  let done = 0;
  for (const compile of compilations) {
    if (signal?.aborted) break;
    compile();
    done += 1;
    await yieldToEventLoop();
  }
  return done;
}

/**
 * Gives `app` its `warmCompilations()` (the server calls it once it listens) and
 * `schemasWarming` (true meanwhile; `/api/ready` answers 503). Closing the app stops the warm-up.
 */
export function decorateWarmUp(app: FastifyInstance, compilations: Compilations): void {
  let warming = false;
  const closing = new AbortController();
  app.addHook('onClose', async () => closing.abort());
  app.decorate('warmCompilations', async () => {
    warming = true;
    try {
      return await warmCompilations(compilations, closing.signal);
    } finally {
      warming = false;
    }
  });
  app.decorate('schemasWarming', { getter: () => warming });
}
