import { readEvents } from './sse.ts';
import { answerWriter } from './answer.ts';
import { stringsFor, type Strings } from './strings.ts';
import { CSS } from './styles.ts';
import { createHost } from './host.ts';

/** What the embedding `<script>` tag configures (docs/widget.md). */
interface Options {
  apiKey: string;
  apiBase: string;
  topicId?: string;
  /** A signed visitor's token (`data-visitor-token`), or a function returning a fresh one. */
  visitorToken?: string | (() => string | Promise<string>);
  position: 'left' | 'right';
  strings: Strings;
}

interface CitedChunk {
  citation: number;
  page: number | null;
  snippet?: string;
}
interface SourceItem {
  name: string;
  url?: string;
  chunks: CitedChunk[];
}

type El = keyof HTMLElementTagNameMap;
/** Creates an element with attributes and text: text only through textContent, never as HTML. */
function h<K extends El>(
  tag: K,
  attrs: Record<string, string> = {},
  text?: string,
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (text !== undefined) el.textContent = text;
  return el;
}

const ICON =
  '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z"/></svg>';

function readOptions(script: HTMLScriptElement): Options | null {
  const d = script.dataset;
  const apiKey = d.apiKey ?? '';
  if (!/^svc_(live|test)_[A-Za-z0-9_-]{20,}$/.test(apiKey)) {
    console.error('cog-rag widget: data-api-key is missing or malformed');
    return null;
  }
  let overrides: Record<string, unknown> = {};
  try {
    if (d.strings) overrides = JSON.parse(d.strings) as Record<string, unknown>;
  } catch {
    console.error('cog-rag widget: data-strings is not JSON; ignored');
  }
  const global = (
    window as unknown as {
      CogRagWidget?: { strings?: Record<string, unknown>; visitorToken?: () => string | Promise<string> };
    }
  ).CogRagWidget;
  const strings = stringsFor(d.lang || document.documentElement.lang || navigator.language || 'en', {
    ...(global?.strings ?? {}),
    ...overrides,
    ...(d.title ? { title: d.title } : {}),
  });
  return {
    apiKey,
    apiBase: (d.apiBase || `${new URL(script.src, location.href).origin}/api`).replace(/\/+$/, ''),
    topicId: d.topicId || undefined,
    visitorToken:
      typeof global?.visitorToken === 'function' ? global.visitorToken : d.visitorToken || undefined,
    position: d.position === 'bottom-left' || d.position === 'left' ? 'left' : 'right',
    strings,
  };
}

/** Session ids are kept per key for the tab's life (sessionStorage), never shared across sites. */
const storageKey = (o: Options) => `cog-rag:session:${o.apiKey.slice(-8)}`;
function loadSession(o: Options): string | undefined {
  try {
    return sessionStorage.getItem(storageKey(o)) ?? undefined;
  } catch {
    return undefined;
  }
}
function saveSession(o: Options, id: string) {
  try {
    sessionStorage.setItem(storageKey(o), id);
  } catch {
    /* storage blocked: the session lasts as long as the page */
  }
}

/** One line of the conversation, kept in sessionStorage so it survives the site's other pages. */
interface Line {
  r: 'u' | 'b';
  text: string;
  sources?: SourceItem[];
}
const logKey = (o: Options) => `cog-rag:log:${o.apiKey.slice(-8)}`;
function loadLines(o: Options): Line[] {
  try {
    const lines = JSON.parse(sessionStorage.getItem(logKey(o)) ?? '[]') as unknown;
    return Array.isArray(lines) ? (lines as Line[]).slice(-40) : [];
  } catch {
    return [];
  }
}
function saveLines(o: Options, lines: Line[]) {
  try {
    sessionStorage.setItem(logKey(o), JSON.stringify(lines.slice(-40)));
  } catch {
    /* storage blocked or full: the conversation lasts as long as the page */
  }
}

