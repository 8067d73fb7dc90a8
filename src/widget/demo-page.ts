import type { WidgetBundle } from './widget-file.ts';

/** HTML-escapes text for element content and double-quoted attributes. */
const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const KEY = /^svc_(live|test)_[A-Za-z0-9_-]{20,200}$/;
const ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * `/widget/demo`: the embedding snippet, live on this page. Query `key` (an API key allowed on
 * this server's origin, or without domains), optional `topic`, `lang` (`en`/`fr`), `title`,
 * `position`. Only values of the expected shapes are used, and every value is escaped; the page
 * has no inline script or style, so its Content-Security-Policy can forbid both.
 */
export function demoPage(bundle: WidgetBundle, query: Record<string, string | undefined>): string {
  const key = query.key && KEY.test(query.key) ? query.key : null;
  const topic = query.topic && ID.test(query.topic) ? query.topic : null;
  const lang = query.lang === 'fr' ? 'fr' : 'en';
  const title = query.title ? query.title.slice(0, 100) : null;
  const position = query.position === 'bottom-left' ? 'bottom-left' : 'bottom-right';
  const src = `/widget/widget.${bundle.version}.js`;
  const attrs = key
    ? [
        `src="${src}"`,
        `integrity="${bundle.integrity}"`,
        'crossorigin="anonymous"',
        `data-api-key="${esc(key)}"`,
        topic ? `data-topic-id="${esc(topic)}"` : '',
        title ? `data-title="${esc(title)}"` : '',
        `data-lang="${lang}"`,
        `data-position="${position}"`,
      ].filter(Boolean)
    : [];
  const snippet = `<script ${[`src="https://YOUR-SERVER${src}"`, ...attrs.slice(1)].join(' ') || ''}></script>`;
  return `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Cog-RAG widget demo</title></head>
<body>
<main>
<h1>Cog-RAG widget demo</h1>
${
  key
    ? `<p>The chat bubble in the corner answers from the documents of this key's company.</p>
<p>Embedding snippet (integrity ${esc(bundle.integrity)}):</p>
<pre><code>${esc(snippet)}</code></pre>`
    : `<p>Enter an API key allowed on this server's address (or a key without authorized domains).</p>
<form method="get" action="/widget/demo">
<p><label>API key <input name="key" required pattern="svc_(live|test)_[A-Za-z0-9_-]{20,200}" size="60" autocomplete="off"></label></p>
<p><label>Topic id (optional) <input name="topic" pattern="[A-Za-z0-9_-]{1,64}"></label></p>
<p><label>Language <select name="lang"><option value="en">English</option><option value="fr">Français</option></select></label></p>
<p><button type="submit">Show the widget</button></p>
</form>`
}
</main>
${key ? `<script ${attrs.join(' ')}></script>` : ''}
</body>
</html>
`;
}
