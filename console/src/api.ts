import createClient from 'openapi-fetch';
import type { components, paths } from '../../clients/typescript/schema.d.ts';
import { reportNetworkError } from './connection.ts';
import { announce, exclusive, onTabMessage, rememberSignedIn, tokenSince } from './tabs.ts';

export type { components, paths };
export type Schemas = components['schemas'];
export type SessionUser = Schemas['User'];

/**
 * The access token lives in memory only (the spec: no tokens in localStorage); the refresh token
 * is an httpOnly cookie the server sets when asked with X-Refresh-Cookie (docs/console.md). The
 * tabs of a browser share that cookie and take turns rotating it (tabs.ts).
 */
let accessToken: string | null = null;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let onSignedOut: (reason: EndReason) => void = () => {};
let refreshing: Promise<RefreshOutcome> | null = null;

/**
 * Why this tab's session ended, for the sign-in screen: `ended` (the server refused the refresh:
 * signed out elsewhere, password changed, disabled, expired) or `signedOutElsewhere` (another tab
 * signed out).
 */
export type EndReason = 'ended' | 'signedOutElsewhere';

/**
 * A refresh's outcome: `ok`; `refused` (401: no session, or it ended); `unavailable` (the server
 * did not answer, or failed: the session is kept and the connection banner shows).
 */
export type RefreshOutcome = 'ok' | 'refused' | 'unavailable';

/** Called when the session cannot be refreshed any more (the app then shows sign-in and why). */
export function onSessionEnd(fn: (reason: EndReason) => void) {
  onSignedOut = fn;
}

/** Keeps a fresh access token and schedules the next silent refresh a minute before expiry. */
export function setSession(token: string | null, expiresIn = 0) {
  accessToken = token;
  clearTimeout(refreshTimer);
  if (token) rememberSignedIn(true);
  if (token && expiresIn > 0) {
    refreshTimer = setTimeout(() => void refreshSession(), Math.max(5, expiresIn - 60) * 1000);
  }
}

/** Ends the session in this tab; `tell`: and in the other tabs (not when one of them told us). */
function endSession(reason: EndReason, tell: boolean) {
  if (!accessToken) return;
  setSession(null);
  rememberSignedIn(false);
  if (tell) announce({ type: 'ended', reason: 'ended' });
  onSignedOut(reason);
}

// Another tab refreshed: its token is this tab's too (same cookie, same session). Another tab
// signed out, or found the session ended: so is this one.
onTabMessage((message) => {
  if (message.type === 'token' && accessToken) setSession(message.accessToken, message.expiresIn);
  if (message.type === 'ended')
    endSession(message.reason === 'signedOut' ? 'signedOutElsewhere' : 'ended', false);
});

export const COOKIE_MODE = { 'x-refresh-cookie': '1' } as const;

/**
 * Rotates the refresh cookie for a new access token, one tab at a time: after waiting for the
 * lock, a token another tab got meanwhile is taken instead of rotating again.
 */
export function refreshNow(): Promise<RefreshOutcome> {
  refreshing ??= (async () => {
    const asked = Date.now();
    try {
      return await exclusive(async (): Promise<RefreshOutcome> => {
        const shared = tokenSince(asked);
        if (shared) {
          setSession(shared.accessToken, shared.expiresIn);
          return 'ok';
        }
        const res = await api.POST('/api/auth/refresh', { headers: COOKIE_MODE, body: {} });
        if (!res.data) return res.response.status === 401 ? 'refused' : 'unavailable';
        setSession(res.data.data.accessToken, res.data.data.expiresIn);
        announce({
          type: 'token',
          accessToken: res.data.data.accessToken,
          expiresIn: res.data.data.expiresIn,
        });
        return 'ok';
      });
    } catch {
      return 'unavailable';
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/** refreshNow as a yes/no: true when a fresh access token is in hand. */
export const refreshSession = (): Promise<boolean> => refreshNow().then((outcome) => outcome === 'ok');

/** Signs out: ends the session on the server, and in every tab (they say so). */
export async function signOut(): Promise<void> {
  await api.POST('/api/auth/logout', { headers: COOKIE_MODE }).catch(() => undefined);
  setSession(null);
  rememberSignedIn(false);
  announce({ type: 'ended', reason: 'signedOut' });
}

/** After a 401: refreshes once; true to retry, else the session ended (refused) or stays. */
async function recover(): Promise<boolean> {
  const outcome = await refreshNow();
  if (outcome === 'refused') endSession('ended', true);
  return outcome === 'ok';
}

export const authHeader = (): Record<string, string> =>
  accessToken ? { authorization: `Bearer ${accessToken}` } : {};

/**
 * fetch with the bearer token; a 401 outside /api/auth/ triggers one silent refresh and one retry,
 * and ends the session when the server refuses the refresh (not when it cannot be reached).
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
  return (await recover()) ? send(retry) : res;
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
  return (await recover()) ? send(make()) : res;
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
