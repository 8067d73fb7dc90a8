import createClient from 'openapi-fetch';
import type { components, paths } from '../../clients/typescript/schema.d.ts';
import { reportNetworkError } from './connection.ts';

export type { components, paths };
export type Schemas = components['schemas'];
export type SessionUser = Schemas['User'];

/**
 * The access token lives in memory only (the spec: no tokens in localStorage); the refresh token
 * is an httpOnly cookie the server sets when asked with X-Refresh-Cookie (docs/console.md).
 */
let accessToken: string | null = null;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let onSignedOut: () => void = () => {};
let refreshing: Promise<boolean> | null = null;

/** Called when the session cannot be refreshed any more (the app then shows sign-in). */
export function onSessionEnd(fn: () => void) {
  onSignedOut = fn;
}

/** Keeps a fresh access token and schedules the next silent refresh a minute before expiry. */
export function setSession(token: string | null, expiresIn = 0) {
  accessToken = token;
  clearTimeout(refreshTimer);
  if (token && expiresIn > 0) {
    refreshTimer = setTimeout(() => void refreshSession(), Math.max(5, expiresIn - 60) * 1000);
  }
}

export const COOKIE_MODE = { 'x-refresh-cookie': '1' } as const;

/** Rotates the refresh cookie for a new access token; false when the session is over. */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    try {
      const res = await api.POST('/api/auth/refresh', { headers: COOKIE_MODE, body: {} });
      // 401 without a cookie (nobody signed in yet) or with a refused one: quietly no session.
      if (!res.data) return false;
      setSession(res.data.data.accessToken, res.data.data.expiresIn);
      return true;
    } catch {
      return false;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

export const authHeader = (): Record<string, string> =>
  accessToken ? { authorization: `Bearer ${accessToken}` } : {};

/**
 * fetch with the bearer token; a 401 outside /api/auth/ triggers one silent refresh and one retry,
 * and ends the session when that fails.
 */
export async function authedFetch(input: Request): Promise<Response> {
  const retry = input.clone();
  const send = (req: Request) => {
    if (accessToken && !req.headers.has('authorization'))
      req.headers.set('authorization', `Bearer ${accessToken}`);
    return fetch(req).catch((err: unknown) => {
      // A stopped request is the caller's choice; anything else never reached the server.
      if ((err as Error)?.name !== 'AbortError') reportNetworkError();
      throw err;
    });
  };
  const res = await send(input);
  if (res.status !== 401 || new URL(input.url).pathname.startsWith('/api/auth/')) return res;
  if (await refreshSession()) return send(retry);
  setSession(null);
  onSignedOut();
  return res;
}

/**
 * Like authedFetch for a request built by `make` (called again for the retry after a refresh), so
 * its body is never cloned into a stream: the browser sends it, and devtools show it, as text.
 */
export async function sendWithAuth(make: () => Request): Promise<Response> {
  const send = (req: Request) => {
    if (accessToken) req.headers.set('authorization', `Bearer ${accessToken}`);
    return fetch(req).catch((err: unknown) => {
      if ((err as Error)?.name !== 'AbortError') reportNetworkError();
      throw err;
    });
  };
  const res = await send(make());
  if (res.status !== 401) return res;
  if (await refreshSession()) return send(make());
  setSession(null);
  onSignedOut();
  return res;
}

export const api = createClient<paths>({
  baseUrl: location.origin,
  credentials: 'same-origin',
  fetch: authedFetch,
});

/** The envelope's message of a failed call (403s are worded for people by the caller). */
export function errorOf(error: unknown, fallback = 'Request failed'): { status?: number; message: string } {
  const e = error as { error?: { message?: string; code?: string } } | undefined;
  return { message: e?.error?.message ?? fallback };
}
