import { useEffect, useRef, useState } from 'preact/hooks';
import { createParser } from 'eventsource-parser';
import { api, authedFetch, type Schemas } from '../api.ts';
import { useI18n } from '../i18n.ts';
import { Link, Problem, useLoad, useProblem } from '../ui.tsx';
import { locationOf } from './document-detail.tsx';
import { OriginalFile } from '../original-file.tsx';

type CitationMap = Schemas['CitationMap'];
interface Turn {
  id: string | null;
  role: 'user' | 'assistant';
  content: string;
  citationMap: CitationMap;
  feedback: 'up' | 'down' | null;
  streaming?: boolean;
}
interface Passage {
  n: string;
  documentId: string;
  name: string;
  mimeType: string;
  /** The cited chunk's first page (PDFs), null when it has none. */
  page: number | null;
  where: string;
  text: string;
}

/** The chunk a citation points at: the document's chunks are paged through until it turns up. */
async function findPassage(
  n: string,
  documentId: string,
  chunkId: string,
  page: string,
): Promise<Passage | null> {
  const doc = await api.GET('/api/documents/{id}', { params: { path: { id: documentId } } });
  for (let p = 1; p <= 50; p++) {
    const res = await api.GET('/api/documents/{id}/chunks', {
      params: { path: { id: documentId }, query: { page: p, limit: 100 } },
    });
    const hit = res.data?.data.items.find((c) => c.id === chunkId);
    if (hit)
      return {
        n,
        documentId,
        name: doc.data?.data.name ?? documentId,
        mimeType: doc.data?.data.mimeType ?? '',
        page: hit.pageStart,
        where: locationOf(hit, page),
        text: hit.text,
      };
    if (!res.data || p >= res.data.data.pagination.totalPages) break;
  }
  return null;
}

/** A thumb icon (no emoji: a font without them shows boxes); `down` turns it over. */
const Thumb = ({ down = false }: { down?: boolean }) => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" class={down ? 'down' : undefined}>
    <path
      fill="currentColor"
      d="M2 21h4V9H2v12zm20-11a2 2 0 0 0-2-2h-6.3l1-4.6v-.3c0-.4-.2-.8-.4-1.1L13.2 1 6.6 7.6c-.4.4-.6.9-.6 1.4V19c0 1.1.9 2 2 2h9c.8 0 1.5-.5 1.8-1.2l3-7.1c.1-.2.2-.5.2-.7v-2z"
    />
  </svg>
);

/** An answer with its [n] markers as buttons that open the cited passage. */
function AnswerText({ turn, onCite }: { turn: Turn; onCite: (n: string) => void }) {
  const { t } = useI18n();
  const parts = turn.content.split(/(\[\d+\])/g);
  return (
    <p class="text">
      {parts.map((part, i) => {
        const n = /^\[(\d+)\]$/.exec(part)?.[1];
        return n && turn.citationMap[n] ? (
          <button
            key={i}
            type="button"
            class="chip"
            aria-label={t('openPassage', { n })}
            onClick={() => onCite(n)}
          >
            {n}
          </button>
        ) : (
          part
        );
      })}
    </p>
  );
}