function mount(o: Options) {
  const s = o.strings;
  const host = createHost(o.position);
  const root = host.attachShadow({ mode: 'open' });
  if (
    'adoptedStyleSheets' in root &&
    typeof CSSStyleSheet === 'function' &&
    'replaceSync' in CSSStyleSheet.prototype
  ) {
    // A constructed sheet needs no inline <style>, so a page's strict CSP does not block it.
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
    root.adoptedStyleSheets = [sheet];
  } else {
    root.appendChild(h('style', {}, CSS));
  }

  const launcher = h('button', {
    class: 'launcher',
    type: 'button',
    'aria-label': s.open,
    'aria-expanded': 'false',
    'aria-controls': 'cr-panel',
  });
  launcher.innerHTML = ICON; // a constant, not data
  const panel = h('div', {
    id: 'cr-panel',
    class: 'panel',
    role: 'dialog',
    'aria-modal': 'true',
    'aria-labelledby': 'cr-title',
    hidden: '',
  });
  const header = h('header');
  const closeBtn = h('button', { type: 'button', 'aria-label': s.close }, '×');
  header.append(h('h2', { id: 'cr-title' }, s.title), closeBtn);
  const log = h('div', {
    class: 'log',
    role: 'log',
    'aria-live': 'polite',
    'aria-relevant': 'additions text',
    tabindex: '0',
    'aria-label': s.title,
  });
  log.appendChild(h('p', { class: 'msg bot' }, s.greeting));
  const source = h('section', { class: 'source', 'aria-live': 'polite', hidden: '' });
  const form = h('form');
  const input = h('textarea', {
    'aria-label': s.inputLabel,
    placeholder: s.placeholder,
    maxlength: '4000',
    rows: '1',
  });
  const send = h('button', { type: 'submit' }, s.send);
  form.append(input, send);
  panel.append(header, log, source, form);
  root.append(panel, launcher);
  document.body.appendChild(host);

  let sessionId = loadSession(o);
  let busy = false;
  const lines = loadLines(o);

  const open = (show: boolean) => {
    panel.hidden = !show;
    host.classList.toggle('open', show);
    launcher.setAttribute('aria-expanded', String(show));
    launcher.setAttribute('aria-label', show ? s.close : s.open);
    if (show) input.focus();
    else launcher.focus();
  };
  launcher.addEventListener('click', () => open(panel.hasAttribute('hidden')));
  closeBtn.addEventListener('click', () => open(false));

  // Focus trap: Tab and Shift+Tab cycle inside the open panel; Escape closes it.
  panel.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      if (!source.hidden) {
        source.hidden = true;
        input.focus();
      } else open(false);
      return;
    }
    if (e.key !== 'Tab') return;
    const items = [...panel.querySelectorAll<HTMLElement>('button,textarea,[tabindex="0"]')].filter(
      (el) => !el.closest('[hidden]') && !(el as HTMLButtonElement).disabled,
    );
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && root.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && root.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  });

  const showSource = (n: number, sources: SourceItem[]) => {
    for (const src of sources) {
      const chunk = src.chunks.find((c) => c.citation === n);
      if (!chunk) continue;
      source.replaceChildren();
      const close = h('button', { type: 'button', 'aria-label': s.closeSource }, '×');
      close.addEventListener('click', () => {
        source.hidden = true;
        input.focus();
      });
      source.append(close, h('h3', {}, `[${n}] ${src.name}`));
      // The source's own address (a connector's page, a web result): one link, http(s) only, in a
      // new tab without opener or referrer. Links inside documents and answers stay text.
      if (src.url && /^https?:\/\//i.test(src.url))
        source.append(
          h('p', { class: 'meta' }, src.url),
          h('a', { href: src.url, target: '_blank', rel: 'noopener noreferrer nofollow' }, s.openSource),
        );
      if (chunk.page != null) source.append(h('p', { class: 'meta' }, `${s.page} ${chunk.page}`));
      if (chunk.snippet) source.append(h('p', {}, chunk.snippet));
      source.hidden = false;
      close.focus();
      return;
    }
  };

  const addError = (text: string) => log.appendChild(h('p', { class: 'msg error', role: 'alert' }, text));

  const messageFor = async (res: Response): Promise<string> => {
    if (res.status === 403) return s.forbidden;
    if (res.status === 400) return s.invalid;
    if (res.status === 429) {
      let wait = Number(res.headers.get('retry-after')) || 0;
      try {
        const body = (await res.json()) as { error?: { retryAfter?: number } };
        wait = body.error?.retryAfter ?? wait;
      } catch {
        /* the header is enough */
      }
      return s.rateLimited.replace('{s}', String(Math.max(1, wait)));
    }
    return s.unavailable;
  };

  /** A citation chip `[n]` opening the passage among the answer's current sources. */
  const chipFor = (sourcesOf: () => SourceItem[]) => (n: number) => {
    const b = h(
      'button',
      { type: 'button', class: 'chip', 'aria-label': s.citation.replace('{n}', String(n)) },
      String(n),
    );
    b.addEventListener('click', () => showSource(n, sourcesOf()));
    return b;
  };
  // The conversation so far on this site (another page of it, same tab), replayed as text.
  for (const line of lines) {
    if (line.r === 'u') log.appendChild(h('p', { class: 'msg user' }, line.text));
    else {
      const bubble = h('p', { class: 'msg bot' });
      const writer = answerWriter(
        bubble,
        chipFor(() => line.sources ?? []),
      );
      writer.push(line.text);
      writer.end();
      log.appendChild(bubble);
    }
  }

  const ask = async (question: string) => {
    busy = true;
    send.disabled = true;
    log.appendChild(h('p', { class: 'msg user' }, question));
    const bubble = h('p', { class: 'msg bot', 'aria-busy': 'true' });
    const status = h('span', { class: 'sr' }, s.thinking);
    bubble.appendChild(status);
    log.appendChild(bubble);
    log.scrollTop = log.scrollHeight;
    let sources: SourceItem[] = [];
    let answer = '';
    const writer = answerWriter(
      bubble,
      chipFor(() => sources),
    );
    try {
      let res: Response;
      try {
        // The page's callback mints a fresh token per question (they live an hour at most).
        const visitor = typeof o.visitorToken === 'function' ? await o.visitorToken() : o.visitorToken;
        res = await fetch(`${o.apiBase}/public/chat/stream`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Accept: 'text/event-stream',
            'X-API-Key': o.apiKey,
            ...(visitor ? { 'X-Visitor-Token': visitor } : {}),
          },
          body: JSON.stringify({
            message: question,
            ...(sessionId ? { sessionId } : {}),
            ...(o.topicId ? { topicId: o.topicId } : {}),
          }),
          credentials: 'omit',
        });
      } catch {
        bubble.remove();
        addError(s.network);
        return;
      }
      if (!res.ok || !res.body) {
        bubble.remove();
        addError(await messageFor(res));
        return;
      }
      status.remove();
      let failed = false;
      await readEvents(res.body, (data) => {
        let event: { type?: string; content?: string; sources?: SourceItem[]; sessionId?: string };
        try {
          event = JSON.parse(data);
        } catch {
          return;
        }
        if (event.type === 'token' && typeof event.content === 'string') {
          writer.push(event.content);
          answer += event.content;
          log.scrollTop = log.scrollHeight;
        } else if (event.type === 'sources' && Array.isArray(event.sources)) {
          sources = event.sources;
        } else if (event.type === 'done' && typeof event.sessionId === 'string') {
          sessionId = event.sessionId;
          saveSession(o, sessionId);
        } else if (event.type === 'error') {
          failed = true;
        }
      }).catch(() => (failed = true));
      writer.end();
      if (failed) addError(s.unavailable);
      else {
        lines.push({ r: 'u', text: question }, { r: 'b', text: answer, sources });
        saveLines(o, lines);
      }
    } finally {
      bubble.setAttribute('aria-busy', 'false');
      busy = false;
      send.disabled = false;
    }
  };

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const q = input.value.trim();
    if (!q || busy) return;
    input.value = '';
    void ask(q).finally(() => input.focus());
  });
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      form.requestSubmit();
    }
  });
}

const script =
  (document.currentScript as HTMLScriptElement | null) ??
  document.querySelector<HTMLScriptElement>('script[data-api-key]');
const options = script && readOptions(script);
if (options) {
  if (document.body) mount(options);
  else document.addEventListener('DOMContentLoaded', () => mount(options));
}
