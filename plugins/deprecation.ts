import fp from 'fastify-plugin';
import type { FastifyInstance, onSendHookHandler } from 'fastify';

/**
 * Deprecation signalling (docs/api.md "Versioning"): a route declared with `config.deprecated`
 * answers every request with `Deprecation: @<unix seconds>` (RFC 9745), `Sunset: <HTTP-date>`
 * (RFC 8594) when a removal date is set, and `Link: <…>; rel="deprecation"`; the OpenAPI document
 * marks the operation `deprecated: true` (plugins/openapi/transform.ts).
 */

/** When a route was deprecated, when it goes away, and where the migration is described. */
export interface DeprecationNotice {
  /** ISO 8601 date or date-time from which the route is deprecated. */
  since: string;
  /** ISO 8601 date or date-time after which it may be removed (at least 6 months after `since`). */
  sunset?: string;
  /** Where the change is explained (the served reference, `/api/docs`, by default). */
  link?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    deprecated?: DeprecationNotice;
  }
}

/** Default `Link: rel="deprecation"` target: the served API reference (its description links docs/api.md). */
export const CHANGELOG_LINK = '/api/docs';

/** The response headers of a deprecated route. @throws on an unparseable date (at boot). */
export function deprecationHeaders(notice: DeprecationNotice): Record<string, string> {
  const since = Date.parse(notice.since);
  if (Number.isNaN(since)) throw new Error(`config.deprecated.since is not a date: ${notice.since}`);
  const headers: Record<string, string> = {
    deprecation: `@${Math.floor(since / 1000)}`,
    link: `<${notice.link ?? CHANGELOG_LINK}>; rel="deprecation"`,
  };
  if (notice.sunset !== undefined) {
    const sunset = Date.parse(notice.sunset);
    if (Number.isNaN(sunset)) throw new Error(`config.deprecated.sunset is not a date: ${notice.sunset}`);
    headers.sunset = new Date(sunset).toUTCString();
  }
  return headers;
}

async function deprecationPlugin(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const notice = route.config?.deprecated;
    if (!notice) return;
    const headers = deprecationHeaders(notice);
    const hook: onSendHookHandler = (_request, reply, payload, done) => {
      void reply.headers(headers);
      done(null, payload);
    };
    const existing = route.onSend;
    route.onSend = existing ? [...[existing].flat(), hook] : [hook];
  });
}

export default fp(deprecationPlugin, { name: 'deprecation' });
