import { useEffect, useState } from 'preact/hooks';

/** The embed builder's choices (docs/widget.md "Attributes" and "Branding"). */
export interface Embed {
  title: string;
  topicId: string;
  lang: '' | 'en' | 'fr';
  position: 'bottom-right' | 'bottom-left';
  /** `#rrggbb` or '' for the widget's default. */
  color: string;
  accent: string;
  logo: string;
  greeting: string;
  /** One question per line; the first 4 non-empty ones are used. */
  suggestions: string;
}

/** The widget build this server serves, to pin in the snippet: `/widget/widget.<version>.js` and its SRI. */
export interface WidgetPin {
  version: string;
  integrity: string;
}

const hex = (bytes: ArrayBuffer) =>
  [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
const base64 = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes)));

/**
 * Reads `/widget.js` from this server and derives what the server's pinned URL uses
 * (src/widget/widget-file.ts): the first 16 hex digits of its SHA-256 and `sha384-<base64>`.
 * Null when the widget is not built (503) or the browser has no Web Crypto (plain HTTP off localhost).
 */
export async function widgetPin(): Promise<WidgetPin | null> {
  try {
    const res = await fetch('/widget.js', { credentials: 'omit' });
    if (!res.ok || !crypto.subtle) return null;
    const bytes = await res.arrayBuffer();
    const [sha256, sha384] = await Promise.all([
      crypto.subtle.digest('SHA-256', bytes),
      crypto.subtle.digest('SHA-384', bytes),
    ]);
    return { version: hex(sha256).slice(0, 16), integrity: `sha384-${base64(sha384)}` };
  } catch {
    return null;
  }
}

/** The suggestions as the widget reads them: trimmed lines, at most 4 of at most 120 characters. */
export const suggestionsOf = (text: string) =>
  text
    .split('\n')
    .map((q) => q.replace(/\s+/g, ' ').trim())
    .filter((q) => q && q.length <= 120 && !q.includes('|'))
    .slice(0, 4);

const HEX = /^#[0-9a-f]{6}$/i;

/**
 * The `<script>` tag for these choices, every attribute value escaped for HTML. With `pin`, the
 * immutable URL with `integrity` and `crossorigin="anonymous"` (the browser refuses a changed
 * file); without, `/widget.js`, which follows upgrades.
 */
export function embedSnippet(apiKey: string, e: Embed, pin: WidgetPin | null): string {
  const esc = (v: string) =>
    v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const suggestions = suggestionsOf(e.suggestions);
  const logo = e.logo.trim();
  const attrs = [
    pin ? `src="${location.origin}/widget/widget.${pin.version}.js"` : `src="${location.origin}/widget.js"`,
    pin && `integrity="${pin.integrity}"`,
    pin && 'crossorigin="anonymous"',
    `data-api-key="${esc(apiKey)}"`,
    e.topicId && `data-topic-id="${esc(e.topicId)}"`,
    e.title.trim() && `data-title="${esc(e.title.trim())}"`,
    e.lang && `data-lang="${e.lang}"`,
    e.position !== 'bottom-right' && `data-position="${e.position}"`,
    HEX.test(e.color) && `data-color="${e.color}"`,
    HEX.test(e.accent) && `data-accent="${e.accent}"`,
    /^https:\/\//i.test(logo) && `data-logo="${esc(logo)}"`,
    e.greeting.trim() && `data-greeting="${esc(e.greeting.trim())}"`,
    suggestions.length > 0 && `data-suggestions="${esc(suggestions.join('|'))}"`,
  ].filter(Boolean);
  return `<script ${attrs.join('\n        ')} async></script>`;
}

/** Text colour on `hex`, as the widget chooses it (widget/src/brand.ts `textOn`): black or white. */
export function textOn(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const l = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  return (l + 0.05) / 0.05 > 1.05 / (l + 0.05) ? '#000000' : '#ffffff';
}

/** The snippet's pin (the served widget's version and integrity), read once per page. */
let pinOnce: Promise<WidgetPin | null> | null = null;
export function useWidgetPin(): WidgetPin | null {
  const [pin, setPin] = useState<WidgetPin | null>(null);
  useEffect(() => {
    void (pinOnce ??= widgetPin()).then(setPin);
  }, []);
  return pin;
}
