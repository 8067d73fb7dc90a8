/**
 * The console's tabs share one session (issue 38): every tab of a browser sends the same refresh
 * cookie, and rotating it is a write. Tabs therefore take turns: a refresh runs under the Web
 * Locks API's exclusive lock `cograg-refresh` (navigator.locks), and the tab that refreshed posts
 * its new access token on the BroadcastChannel `cograg-session`; a tab that was waiting for the
 * lock takes that token instead of rotating again (same cookie, same session). Where Web Locks
 * are missing (an http:// origin other than localhost is not a secure context; old browsers), a
 * tab that heard another announce a refresh waits up to 5 s for its token. A race left over is
 * absorbed by the server's grace window (AUTH_REFRESH_REUSE_GRACE_SECONDS, docs/auth.md).
 *
 * Access tokens travel only between same-origin tabs of this browser, which share the cookie
 * that can mint them anyway; nothing is written to storage but a per-tab "was signed in" hint
 * (sessionStorage: localStorage stays empty).
 */

/** What tabs tell each other. */
export type TabMessage =
  | { type: 'refreshing' }
  | { type: 'token'; accessToken: string; expiresIn: number }
  | { type: 'ended'; reason: 'ended' | 'signedOut' };

const LOCK = 'cograg-refresh';
/** How long a tab waits for another tab's announced refresh without Web Locks, ms. */
const FALLBACK_WAIT_MS = 5000;
/** sessionStorage key of the hint that this tab was signed in (not a credential). */
const HINT = 'cograg_signed_in';

const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('cograg-session') : null;
let latest: { accessToken: string; expiresIn: number; at: number } | null = null;
let othersRefreshingAt = 0;
const waiters = new Set<() => void>();
const listeners = new Set<(message: TabMessage) => void>();

channel?.addEventListener('message', (event: MessageEvent<TabMessage>) => {
  const message = event.data;
  if (message.type === 'refreshing') othersRefreshingAt = Date.now();
  if (message.type === 'token') {
    latest = { accessToken: message.accessToken, expiresIn: message.expiresIn, at: Date.now() };
    othersRefreshingAt = 0;
    for (const wake of waiters) wake();
  }
  for (const fn of listeners) fn(message);
});

/** Tells the other tabs (never this one). */
export function announce(message: TabMessage): void {
  channel?.postMessage(message);
}

/** Runs `fn` for each message from another tab; returns the unsubscribe. */
export function onTabMessage(fn: (message: TabMessage) => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** The access token another tab obtained at or after `since` (Date.now() ms), if any. */
export function tokenSince(since: number): { accessToken: string; expiresIn: number } | null {
  return latest && latest.at >= since ? latest : null;
}

const waitForToken = (ms: number) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      waiters.delete(done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    waiters.add(done);
  });

/**
 * Runs `fn` while no other tab refreshes: under the exclusive Web Lock, released when `fn` ends
 * or the tab closes; without Web Locks, after the refresh another tab announced (at most 5 s).
 */
export async function exclusive<T>(fn: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks) return navigator.locks.request(LOCK, fn);
  const waited = Date.now() - othersRefreshingAt;
  if (waited < FALLBACK_WAIT_MS) await waitForToken(FALLBACK_WAIT_MS - waited);
  announce({ type: 'refreshing' });
  return fn();
}

/** Remembers whether this tab has a session, so a refused refresh on reload can say it ended. */
export function rememberSignedIn(on: boolean): void {
  try {
    if (on) sessionStorage.setItem(HINT, '1');
    else sessionStorage.removeItem(HINT);
  } catch {
    // Storage disabled: the sign-in screen then cannot tell an ended session from none.
  }
}

/** Whether this tab had a session (see rememberSignedIn). */
export function wasSignedIn(): boolean {
  try {
    return sessionStorage.getItem(HINT) === '1';
  } catch {
    return false;
  }
}
