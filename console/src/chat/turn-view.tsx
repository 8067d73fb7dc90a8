import { useState } from 'preact/hooks';
import { useI18n } from '../i18n.ts';
import type { CitationMap, Source } from './stream.ts';

/** One bubble of the thread; an answer knows the question it answers (Retry, Regenerate). */
export interface Turn {
  key: string;
  id: string | null;
  role: 'user' | 'assistant';
  content: string;
  citationMap: CitationMap;
  /** The answer's sources: from the stream (with pages), or names only for a reopened conversation. */
  sources: Source[];
  feedback: 'up' | 'down' | null;
  state?: 'searching' | 'streaming' | 'stopped' | 'error';
  error?: string;
  question?: string;
}

const REFUSAL_EN = 'I could not find an answer to this question in the available documents.';

/** A thumb icon (no emoji: a font without them shows boxes); `down` turns it over. */
const Thumb = ({ down = false }: { down?: boolean }) => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" class={down ? 'down' : undefined}>
    <path
      fill="currentColor"
      d="M2 21h4V9H2v12zm20-11a2 2 0 0 0-2-2h-6.3l1-4.6v-.3c0-.4-.2-.8-.4-1.1L13.2 1 6.6 7.6c-.4.4-.6.9-.6 1.4V19c0 1.1.9 2 2 2h9c.8 0 1.5-.5 1.8-1.2l3-7.1c.1-.2.2-.5.2-.7v-2z"
    />
  </svg>
);

/** The answer as copied: without its [n] markers. */
export const plainAnswer = (content: string) =>
  content
    .replace(/\s*\[\d+\]/g, '')
    .replace(/[ \t]+\n/g, '\n')
    .trim();

/** Each cited source once, with the citations and pages that point into it. */
function citedSources(turn: Turn) {
  const rows: { n: string; name: string; page: number | null; url: string | null }[] = [];
  for (const [n, c] of Object.entries(turn.citationMap)) {
    if (!turn.content.includes(`[${n}]`)) continue;
    const src = turn.sources.find(
      (s) => s.id === c.documentId || s.chunks?.some((x) => x.chunkId === c.chunkId),
    );
    const chunk = src?.chunks?.find((x) => x.chunkId === c.chunkId);
    // A connector's document carries where it lives ("open in source", docs/connectors.md).
    const url = src?.url ?? c.url ?? null;
    rows.push({ n, name: src?.name ?? c.url ?? c.documentId, page: chunk?.page ?? null, url });
  }
  return rows.sort((a, b) => Number(a.n) - Number(b.n));
}

/**
 * An answer: text with citation chips, the sources listed under it, then Copy, Regenerate (the
 * last answer), the thumbs; while waiting "Searching your documents…"; after a failure the reason
 * and Retry, which sends the same question again.
 */
export function AnswerView(props: {
  turn: Turn;
  last: boolean;
  busy: boolean;
  onCite: (n: string) => void;
  onRetry: () => void;
  onRate: (rating: 'up' | 'down') => void;
}) {
  const { t } = useI18n();
  const { turn } = props;
  const [copied, setCopied] = useState(false);
  // The server's refusal is one fixed English sentence (src/chat/prompt.ts): shown in the UI's language.
  const content = turn.content.trim() === REFUSAL_EN ? t('refusal') : turn.content;
  const parts = content.split(/(\[\d+\])/g);
  const sources = citedSources(turn);
  return (
    <>
      {turn.state === 'searching' && <p class="searching">{t('searchingDocs')}</p>}
      {turn.content && (
        <p class="text">
          {parts.map((part, i) => {
            const n = /^\[(\d+)\]$/.exec(part)?.[1];
            return n && turn.citationMap[n] ? (
              <button
                key={i}
                type="button"
                class="chip"
                aria-label={t('openPassage', { n })}
                onClick={() => props.onCite(n)}
              >
                {n}
              </button>
            ) : n ? (
              // Streaming, stopped or cut off: the passages are not known yet, so no button, but
              // not a raw "[1]" either.
              <span key={i} class="chip pending">
                {n}
              </span>
            ) : (
              part
            );
          })}
        </p>
      )}
      {turn.state === 'stopped' && (
        <p class="hint">
          {t('stopped')}{' '}
          {props.last && !turn.content && (
            <button type="button" onClick={props.onRetry} disabled={props.busy}>
              {t('retry')}
            </button>
          )}
        </p>
      )}
      {turn.state === 'error' && (
        <p class="problem" role="alert">
          {turn.error || t('connectionLostAnswer')}{' '}
          <button type="button" onClick={props.onRetry} disabled={props.busy}>
            {t('retry')}
          </button>
        </p>
      )}
      {sources.length > 0 && (
        <div class="sources">
          <h3>{t('sources')}</h3>
          <ol>
            {sources.map((s) => (
              <li key={s.n}>
                <button type="button" class="link" onClick={() => props.onCite(s.n)}>
                  [{s.n}] {s.name}
                  {s.page != null && ` — ${t('page')} ${s.page}`}
                </button>
                {s.url && /^https?:\/\//i.test(s.url) ? (
                  <>
                    {' '}
                    <a class="source-link" href={s.url} target="_blank" rel="noopener noreferrer">
                      {t('openInSource')}
                    </a>
                  </>
                ) : (
                  s.url && <span class="meta source-path"> {s.url}</span>
                )}
              </li>
            ))}
          </ol>
        </div>
      )}
      {(!turn.state || turn.state === 'stopped') && turn.content && (
        <p class="turn-actions">
          <button
            type="button"
            onClick={() =>
              void navigator.clipboard.writeText(plainAnswer(turn.content)).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {copied ? t('copied') : t('copy')}
          </button>
          {props.last && (
            <button type="button" onClick={props.onRetry} disabled={props.busy}>
              {t('regenerate')}
            </button>
          )}
          {turn.id && (
            <span class="rating">
              <button
                type="button"
                aria-pressed={turn.feedback === 'up'}
                aria-label={t('thumbsUp')}
                onClick={() => props.onRate('up')}
              >
                <Thumb />
              </button>
              <button
                type="button"
                aria-pressed={turn.feedback === 'down'}
                aria-label={t('thumbsDown')}
                onClick={() => props.onRate('down')}
              >
                <Thumb down />
              </button>
            </span>
          )}
        </p>
      )}
    </>
  );
}
