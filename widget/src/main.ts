import { answerWriter } from './answer.ts';
import { h } from './dom.ts';
import { readOptions, type Options } from './options.ts';
import { conversationStore, type Line, type SourceItem } from './store.ts';
import { buildPanel } from './panel.ts';
import { sourceView } from './source-view.ts';
import { feedbackRow } from './feedback.ts';
import { messageFor, sendFeedback } from './api.ts';
import { streamAnswer } from './chat.ts';
import { trapFocus } from './focus.ts';

function mount(o: Options) {
  const s = o.strings;
  const ui = buildPanel(o);
  const { launcher, panel, log, input, send, stop } = ui;
  const store = conversationStore(o.apiKey, o.topicId);
  let sessionId = store.session();
  let lines = store.lines();
  let controller: AbortController | null = null;
  const source = sourceView(ui.source, s, o.apiBase, () => input.focus());

  const open = (show: boolean) => {
    panel.hidden = !show;
    ui.host.classList.toggle('open', show);
    launcher.setAttribute('aria-expanded', String(show));
    launcher.setAttribute('aria-label', show ? s.close : s.open);
    if (show) input.focus();
    else launcher.focus();
  };
  launcher.addEventListener('click', () => open(panel.hasAttribute('hidden')));
  ui.closeBtn.addEventListener('click', () => open(false));
  trapFocus(ui.root, panel, () => {
    if (!source.close()) open(false);
  });

  /** A citation chip `[n]` opening the passage among the answer's sources. */
  const chipFor = (sources: () => SourceItem[]) => (n: number) => {
    const b = h(
      'button',
      { type: 'button', class: 'chip', 'aria-label': s.citation.replace('{n}', String(n)) },
      String(n),
    );
    b.addEventListener('click', () => source.show(n, sources(), b));
    return b;
  };
  /** The thumbs under an answer the server stored (it has a message id and a session). */
  const thumbs = (line: Line, sid: string) =>
    feedbackRow(
      s,
      async (rating) => {
        const ok = line.m ? await sendFeedback(o, line.m, sid, rating) : false;
        if (ok) {
          line.f = rating ?? undefined;
          store.saveLines(lines);
        }
        return ok;
      },
      line.f,
    );

  /** The greeting, suggested questions while nothing was asked, and the conversation so far. */
  const render = () => {
    log.replaceChildren(h('p', { class: 'msg bot' }, s.greeting));
    if (!lines.length && o.suggestions.length) {
      const group = h('div', { class: 'suggest', role: 'group', 'aria-label': s.suggestions });
      for (const q of o.suggestions) {
        const b = h('button', { type: 'button' }, q);
        b.addEventListener('click', () => {
          if (controller) return;
          group.remove();
          void ask(q).finally(() => input.focus());
        });
        group.append(b);
      }
      log.append(group);
    }
    for (const line of lines) {
      if (line.r === 'u') log.append(h('p', { class: 'msg user' }, line.text));
      else {
        const bubble = h('p', { class: 'msg bot' });
        const writer = answerWriter(
          bubble,
          chipFor(() => line.sources ?? []),
        );
        writer.push(line.text);
        writer.end();
        log.append(bubble);
        const sid = line.s ?? sessionId;
        if (line.m && sid) log.append(thumbs(line, sid));
      }
    }
  };
  render();

  ui.newBtn.addEventListener('click', () => {
    controller?.abort();
    store.clear();
    sessionId = undefined;
    lines = [];
    source.close();
    render();
    input.focus();
  });

  const setBusy = (busy: boolean) => {
    send.hidden = busy;
    stop.hidden = !busy;
  };
  stop.addEventListener('click', () => {
    controller?.abort();
    input.focus();
  });

  const ask = async (question: string) => {
    const abort = (controller = new AbortController());
    setBusy(true);
    source.close();
    log.append(h('p', { class: 'msg user' }, question));
    const bubble = h('p', { class: 'msg bot', 'aria-busy': 'true' });
    const status = h('span', { class: 'sr' }, s.thinking);
    bubble.append(status);
    log.append(bubble);
    log.scrollTop = log.scrollHeight;
    const line: Line = { r: 'b', text: '' };
    const writer = answerWriter(
      bubble,
      chipFor(() => line.sources ?? []),
    );
    // ok, or why the answer is missing or cut: refused (a status), network, stream error, stopped.
    let outcome: 'ok' | 'refused' | 'network' | 'failed' | 'stopped';
    try {
      const result = await streamAnswer(o, question, sessionId, abort.signal, {
        opened: () => status.remove(),
        token(text) {
          writer.push(text);
          line.text += text;
          log.scrollTop = log.scrollHeight;
        },
        sources: (sources) => (line.sources = sources),
        done(session, messageId) {
          if (session) store.setSession((sessionId = session));
          line.m = messageId;
          line.s = session;
        },
      });
      if (result instanceof Response) {
        outcome = 'refused';
        bubble.replaceWith(h('p', { class: 'msg error', role: 'alert' }, await messageFor(result, s)));
      } else outcome = result;
    } catch {
      // The visitor stopped it (or started a new conversation), or the connection failed.
      outcome = abort.signal.aborted ? 'stopped' : bubble.contains(status) ? 'network' : 'failed';
    } finally {
      writer.end();
      status.remove();
      bubble.setAttribute('aria-busy', 'false');
      if (controller === abort) controller = null;
      setBusy(false);
    }
    if (outcome === 'stopped') bubble.append(h('span', { class: 'note' }, ` ${s.stopped}`));
    else if (outcome === 'network' || outcome === 'failed') {
      if (outcome === 'network') bubble.remove();
      log.append(
        h('p', { class: 'msg error', role: 'alert' }, outcome === 'network' ? s.network : s.unavailable),
      );
    } else if (outcome === 'ok') {
      lines.push({ r: 'u', text: question }, line);
      store.saveLines(lines);
      if (line.m && sessionId) log.append(thumbs(line, sessionId));
    }
  };

  ui.form.addEventListener('submit', (e) => {
    e.preventDefault();
    const q = input.value.trim();
    if (!q || controller) return;
    input.value = '';
    log.querySelector('.suggest')?.remove();
    void ask(q).finally(() => input.focus());
  });
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      ui.form.requestSubmit();
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
