/** A cited chunk as the `sources` event carries it (the fields the widget shows). */
export interface CitedChunk {
  citation: number;
  page: number | null;
  pageEnd?: number;
  snippet?: string;
  quote?: string;
}
export interface SourceItem {
  name: string;
  url?: string;
  /** A signed link to the original, relative to the API base, valid 10 minutes (keys with originals). */
  originalUrl?: string;
  chunks: CitedChunk[];
}

/** One line of the conversation: a question, or an answer with its sources, id and rating. */
export interface Line {
  r: 'u' | 'b';
  text: string;
  sources?: SourceItem[];
  /** The answer's message id (for the thumbs). */
  m?: string;
  /** The session it was answered in: a rating names it (the server may have started a new one since). */
  s?: string;
  f?: 'up' | 'down';
}

const MAX_LINES = 40;

/**
 * The conversation of one (site, key, topic) for the tab's life: sessionStorage is per origin and
 * per tab, and the key's last 8 characters and the topic name the entry, so each topic of a site
 * has its own conversation (a page about billing does not continue the one about shipping).
 * Storage may be blocked (privacy settings): then the conversation lasts as long as the page.
 */
export function conversationStore(apiKey: string, topicId: string | undefined) {
  const suffix = `${apiKey.slice(-8)}:${topicId ?? '*'}`;
  const sessionKey = `cog-rag:session:${suffix}`;
  const logKey = `cog-rag:log:${suffix}`;
  const get = (k: string) => {
    try {
      return sessionStorage.getItem(k);
    } catch {
      return null;
    }
  };
  const set = (k: string, v: string | null) => {
    try {
      if (v === null) sessionStorage.removeItem(k);
      else sessionStorage.setItem(k, v);
    } catch {
      /* blocked or full */
    }
  };
  return {
    session: (): string | undefined => get(sessionKey) ?? undefined,
    setSession: (id: string) => set(sessionKey, id),
    lines(): Line[] {
      try {
        const lines = JSON.parse(get(logKey) ?? '[]') as unknown;
        return Array.isArray(lines) ? (lines as Line[]).slice(-MAX_LINES) : [];
      } catch {
        return [];
      }
    },
    saveLines: (lines: Line[]) => set(logKey, JSON.stringify(lines.slice(-MAX_LINES))),
    /** "New conversation": the next question starts a new session. */
    clear() {
      set(sessionKey, null);
      set(logKey, null);
    },
  };
}
