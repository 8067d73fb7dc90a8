import { h } from './dom.ts';
import type { Strings } from './strings.ts';
import type { SourceItem } from './store.ts';

/**
 * The passage a citation chip opens, in `section`: the document's name, its page(s), the cited
 * sentence (`quote`, else the chunk's opening words) and, when the source has an http(s) address
 * of its own (a connector's page or file, a web result), one link to it; when the key lets
 * visitors open originals, "Open the original (page N)": the answer's signed link (no API key in
 * it) under `apiBase`, with `#page=N` for a viewer that honours it. Closing it (× or Escape, see
 * `close`) returns focus to the chip that opened it.
 */
export function sourceView(section: HTMLElement, s: Strings, apiBase: string, fallbackFocus: () => void) {
  let opener: HTMLElement | null = null;
  const close = () => {
    if (section.hidden) return false;
    section.hidden = true;
    if (opener?.isConnected) opener.focus();
    else fallbackFocus();
    opener = null;
    return true;
  };
  const show = (n: number, sources: SourceItem[], chip: HTMLElement) => {
    for (const src of sources) {
      const chunk = src.chunks.find((c) => c.citation === n);
      if (!chunk) continue;
      opener = chip;
      section.replaceChildren();
      const x = h('button', { type: 'button', 'aria-label': s.closeSource }, '×');
      x.addEventListener('click', close);
      section.append(x, h('h3', { id: 'cr-src' }, `[${n}] ${src.name}`));
      section.setAttribute('aria-labelledby', 'cr-src');
      if (chunk.page != null) {
        const pages =
          chunk.pageEnd != null && chunk.pageEnd !== chunk.page
            ? `${chunk.page}–${chunk.pageEnd}`
            : String(chunk.page);
        section.append(h('p', { class: 'meta' }, `${s.page} ${pages}`));
      }
      const text = chunk.quote || chunk.snippet;
      if (text) section.append(h('blockquote', {}, text));
      // One link, http(s) only, in a new tab without opener or referrer. Links inside documents
      // and answers stay text.
      if (src.url && /^https?:\/\//i.test(src.url))
        section.append(
          h('a', { href: src.url, target: '_blank', rel: 'noopener noreferrer nofollow' }, s.openSource),
        );
      // A path of the API only, and not once it has expired (a conversation restored later).
      const o = src.originalUrl;
      if (o && +(/^\/public\/[^#]*[?&]exp=(\d+)/.exec(o)?.[1] ?? 0) * 1e3 > Date.now()) {
        const p = chunk.page;
        section.append(
          h(
            'a',
            {
              href: apiBase + o + (p != null ? `#page=${p}` : ''),
              target: '_blank',
              rel: 'noopener noreferrer',
            },
            p != null ? s.openOriginalPage.replace('{n}', String(p)) : s.openOriginal,
          ),
        );
      }
      section.hidden = false;
      x.focus();
      return;
    }
  };
  return { show, close };
}
