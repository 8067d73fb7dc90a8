import { h, ICON } from './dom.ts';
import type { Options } from './options.ts';
import { CSS } from './styles.ts';
import { createHost } from './host.ts';
import { applyBrand } from './brand.ts';

/**
 * Builds the widget's elements in a shadow root on a new host at the end of `<body>`: the
 * launcher, and the panel (a modal dialog) with its header (logo, title, "new conversation",
 * close), the conversation log, the source view and the question form (send, and stop while an
 * answer streams).
 */
export function buildPanel(o: Options) {
  const s = o.strings;
  const host = createHost(o.position);
  applyBrand(host, o.brand);
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
  // The logo is decorative next to the title (alt=""); a broken one hides itself.
  if (o.brand.logo) {
    const logo = h('img', { class: 'logo', src: o.brand.logo, alt: '', referrerpolicy: 'no-referrer' });
    logo.addEventListener('error', () => logo.remove());
    header.append(logo);
  }
  const newBtn = h('button', { type: 'button', class: 'new', 'aria-label': s.newConversation }, '↺');
  newBtn.title = s.newConversation;
  const closeBtn = h('button', { type: 'button', class: 'close', 'aria-label': s.close }, '×');
  header.append(h('h2', { id: 'cr-title' }, s.title), newBtn, closeBtn);
  const log = h('div', {
    class: 'log',
    role: 'log',
    'aria-live': 'polite',
    'aria-relevant': 'additions text',
    tabindex: '0',
    'aria-label': s.title,
  });
  const source = h('section', { class: 'source', hidden: '' });
  const form = h('form');
  const input = h('textarea', {
    'aria-label': s.inputLabel,
    placeholder: s.placeholder,
    maxlength: '4000',
    rows: '1',
  });
  const send = h('button', { type: 'submit', class: 'send' }, s.send);
  const stop = h('button', { type: 'button', class: 'stop', hidden: '' }, s.stop);
  form.append(input, send, stop);
  panel.append(header, log, source, form);
  root.append(panel, launcher);
  document.body.appendChild(host);
  return { host, root, launcher, panel, newBtn, closeBtn, log, source, form, input, send, stop };
}
