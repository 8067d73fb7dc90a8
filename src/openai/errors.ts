/**
 * The /v1 routes answer errors in OpenAI's shape `{error: {message, type, param, code}}`, which
 * every OpenAI client parses (docs/api.md "OpenAI-compatible API"). They are made from the spec's
 * envelope that the app's one error handler (plugins/errors.ts) writes, so both report the same
 * status and `code` for the same failure; only the layout differs.
 */

/** OpenAI's `error.type` by the spec's `error.code`; unlisted codes go by status (typeOfStatus). */
const TYPE_BY_CODE: Record<string, string> = {
  VALIDATION_ERROR: 'invalid_request_error',
  UNAUTHORIZED: 'authentication_error',
  FORBIDDEN: 'permission_error',
  NOT_FOUND: 'not_found_error',
  RATE_LIMIT_EXCEEDED: 'rate_limit_error',
};

const typeOfStatus = (status: number) =>
  status >= 500 ? 'server_error' : status === 429 ? 'rate_limit_error' : 'invalid_request_error';

/** The envelope's `error` (spec "Errors"): code, message, optional `details[{field, reason}]`. */
export interface EnvelopeError {
  code: string;
  message: string;
  details?: { field: string; reason: string }[];
}

/** OpenAI's error object. */
export interface OpenAIError {
  error: { message: string; type: string; param: string | null; code: string };
}

/**
 * The OpenAI error for an envelope error answered with `status`: `details` are folded into the
 * message ("messages: is required"), the first field is `param`.
 */
export function openAiErrorOf(status: number, e: EnvelopeError): OpenAIError {
  const details = e.details ?? [];
  const message = details.length
    ? `${e.message}: ${details.map((d) => `${d.field} ${d.reason}`).join('; ')}`
    : e.message;
  return {
    error: {
      message: message.slice(0, 2000),
      type: TYPE_BY_CODE[e.code] ?? typeOfStatus(status),
      param: details[0]?.field ?? null,
      code: e.code,
    },
  };
}

/**
 * An onSend payload rewritten when it is an error in the envelope: the serialized OpenAI error;
 * any other payload unchanged.
 */
export function reshapeErrorPayload(status: number, payload: unknown): unknown {
  if (status < 400 || typeof payload !== 'string' || !payload.startsWith('{"success":false')) return payload;
  try {
    const body = JSON.parse(payload) as { error?: EnvelopeError };
    return body.error ? JSON.stringify(openAiErrorOf(status, body.error)) : payload;
  } catch {
    return payload;
  }
}
