import createFetchClient, { type Client } from 'openapi-fetch';
import type { components, paths } from '../schema.js';
import type { TokenSession } from './session.js';
import { sseData } from './sse.js';

export type { components, paths } from '../schema.js';
export { sseData } from './sse.js';
export { TokenSession, type OnTokens, type SessionTokens } from './session.js';

/** One event of a streamed answer: `token`, `sources`, `done` or `error` (discriminated by `type`). */
export type ChatStreamEvent = components['schemas']['ChatStreamEvent'];
/** The error envelope every failed JSON response carries. */
export type ErrorEnvelope = components['schemas']['ErrorEnvelope'];
/** A document as the API returns it. */
export type Document = components['schemas']['Document'];

/** The typed openapi-fetch client over every operation of the API. */
export type CogRagClient = Client<paths>;

/** How to reach and authenticate to the API. */
export interface ClientOptions {
  /** The server, e.g. `https://rag.example.com` (no `/api`). */
  baseUrl: string;
  /** An access token from `POST /api/auth/login` (sent as `Authorization: Bearer`), never renewed. */
  token?: string;
  /**
   * A signed-in session (`TokenSession.login`): its access token is sent, and a 401 refreshes it
   * (one refresh shared by concurrent calls) and sends the request again.
   */
  session?: TokenSession;
  /** An API key (`svc_live_…`) for the `/api/public/*` routes (sent as `X-API-Key`). */
  apiKey?: string;
  /** A fetch to use instead of the global one. */
  fetch?: typeof globalThis.fetch;
}

/** The openapi-fetch client, typed by the document; every path, body and response is checked. */
export function createClient(options: ClientOptions): CogRagClient {
  const headers: Record<string, string> = {};
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.apiKey) headers['X-API-Key'] = options.apiKey;
  const client = createFetchClient<paths>({
    baseUrl: options.baseUrl,
    headers,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  if (options.session) client.use(options.session.middleware());
  return client;
}

/** A refused request: the HTTP status and the API's error envelope (`error.code`, `error.message`). */
export class CogRagError extends Error {
  readonly status: number;
  readonly envelope: ErrorEnvelope | undefined;
  constructor(status: number, envelope: ErrorEnvelope | undefined) {
    super(envelope ? `${status} ${envelope.error.code}: ${envelope.error.message}` : `HTTP ${status}`);
    this.name = 'CogRagError';
    this.status = status;
    this.envelope = envelope;
  }
}

/** What to upload: the bytes as a Blob (or File), its file name, optional display name and topic. */
export interface UploadInput {
  file: Blob;
  filename: string;
  name?: string;
  topicId?: string;
  /** Makes a retry safe: the same key returns the first document (docs/api.md "Safe retries"). */
  idempotencyKey?: string;
}

/**
 * Uploads a document (multipart/form-data) and returns it (status `UPLOADED`; poll `getDocument`
 * until `VECTORIZED`). A fresh `Idempotency-Key` is sent unless one is given, so retrying this
 * call after a timeout with the same key never creates a second document.
 * @throws CogRagError on any refusal (413 too large, 415 unsupported type, …).
 */
export async function uploadDocument(client: CogRagClient, input: UploadInput): Promise<Document> {
  const form = new FormData();
  form.append('file', input.file, input.filename);
  if (input.name !== undefined) form.append('name', input.name);
  if (input.topicId !== undefined) form.append('topicId', input.topicId);
  const { data, error, response } = await client.POST('/api/documents/upload', {
    headers: { 'Idempotency-Key': input.idempotencyKey ?? crypto.randomUUID() },
    body: { file: input.file, name: input.name, topicId: input.topicId },
    bodySerializer: () => form,
  });
  if (!data) throw new CogRagError(response.status, error);
  return data.data;
}

/** A question for a stream route: `/api/chat/stream` (Bearer) or `/api/public/chat/stream` (API key). */
export type StreamPath = '/api/chat/stream' | '/api/public/chat/stream';
/** The body of a stream route. */
export type StreamBody =
  components['schemas']['StreamChatRequest'] | components['schemas']['PublicStreamChatRequest'];

/** The event types this version knows; others are skipped (docs/api.md: ignore unknown events). */
const EVENT_TYPES: ReadonlySet<string> = new Set<ChatStreamEvent['type']>([
  'token',
  'sources',
  'done',
  'error',
]);

/**
 * One `data:` payload as a `ChatStreamEvent`, or `undefined` when it is not JSON or its `type` is
 * one this version does not know (a newer server may add event types; clients ignore them).
 */
export function parseEvent(data: string): ChatStreamEvent | undefined {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return undefined;
  }
  return isEvent(value) ? value : undefined;
}

function isEvent(value: unknown): value is ChatStreamEvent {
  return (
    typeof value === 'object' &&
    value !== null &&
    'type' in value &&
    typeof value.type === 'string' &&
    EVENT_TYPES.has(value.type)
  );
}

/**
 * Asks a question and yields the answer's events as they arrive (`token`… `sources`, `done`);
 * events of a type this version does not know are skipped. The question is POSTed exactly once:
 * a dropped connection ends the iteration with an error and is never retried (re-sending would ask
 * again and bill again). Abort with `signal`.
 * @throws CogRagError when the request is refused before the stream starts (400, 401, 429, 503…).
 */
export async function* streamChat(
  client: CogRagClient,
  body: StreamBody,
  options: { path?: StreamPath; signal?: AbortSignal } = {},
): AsyncGenerator<ChatStreamEvent, void, undefined> {
  const { response, error } = await client.POST(options.path ?? '/api/chat/stream', {
    body,
    headers: { Accept: 'text/event-stream' },
    parseAs: 'stream',
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (!response.ok || !response.body) throw new CogRagError(response.status, error);
  for await (const data of sseData(response.body)) {
    const event = parseEvent(data);
    if (!event) continue;
    yield event;
    if (event.type === 'done' || event.type === 'error') return;
  }
}
