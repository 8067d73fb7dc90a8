import { ERROR_CATALOGUE, type ErrorCodeName } from '../../schemas/errors.ts';
import { sampleOf } from './samples.ts';
import { openAiErrorOf, type EnvelopeError } from '../../src/openai/errors.ts';

/**
 * Examples for every operation (issue 25): the request body, the success response and one per
 * documented error status, in the envelope; the stream routes get one example per event type and a
 * whole transcript in their description. Generated from the schemas (samples.ts), so they cannot
 * drift from what the operation declares.
 */

type Json = Record<string, unknown>;
type Operation = Json & {
  operationId?: string;
  parameters?: Json[];
  requestBody?: Json;
  responses?: Record<string, Json>;
};

/** One error per status, with the extra fields that status carries (spec "Errors"). */
function errorExample(status: number): Json {
  const code: ErrorCodeName =
    status === 422
      ? 'VALIDATION_ERROR'
      : ((Object.entries(ERROR_CATALOGUE).find(([, v]) => v.status === status)?.[0] as ErrorCodeName) ??
        'INTERNAL_ERROR');
  const error: Json = { code, message: ERROR_CATALOGUE[code].meaning.replace(/`/g, '').split(';')[0]! };
  if (status === 400) error.details = [{ field: 'message', reason: 'is required' }];
  if (status === 422) {
    error.message = 'This Idempotency-Key was used with a different request';
    error.details = [{ field: 'Idempotency-Key', reason: 'already used with another method, path or body' }];
  }
  if (status === 403) Object.assign(error, { requiredRole: 'COMPANY_ADMIN', currentRole: 'COMPANY_READER' });
  if (status === 429) Object.assign(error, { retryAfter: 30, reason: 'REQUEST_RATE' });
  if (status === 500) error.message = 'Internal server error';
  return { success: false, error };
}

/** Whether `schema` is a `$ref` to the component `name`. */
const isRef = (schema: unknown, name: string) =>
  (schema as Json | undefined)?.$ref === `#/components/schemas/${name}`;

/** Example ids for path parameters, by the collection the path names. */
const PATH_PREFIX: [RegExp, string][] = [
  [/\/documents\//, 'doc'],
  [/\/topics\//, 'top'],
  [/\/conversations\//, 'conv'],
  [/\/messages\//, 'msg'],
  [/\/api-keys\//, 'key'],
  [/\/groups\//, 'grp'],
  [/\/users\//, 'usr'],
  [/\/webhooks\//, 'whk'],
  [/\/evaluations\//, 'eval'],
  [/\/companies\//, 'comp'],
];

/** The events of one streamed answer, in order, as `ChatStreamEvent`s. */
export function streamTranscript(components: Record<string, Json>): Record<string, Json> {
  const sample = (name: string) => sampleOf({ $ref: `#/components/schemas/${name}` }, components) as Json;
  return {
    token: { ...sample('StreamTokenEvent'), content: 'Refunds are accepted within 30 days' },
    token2: { ...sample('StreamTokenEvent'), content: ' of purchase [1].' },
    sources: sample('StreamSourcesEvent'),
    done: sample('StreamDoneEvent'),
  };
}

/**
 * Mutates `doc`: `examples` on request bodies, path parameters and every response's media type, and
 * on each webhook's payload (what Cog-RAG POSTs to a receiver).
 */
export function addExamples(doc: Json & { paths: Record<string, Record<string, Operation>> }): void {
  const components = (doc.components as Json).schemas as Record<string, Json>;
  for (const [event, item] of Object.entries(
    (doc.webhooks ?? {}) as Record<string, Record<string, Operation>>,
  )) {
    for (const op of Object.values(item)) {
      for (const media of Object.values((op.requestBody?.content ?? {}) as Record<string, Json>)) {
        media.examples = {
          payload: {
            summary: `A \`${event}\` delivery's body`,
            value: sampleOf(media.schema, components, { all: true }),
          },
        };
      }
    }
  }
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const op of Object.values(item)) {
      for (const p of op.parameters ?? []) {
        if (p.in !== 'path' || p.example !== undefined) continue;
        const prefix = PATH_PREFIX.find(([re]) =>
          re.test(path.slice(0, path.indexOf(`{${String(p.name)}}`))),
        );
        p.example = sampleOf(p.schema, components, { name: prefix ? `${prefix[1]}Id` : String(p.name) });
        if (prefix && p.name === 'id') p.example = `${prefix[1]}_01jd8x7k3m9q2w5e6r7t8y9u0p`;
      }
      for (const media of Object.values((op.requestBody?.content ?? {}) as Record<string, Json>)) {
        media.examples = {
          request: { summary: 'A request', value: sampleOf(media.schema, components, { all: true }) },
        };
      }
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        for (const [type, media] of Object.entries((response.content ?? {}) as Record<string, Json>)) {
          if ((media.schema as Json | undefined)?.$ref === '#/components/schemas/ScimError') {
            // SCIM's own error shape (RFC 7644 §3.12), on the /scim/v2 routes.
            const value = {
              schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
              status,
              ...(status === '400'
                ? { scimType: 'invalidFilter' }
                : status === '409'
                  ? { scimType: 'uniqueness' }
                  : {}),
              detail: status === '404' ? 'User not found' : 'The request was refused',
            };
            media.examples = { [`error${status}`]: { summary: `${status} SCIM error`, value } };
            continue;
          }
          if (type === 'text/event-stream' && media.schema && !isRef(media.schema, 'ChatStreamEvent')) {
            // The OpenAI-compatible stream: one chunk (its `data:` line) sampled from its schema.
            media.examples = {
              chunk: { summary: 'One `data:` line', value: sampleOf(media.schema, components) },
            };
            continue;
          }
          if (type === 'text/event-stream') {
            const events = streamTranscript(components);
            media.examples = Object.fromEntries(
              Object.entries(events).map(([name, value]) => [
                name,
                { summary: `A \`${String(value.type)}\` event (the JSON of one \`data:\` line)`, value },
              ]),
            );
            response.description =
              `${String(response.description)}\n\nA whole stream:\n\n\`\`\`text\n` +
              Object.values(events)
                .map((e) => `data: ${JSON.stringify(e)}\n\n`)
                .join('') +
              '```';
            continue;
          }
          const value = status.startsWith('2')
            ? sampleOf(media.schema, components)
            : isRef(media.schema, 'OpenAIErrorResponse')
              ? openAiErrorOf(
                  Number(status),
                  (errorExample(Number(status)) as { error: EnvelopeError }).error,
                )
              : errorExample(Number(status));
          const summary = status.startsWith('2')
            ? 'Success'
            : `${status} ${String((value as Json).error && ((value as Json).error as Json).code)}`;
          media.examples = { [status.startsWith('2') ? 'success' : `error${status}`]: { summary, value } };
        }
      }
    }
  }
}
