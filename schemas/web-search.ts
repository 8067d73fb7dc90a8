import { Type } from 'typebox';
import { Envelope, Text } from './common.ts';

export const WebSearchBody = Type.Object(
  {
    query: Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' }),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, default: 5 })),
  },
  { additionalProperties: false },
);

/** One web search result. */
export const WebResult = Type.Object(
  {
    title: Text(1000),
    url: Text(2000, { format: 'uri' }),
    snippet: Text(5000),
    source: Text(200, { description: 'Engine(s) that found the result, as the provider names them' }),
  },
  { $id: 'WebResult', additionalProperties: false },
);

export const WebSearchResponse = Envelope(
  Type.Object(
    { items: Type.Array(Type.Ref('WebResult'), { maxItems: 20 }), provider: Text(100) },
    { additionalProperties: false },
  ),
);

export const WEB_SEARCH_DESCRIPTION =
  'Searches the web through the configured provider (a self-hosted SearXNG at `SEARXNG_URL`). ' +
  'Not configured: 503 SERVICE_UNAVAILABLE. The provider unreachable, slow (`WEB_SEARCH_TIMEOUT_MS`), ' +
  'oversized or malformed: 502 BAD_GATEWAY.';
