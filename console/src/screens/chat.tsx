import { useEffect, useRef, useState } from 'preact/hooks';
import { api } from '../api.ts';
import { useI18n } from '../i18n.ts';
import { Problem, useLoad, useProblem } from '../ui.tsx';
import { streamChat } from '../chat/stream.ts';
import { AnswerView, type Turn } from '../chat/turn-view.tsx';
import { History } from '../chat/history.tsx';
import { findPassage, PassagePanel, type Passage } from '../chat/passage.tsx';
import { citingSentences } from '../chat/highlight.ts';

let seq = 0;
const newKey = (p: string) => `${p}-${++seq}`;

/**
 * The chat playground: history on the side, the thread scrolling above a pinned composer (topic
 * picker, Send or Stop), answers streamed with "Searching your documents…" until the first words,
 * sources under each answer, Copy / Regenerate, and an inline Retry that resends the question.
 */
export function Chat() {
  const { t } = useI18n();
  const { problem, report } = useProblem();
  const [conversationId, setConversationId] = useState<string | null>(null);
  const convRef = useRef<string | null>(null);
  const [turns, setTurns] = useState<Turn[]>([]);
  const [question, setQuestion] = useState('');
  const [topicId, setTopicId] = useState('');
  const [busy, setBusy] = useState(false);
  const [passage, setPassage] = useState<Passage | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const abort = useRef<AbortController | null>(null);
  const log = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const conversations = useLoad(
    async () =>
      (await api.GET('/api/conversations', { params: { query: { limit: 50 } } })).data?.data.items ?? [],
    [],
  );
  const topics = useLoad(
    async () => (await api.GET('/api/topics', { params: { query: { limit: 100 } } })).data?.data.items ?? [],
    [],
  );
  const setConversation = (id: string | null) => {
    convRef.current = id;
    setConversationId(id);
  };

  // Follow the newest words unless the reader scrolled up to read something older.
  // On a phone the thread is not a scroll box of its own: the page follows instead.
  useEffect(() => {
    const el = log.current;
    if (!stick.current || !el) return;
    if (el.scrollHeight > el.clientHeight + 1) el.scrollTop = el.scrollHeight;
    else scrollTo(0, document.documentElement.scrollHeight);
  }, [turns]);
  useEffect(() => {
    const onScroll = () => {
      const el = log.current;
      if (!el || el.scrollHeight > el.clientHeight + 1) return;
      stick.current = innerHeight + scrollY >= document.documentElement.scrollHeight - 80;
    };
    addEventListener('scroll', onScroll, { passive: true });
    return () => removeEventListener('scroll', onScroll);
  }, []);

  const open = async (id: string) => {
    const res = await api.GET('/api/conversations/{id}', { params: { path: { id } } });
    report(res);
    if (!res.data) return;
    setConversation(id);
    setPassage(null);
    stick.current = true;
    let lastQuestion = '';
    setTurns(
      res.data.data.messages.map((m) => {
        if (m.role === 'user') lastQuestion = m.content;
        return {
          key: m.id,
          id: m.id,
          role: m.role,
          content: m.content,
          citationMap: m.citationMap,
          sources: m.sources.map((s) => ({ ...s, chunks: [] })),
          feedback: m.feedback,
          question: m.role === 'assistant' ? lastQuestion : undefined,
        };
      }),
    );
  };

  /** Asks `message`; with `replace`, the answer takes that answer's place (Retry, Regenerate). */
  const run = async (message: string, replace?: string) => {
    const key = newKey('a');
    const answer: Turn = {
      key,
      id: null,
      role: 'assistant',
      content: '',
      citationMap: {},
      sources: [],
      feedback: null,
      state: 'searching',
      question: message,
    };
    setTurns((ts) =>
      replace
        ? ts.map((x) => (x.key === replace ? answer : x))
        : [
            ...ts,
            {
              key: newKey('u'),
              id: null,
              role: 'user',
              content: message,
              citationMap: {},
              sources: [],
              feedback: null,
            },
            answer,
          ],
    );
    const update = (patch: Partial<Turn>) =>
      setTurns((ts) => ts.map((x) => (x.key === key ? { ...x, ...patch } : x)));
    setBusy(true);
    stick.current = true;
    const ctrl = new AbortController();
    abort.current = ctrl;
    let text = '';
    const end = await streamChat(
      {
        message,
        ...(convRef.current ? { conversationId: convRef.current } : {}),
        ...(topicId ? { topicId } : {}),
      },
      ctrl.signal,
      {
        token: (piece) => update({ content: (text += piece), state: 'streaming' }),
        sources: (sources) => update({ sources }),
      },
    );
    if (end.kind === 'done') {
      update({ id: end.messageId, citationMap: end.citationMap, state: undefined });
      setConversation(end.conversationId);
      conversations.reload();
    } else if (end.kind === 'stopped') update({ state: 'stopped' });
    else update({ state: 'error', error: end.offline ? '' : end.message });
    abort.current = null;
    setBusy(false);
  };

  const ask = (e: Event) => {
    e.preventDefault();
    const message = question.trim();
    if (!message || busy) return;
    setQuestion('');
    void run(message);
  };

  const cite = async (turn: Turn, n: string) => {
    const c = turn.citationMap[n];
    if (!c) return;
    // Focus goes back to the chip that opened the passage when it closes (WAI-ARIA dialog pattern).
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setPassage(await findPassage(n, c.documentId, c.chunkId, t('page'), citingSentences(turn.content, n)));
  };

  const rate = async (turn: Turn, rating: 'up' | 'down') => {
    if (!turn.id || !convRef.current) return;
    const next = turn.feedback === rating ? null : rating;
    const res = await api.PUT('/api/conversations/{id}/messages/{messageId}/feedback', {
      params: { path: { id: convRef.current, messageId: turn.id } },
      body: { rating: next },
    });
    report(res);
    if (res.data) setTurns((ts) => ts.map((x) => (x.id === turn.id ? { ...x, feedback: next } : x)));
  };
  const lastAnswer = [...turns].reverse().find((x) => x.role === 'assistant');

  return (
    <div class="chat">
      <History
        items={conversations.data ?? []}
        current={conversationId}
        onOpen={(id) => void open(id)}
        onNew={() => (setConversation(null), setTurns([]), setPassage(null))}
        onChanged={(deleted) => {
          if (deleted && deleted === convRef.current) {
            setConversation(null);
            setTurns([]);
          }
          conversations.reload();
        }}
        report={report}
      />
      <section class="thread" aria-label={t('chat')}>
        <div
          role="log"
          aria-live="polite"
          class="turns"
          ref={log}
          onScroll={(e) => {
            const el = e.currentTarget;
            stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
          }}
        >
          {turns.length === 0 && <p class="hint">{t('chatEmpty')}</p>}
          {turns.map((turn) => (
            <article
              key={turn.key}
              class={`turn ${turn.role}`}
              data-state={turn.state ?? 'done'}
              aria-busy={turn.state === 'searching' || turn.state === 'streaming' ? 'true' : undefined}
            >
              <h2 class="visually-hidden">{turn.role === 'user' ? t('you') : t('assistant')}</h2>
              {turn.role === 'user' ? (
                <p class="text">{turn.content}</p>
              ) : (
                <AnswerView
                  turn={turn}
                  last={turn === lastAnswer}
                  busy={busy}
                  onCite={(n) => void cite(turn, n)}
                  onRetry={() => turn.question && void run(turn.question, turn.key)}
                  onRate={(r) => void rate(turn, r)}
                />
              )}
            </article>
          ))}
        </div>
        <Problem text={problem} />
        <form class="ask" onSubmit={ask}>
          <label class="topic-pick">
            {t('answerFrom')}
            <select value={topicId} onChange={(e) => setTopicId(e.currentTarget.value)}>
              <option value="">{t('allDocuments')}</option>
              {topics.data?.map((x) => (
                <option key={x.id} value={x.id}>
                  {x.name}
                </option>
              ))}
            </select>
          </label>
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
          {busy ? (
            <button type="button" class="danger" onClick={() => abort.current?.abort()}>
              {t('stop')}
            </button>
          ) : (
            <button type="submit" class="primary">
              {t('send')}
            </button>
          )}
        </form>
      </section>
      {passage && (
        <PassagePanel
          passage={passage}
          onClose={() => {
            setPassage(null);
            opener.current?.focus();
          }}
        />
      )}
    </div>
  );
}
