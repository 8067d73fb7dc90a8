import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useState } from 'preact/hooks';
import { DICTIONARIES, useI18n, type Key } from './i18n.ts';
import { navigate } from './session.ts';
import { onReconnect, probe, useOnline } from './connection.ts';

/**
 * The API's message with its details' reasons (e.g. "The webhook URL is not allowed: url: resolves
 * to a private address (OUTBOUND_ALLOWLIST)"), or `fallback` and the status.
 */
export function problemText(
  error: unknown,
  status: number,
  fallback: string,
  translate?: (code: string) => string | undefined,
): string {
  const e = (
    error as { error?: { code?: string; message?: string; details?: { field?: string; reason?: string }[] } }
  )?.error;
  if (!e?.message) return `${fallback} ${status}`;
  // In French the code's wording replaces the server's English message; the details stay as sent.
  const message = (e.code && translate?.(e.code)) || e.message;
  const reasons = (e.details ?? [])
    .filter((d) => d.reason)
    .map((d) => (d.field ? `${d.field}: ${d.reason}` : d.reason));
  return reasons.length ? `${message}: ${reasons.join('; ')}` : message;
}

/** A failed call's message; 403s say what the role lacks in the user's language. */
export function useProblem() {
  const { t, lang } = useI18n();
  const [problem, setProblem] = useState<string | null>(null);
  const report = useCallback(
    (res: { response: Response; error?: unknown }) => {
      if (res.response.ok) return setProblem(null);
      const translate = (code: string) =>
        lang === 'fr' && `err_${code}` in DICTIONARIES.fr ? t(`err_${code}` as Key) : undefined;
      setProblem(
        res.response.status === 403
          ? t('forbidden')
          : problemText(res.error, res.response.status, t('error'), translate),
      );
    },
    [t, lang],
  );
  return { problem, setProblem, report };
}

/** An announced error message (role=alert) or nothing. */
export function Problem({ text }: { text: string | null }) {
  return text ? (
    <p role="alert" class="problem">
      {text}
    </p>
  ) : null;
}

/** Loads data and reloads on demand; `deps` and the server coming back reload it too. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]) {
  const [data, setData] = useState<T | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => onReconnect(() => setTick((n) => n + 1)), []);
  useEffect(() => {
    let live = true;
    // A failed load (server unreachable) keeps what was shown; the reconnect reloads it.
    void load().then(
      (d) => live && setData(d),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [...deps, tick]);
  return { data, reload: () => setTick((n) => n + 1) };
}

export function Link({
  to,
  children,
  ...rest
}: {
  to: string;
  children: ComponentChildren;
  class?: string;
  'aria-current'?: 'page';
  'aria-label'?: string;
}) {
  return (
    <a
      href={`/app/${to}`}
      onClick={(e) => {
        if (e.ctrlKey || e.metaKey || e.shiftKey) return;
        e.preventDefault();
        navigate(to);
      }}
      {...rest}
    >
      {children}
    </a>
  );
}

export function Pager(props: { page: number; totalPages: number; onPage: (p: number) => void }) {
  const { t } = useI18n();
  if (props.totalPages <= 1) return null;
  return (
    <nav class="pager" aria-label={t('page')}>
      <button type="button" disabled={props.page <= 1} onClick={() => props.onPage(props.page - 1)}>
        {t('previous')}
      </button>
      <span>
        {t('page')} {props.page} / {props.totalPages}
      </span>
      <button
        type="button"
        disabled={props.page >= props.totalPages}
        onClick={() => props.onPage(props.page + 1)}
      >
        {t('next')}
      </button>
    </nav>
  );
}

/**
 * A "Delete" button that asks for confirmation naming `name` first; `label` replaces its
 * accessible name (e.g. "Delete <name>" where a row holds no other cell naming it).
 */
export function DeleteButton(props: { name: string; label?: string; onDelete: () => Promise<unknown> }) {
  const { name, label, onDelete } = props;
  const { t } = useI18n();
  return (
    <button
      type="button"
      class="danger"
      aria-label={label}
      onClick={() => {
        if (confirm(t('confirmDelete', { name }))) void onDelete();
      }}
    >
      {t('delete')}
    </button>
  );
}

export function Forbidden() {
  const { t } = useI18n();
  return (
    <p role="alert" class="problem">
      {t('forbidden')}
    </p>
  );
}

export const formatBytes = (n: number) =>
  n < 1024 ? `${n} B` : n < 1024 ** 2 ? `${(n / 1024).toFixed(1)} kB` : `${(n / 1024 ** 2).toFixed(1)} MB`;
export const formatDate = (iso: string | null, lang: string) =>
  iso ? new Date(iso).toLocaleString(lang) : '—';

/** Copies `text` to the clipboard; says "Copied" once it is there. `label` names what it copies. */
export function CopyButton({ text, label }: { text: string; label?: string }) {
  const { t } = useI18n();
  const [done, setDone] = useState(false);
  return (
    <button
      type="button"
      onClick={() =>
        void navigator.clipboard.writeText(text).then(
          () => setDone(true),
          () => setDone(false),
        )
      }
    >
      {done ? t('copied') : (label ?? t('copy'))}
    </button>
  );
}

/** "Connection lost" while the server does not answer, with a retry; gone once it answers. */
export function ConnectionBanner() {
  const { t } = useI18n();
  const online = useOnline();
  if (online) return null;
  return (
    <div class="banner offline" role="alert">
      <span>{t('offline')}</span>
      <button type="button" onClick={() => void probe()}>
        {t('retryNow')}
      </button>
    </div>
  );
}