export function Chat() {
  const { t } = useI18n();
  const { problem, report, setProblem } = useProblem();
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [turns, setTurns] = useState<Turn[]>([]);
  const [question, setQuestion] = useState('');
  const [busy, setBusy] = useState(false);
  const [passage, setPassage] = useState<Passage | null>(null);
  const passageRef = useRef<HTMLElement>(null);
  const conversations = useLoad(
    async () =>
      (await api.GET('/api/conversations', { params: { query: { limit: 50 } } })).data?.data.items ?? [],
    [],
  );

  const open = async (id: string) => {
    const res = await api.GET('/api/conversations/{id}', { params: { path: { id } } });
    report(res);
    if (!res.data) return;
    setConversationId(id);
    setPassage(null);
    setTurns(
      res.data.data.messages.map((m) => ({
        id: m.id,
        role: m.role,
        content: m.content,
        citationMap: m.citationMap,
        feedback: m.feedback,
      })),
    );
  };

  const ask = async (e: Event) => {
    e.preventDefault();
    const message = question.trim();
    if (!message || busy) return;
    setBusy(true);
    setQuestion('');
    setProblem(null);
    const answer: Turn = {
      id: null,
      role: 'assistant',
      content: '',
      citationMap: {},
      feedback: null,
      streaming: true,
    };
    setTurns((ts) => [
      ...ts,
      { id: null, role: 'user', content: message, citationMap: {}, feedback: null },
      answer,
    ]);
    const update = (patch: Partial<Turn>) =>
      setTurns((ts) => ts.map((x, i) => (i === ts.length - 1 ? { ...x, ...patch } : x)));
    try {
      const res = await authedFetch(
        new Request('/api/chat/stream', {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
          body: JSON.stringify({ message, ...(conversationId ? { conversationId } : {}) }),
        }),
      );
      if (!res.ok || !res.body) {
        report({ response: res, error: await res.json().catch(() => undefined) });
        return;
      }
      let text = '';
      const parser = createParser({
        onEvent: (ev) => {
          const event = JSON.parse(ev.data) as Schemas['ChatStreamEvent'];
          if (event.type === 'token') update({ content: (text += event.content) });
          else if (event.type === 'done') {
            update({ id: event.messageId, citationMap: event.citationMap, streaming: false });
            setConversationId(event.conversationId);
          } else if (event.type === 'error') setProblem(event.error.message);
        },
      });
      const decoder = new TextDecoder();
      const reader = res.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(decoder.decode(value, { stream: true }));
      }
      conversations.reload();
    } finally {
      update({ streaming: false });
      setBusy(false);
    }
  };

  const cite = async (turn: Turn, n: string) => {
    const c = turn.citationMap[n];
    if (!c) return;
    const found = await findPassage(n, c.documentId, c.chunkId, t('page'));
    setPassage(found);
  };
  useEffect(() => passageRef.current?.focus(), [passage]);

  const rate = async (turn: Turn, rating: 'up' | 'down') => {
    if (!turn.id || !conversationId) return;
    const next = turn.feedback === rating ? null : rating;
    const res = await api.PUT('/api/conversations/{id}/messages/{messageId}/feedback', {
      params: { path: { id: conversationId, messageId: turn.id } },
      body: { rating: next },
    });
    report(res);
    if (res.data) setTurns((ts) => ts.map((x) => (x.id === turn.id ? { ...x, feedback: next } : x)));
  };

  return (
    <div class="chat">
      <nav aria-label={t('conversations')} class="history">
        <button type="button" onClick={() => (setConversationId(null), setTurns([]), setPassage(null))}>
          {t('newConversation')}
        </button>
        <ul>
          {conversations.data?.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                aria-current={c.id === conversationId ? 'true' : undefined}
                onClick={() => void open(c.id)}
              >
                {c.title}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <section class="thread" aria-label={t('chat')}>
        <div role="log" aria-live="polite" class="turns">
          {turns.map((turn, i) => (
            <article
              key={turn.id ?? `new-${i}`}
              class={`turn ${turn.role}`}
              aria-busy={turn.streaming ? 'true' : undefined}
            >
              <h2 class="visually-hidden">{turn.role === 'user' ? t('you') : t('assistant')}</h2>
              {turn.role === 'user' ? (
                <p class="text">{turn.content}</p>
              ) : (
                <AnswerText turn={turn} onCite={(n) => void cite(turn, n)} />
              )}
              {turn.role === 'assistant' && turn.id && (
                <p class="rating">
                  <button
                    type="button"
                    aria-pressed={turn.feedback === 'up'}
                    aria-label={t('thumbsUp')}
                    onClick={() => void rate(turn, 'up')}
                  >
                    <Thumb />
                  </button>
                  <button
                    type="button"
                    aria-pressed={turn.feedback === 'down'}
                    aria-label={t('thumbsDown')}
                    onClick={() => void rate(turn, 'down')}
                  >
                    <Thumb down />
                  </button>
                </p>
              )}
            </article>
          ))}
        </div>
        <Problem text={problem} />
        <form class="ask" onSubmit={ask}>
          <label class="visually-hidden" for="question">
            {t('askPlaceholder')}
          </label>
          <textarea
            id="question"
            rows={2}
            maxLength={4000}
            placeholder={t('askPlaceholder')}
            value={question}
            onInput={(e) => setQuestion(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault();
                e.currentTarget.form?.requestSubmit();
              }
            }}
          />
          <button type="submit" class="primary" disabled={busy}>
            {t('send')}
          </button>
        </form>
      </section>
      {passage && (
        <aside class="passage" aria-labelledby="passage-title" tabIndex={-1} ref={passageRef}>
          <h2 id="passage-title">
            {t('passage')} [{passage.n}]
          </h2>
          <p>
            <Link to={`documents/${encodeURIComponent(passage.documentId)}`}>{passage.name}</Link>{' '}
            {passage.where}
          </p>
          <blockquote>{passage.text}</blockquote>
          <OriginalFile
            id={passage.documentId}
            name={passage.name}
            mimeType={passage.mimeType}
            page={passage.page}
          />
          <button type="button" onClick={() => setPassage(null)}>
            {t('close')}
          </button>
        </aside>
      )}
    </div>
  );
}
