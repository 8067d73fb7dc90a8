/**
 * The widget's host element, a custom tag (so `div`, `section`… rules never match it) whose
 * page-facing properties are inline with `!important`: an inline important declaration beats every
 * author rule, important or not, so no host stylesheet can move, pad, border, outline or hide it.
 * `all: initial` first resets everything else the page could set (letter-spacing included), then
 * the few properties the widget needs are set after it.
 */
export function createHost(position: 'left' | 'right'): HTMLElement {
  const host = document.createElement('cog-rag-widget');
  host.setAttribute('data-cog-rag-widget', '');
  host.className = position;
  const fixed: Record<string, string> = {
    all: 'initial',
    display: 'block',
    position: 'fixed',
    top: 'auto',
    bottom: '20px',
    left: position === 'left' ? '20px' : 'auto',
    right: position === 'right' ? '20px' : 'auto',
    width: '56px',
    height: '56px',
    margin: '0',
    padding: '0',
    border: '0',
    outline: '0',
    transform: 'none',
    'z-index': '2147483000',
    visibility: 'visible',
    opacity: '1',
  };
  for (const [name, value] of Object.entries(fixed)) host.style.setProperty(name, value, 'important');
  return host;
}
