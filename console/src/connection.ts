import { useEffect, useState } from 'preact/hooks';

/**
 * Whether the server answers. A request that fails at the network level (server down, Wi-Fi gone)
 * marks the console offline; from then on GET /api/health is tried every 2 s (or at once with
 * `retryNow`) and, once it answers, every list reloads itself (`useLoad` listens to `onReconnect`).
 */
let online = true;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<(online: boolean) => void>();

const set = (value: boolean) => {
  if (online === value) return;
  online = value;
  for (const fn of listeners) fn(value);
};

/** Tries the server once; true when it answered. */
export async function probe(): Promise<boolean> {
  clearTimeout(timer);
  const ok = await fetch('/api/health', { cache: 'no-store' }).then(
    (r) => r.ok,
    () => false,
  );
  set(ok);
  if (!ok) timer = setTimeout(() => void probe(), 2000);
  return ok;
}

/** Called by the API client when a request never reached the server. */
export function reportNetworkError() {
  if (!online) return;
  set(false);
  timer = setTimeout(() => void probe(), 2000);
}

/** Runs `fn` each time the server answers again after being unreachable; returns the unsubscribe. */
export function onReconnect(fn: () => void): () => void {
  const listener = (value: boolean) => value && fn();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The connection state for a component (re-renders on change). */
export function useOnline(): boolean {
  const [value, setValue] = useState(online);
  useEffect(() => {
    listeners.add(setValue);
    return () => void listeners.delete(setValue);
  }, []);
  return value;
}
