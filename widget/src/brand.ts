/**
 * Branding from the embedding tag (docs/widget.md "Branding"). Every value comes from a page the
 * service does not control, so each is checked against a strict shape and dropped (with a console
 * warning) otherwise: colours are hex, the logo is an https: or base64 image data: URL, texts are
 * bounded. They reach the widget only as CSS custom properties, an `<img src>` and text nodes.
 */

export interface Brand {
  /** Header, launcher, send button and the visitor's bubbles: `#rrggbb`, with its text colour. */
  color?: string;
  colorText?: string;
  /** Citation chips and suggested questions: `#rrggbb`, with its text colour. */
  accent?: string;
  accentText?: string;
  /** The header's logo: an https: URL or a base64 image data: URL. */
  logo?: string;
}

const warn = (what: string) => console.warn(`cog-rag widget: ${what} ignored`);

/** `#rgb` or `#rrggbb` as lower-case `#rrggbb`; undefined (and a warning) for anything else. */
export function hexColor(value: string | undefined, name: string): string | undefined {
  if (!value) return undefined;
  const v = value.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(v)) return v;
  if (/^#[0-9a-f]{3}$/.test(v)) return `#${[...v.slice(1)].map((c) => c + c).join('')}`;
  warn(`${name} (a hex colour such as #0a7d5a is expected)`);
  return undefined;
}

/** WCAG 2 relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/**
 * The text colour with the higher contrast on `hex`: white or black. The worse of the two best
 * cases (luminance 0.18) is 4.58:1, so any brand colour keeps WCAG AA for text (4.5:1).
 */
export function textOn(hex: string): string {
  const l = luminance(hex);
  return (l + 0.05) / 0.05 > 1.05 / (l + 0.05) ? '#000000' : '#ffffff';
}

/** Longest logo attribute, characters (a data: URL of about 45 kB). */
const LOGO_CHARS = 60_000;
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/]+={0,2}$/;

/** An https: URL or a base64 image data: URL (an SVG in `<img>` runs no script); else undefined. */
export function logoUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const v = value.trim();
  if (v.length <= LOGO_CHARS && DATA_IMAGE.test(v)) return v;
  try {
    const url = new URL(v);
    if (url.protocol === 'https:' && v.length <= 2000 && !url.username && !url.password) return url.href;
  } catch {
    /* not a URL */
  }
  warn('data-logo (an https: URL or a base64 image data: URL is expected)');
  return undefined;
}

/** At most 4 suggested questions, 1-120 characters each. */
export const MAX_SUGGESTIONS = 4;
const SUGGESTION_CHARS = 120;

/** `data-suggestions`: a JSON array of strings, or questions separated by `|`. */
export function suggestionsOf(value: string | undefined): string[] {
  if (!value) return [];
  let items: unknown[] = value.split('|');
  if (value.trim().startsWith('[')) {
    try {
      const parsed = JSON.parse(value) as unknown;
      items = Array.isArray(parsed) ? parsed : [];
    } catch {
      warn('data-suggestions (not JSON)');
      return [];
    }
  }
  const out: string[] = [];
  for (const item of items) {
    const q = typeof item === 'string' ? item.replace(/\s+/g, ' ').trim() : '';
    if (q && q.length <= SUGGESTION_CHARS && !out.includes(q)) out.push(q);
  }
  if (out.length > MAX_SUGGESTIONS) warn(`data-suggestions past the first ${MAX_SUGGESTIONS}`);
  return out.slice(0, MAX_SUGGESTIONS);
}

/** The brand from the tag's dataset (`data-color`, `data-accent`, `data-logo`). */
export function brandOf(d: DOMStringMap): Brand {
  const color = hexColor(d.color, 'data-color');
  const accent = hexColor(d.accent, 'data-accent');
  return {
    ...(color ? { color, colorText: textOn(color) } : {}),
    ...(accent ? { accent, accentText: textOn(accent) } : {}),
    ...(d.logo ? { logo: logoUrl(d.logo) } : {}),
  };
}

/** Sets the brand's colours on the host as custom properties (inline, important: pages can't override). */
export function applyBrand(host: HTMLElement, brand: Brand) {
  const vars: [string, string | undefined][] = [
    ['--cr-c', brand.color],
    ['--cr-ct', brand.colorText],
    ['--cr-a', brand.accent],
    ['--cr-at', brand.accentText],
  ];
  for (const [name, value] of vars) if (value) host.style.setProperty(name, value, 'important');
}
