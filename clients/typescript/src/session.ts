import type { Middleware } from 'openapi-fetch';
import type { components } from '../schema.js';

/** What `POST /api/auth/login` and `POST /api/auth/refresh` answer in `data`. */
export type SessionTokens = components['schemas']['Session'];

/** Called after each successful refresh, e.g. to store the new pair. */
export type OnTokens = (tokens: SessionTokens) => void;

/**
 * A signed-in user's tokens, renewed with `POST /api/auth/refresh` when a request answers 401.
 * Refreshes are serialised: concurrent calls that hit a 401 share one in-flight refresh (one
 * promise), and a call whose 401 came with a token that has since been replaced retries with the
 * new one without refreshing again — the server rotates the refresh token on every refresh and
 * ends the session when a rotated one is presented again (docs/auth.md), so two refreshes with one
 * token must never happen. One `TokenSession` per signed-in user; share it between clients.
 */
export class TokenSession {
  #tokens: SessionTokens;
  #inFlight: Promise<SessionTokens> | undefined;
  readonly #baseUrl: string;
  readonly #fetch: typeof globalThis.fetch;
  readonly #onTokens: OnTokens | undefined;

  constructor(
    baseUrl: string,
    tokens: SessionTokens,
    options: { fetch?: typeof globalThis.fetch; onTokens?: OnTokens } = {},
  ) {
    this.#baseUrl = baseUrl.replace(/\/$/, '');
    this.#tokens = tokens;
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#onTokens = options.onTokens;
  }

  /**
   * Signs in with `POST /api/auth/login`.
   * @throws Error naming the `error.code` when the sign-in is refused.
   */
  static async login(
    baseUrl: string,
    credentials: { email: string; password: string },
    options: { fetch?: typeof globalThis.fetch; onTokens?: OnTokens } = {},
  ): Promise<TokenSession> {
    const tokens = await postTokens(
      options.fetch ?? globalThis.fetch,
      `${baseUrl.replace(/\/$/, '')}/api/auth/login`,
      credentials,
    );
    return new TokenSession(baseUrl, tokens, options);
  }

  /** The current access token (sent as `Authorization: Bearer`). */
  get accessToken(): string {
    return this.#tokens.accessToken;
  }

  /** The current pair. */
  get tokens(): SessionTokens {
    return this.#tokens;
  }

  /**
   * Renews the pair, once for all concurrent callers. `rejected` is the access token a request was
   * refused with: when it is no longer the current one, another call already refreshed and the
   * current pair is returned without a request.
   * @throws Error when the server refuses the refresh (the session ended: sign in again).
   */
  refresh(rejected?: string): Promise<SessionTokens> {
    if (this.#inFlight) return this.#inFlight;
    if (rejected !== undefined && rejected !== this.#tokens.accessToken) return Promise.resolve(this.#tokens);
    this.#inFlight = postTokens(this.#fetch, `${this.#baseUrl}/api/auth/refresh`, {
      refreshToken: this.#tokens.refreshToken,
    })
      .then((tokens) => {
        this.#tokens = tokens;
        this.#onTokens?.(tokens);
        return tokens;
      })
      .finally(() => {
        this.#inFlight = undefined;
      });
    return this.#inFlight;
  }

  /**
   * openapi-fetch middleware: sends the current access token, and on a 401 refreshes (serialised)
   * and sends the request once more with the new token. Sign-in and refresh calls are left alone.
   */
  middleware(): Middleware {
    const copies = new WeakMap<Request, { copy: Request; token: string }>();
    return {
      onRequest: ({ request }) => {
        if (NO_RETRY.test(new URL(request.url).pathname)) return undefined;
        const token = this.accessToken;
        request.headers.set('Authorization', `Bearer ${token}`);
        // A copy made before fetch reads the body, so the request can be sent again after a 401.
        copies.set(request, { copy: request.clone(), token });
        return request;
      },
      onResponse: async ({ request, response }) => {
        const sent = copies.get(request);
        if (response.status !== 401 || !sent) return undefined;
        let renewed: SessionTokens;
        try {
          renewed = await this.refresh(sent.token);
        } catch {
          return undefined; // the session ended: the caller sees the original 401
        }
        const retry = new Request(sent.copy);
        retry.headers.set('Authorization', `Bearer ${renewed.accessToken}`);
        return this.#fetch(retry);
      },
    };
  }
}

/** Calls that take no access token: a 401 there is the answer, not an expired token. */
const NO_RETRY = /\/api\/auth\/(login|refresh|register)$/;

async function postTokens(
  fetcher: typeof globalThis.fetch,
  url: string,
  body: object,
): Promise<SessionTokens> {
  const response = await fetcher(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json().catch(() => undefined)) as
    { data?: SessionTokens; error?: { code?: string } } | undefined;
  if (!response.ok || !json?.data)
    throw new Error(`${url}: HTTP ${response.status} ${json?.error?.code ?? ''}`.trim());
  return json.data;
}
