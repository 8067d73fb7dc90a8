import { stringsFor, type Strings } from './strings.ts';
import { brandOf, suggestionsOf, type Brand } from './brand.ts';

/** What the embedding `<script>` tag configures (docs/widget.md "Attributes"). */
export interface Options {
  apiKey: string;
  apiBase: string;
  topicId?: string;
  /** A signed visitor's token (`data-visitor-token`), or a function returning a fresh one. */
  visitorToken?: string | (() => string | Promise<string>);
  position: 'left' | 'right';
  strings: Strings;
  brand: Brand;
  /** Up to 4 questions offered under the greeting while the conversation is empty. */
  suggestions: string[];
}

interface Global {
  strings?: Record<string, unknown>;
  visitorToken?: () => string | Promise<string>;
}

/** Reads and checks the tag's `data-*` attributes; null (and a console error) without a valid key. */
export function readOptions(script: HTMLScriptElement): Options | null {
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
  const global = (window as unknown as { CogRagWidget?: Global }).CogRagWidget;
  // stringsFor bounds every text (500 characters) and ignores what is not a string.
  const strings = stringsFor(d.lang || document.documentElement.lang || navigator.language || 'en', {
    ...(global?.strings ?? {}),
    ...overrides,
    ...(d.title ? { title: d.title } : {}),
    ...(d.greeting ? { greeting: d.greeting } : {}),
  });
  const topicId = d.topicId && /^[A-Za-z0-9_-]{1,64}$/.test(d.topicId) ? d.topicId : undefined;
  return {
    apiKey,
    apiBase: (d.apiBase || `${new URL(script.src, location.href).origin}/api`).replace(/\/+$/, ''),
    topicId,
    visitorToken:
      typeof global?.visitorToken === 'function' ? global.visitorToken : d.visitorToken || undefined,
    position: d.position === 'bottom-left' || d.position === 'left' ? 'left' : 'right',
    strings,
    brand: brandOf(d),
    suggestions: suggestionsOf(d.suggestions),
  };
}
