import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { COMPONENTS } from '../schemas/components.ts';
import { INFO, SECURITY_SCHEMES, SERVERS, TAGS } from './openapi/document.ts';
import { transformDocument, transformRoute } from './openapi/transform.ts';

/**
 * OpenAPI 3.1 generated from the routes' TypeBox schemas: /api/openapi.json and the UI at
 * /api/docs. Shared shapes are registered here with their `$id` and appear under
 * `components.schemas` by that name (not `def-N`), so generated clients get named types.
 */
export default fp(
  async function swaggerPlugin(app: FastifyInstance) {
    for (const schema of COMPONENTS) app.addSchema(schema);
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: INFO,
        servers: SERVERS,
        tags: TAGS,
        components: { securitySchemes: SECURITY_SCHEMES as never },
      },
      refResolver: {
        buildLocalReference: (json, _baseUri, _fragment, i) =>
          typeof json.$id === 'string' ? json.$id : `def-${i}`,
      },
      transform: transformRoute,
      transformObject: (documentObject) =>
        'openapiObject' in documentObject
          ? transformDocument({ openapiObject: documentObject.openapiObject as Record<string, unknown> })
          : documentObject.swaggerObject,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'swagger' },
);
