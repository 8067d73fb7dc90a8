/**
 * The widget's styles, scoped by its shadow root. The host element's own position is set inline
 * with `!important` (host.ts), since a page rule such as `div { position: relative }` beats any
 * `:host` rule; here every inherited property is reset on the shadow's top elements so a page's
 * `* { letter-spacing }` or `body { text-transform }` cannot reach inside.
 */
export const CSS = `
:host{all:initial}
.panel,.launcher{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;letter-spacing:normal;word-spacing:normal;text-transform:none;text-indent:0;text-align:left;text-shadow:none;font-style:normal;font-weight:400;white-space:normal;visibility:visible;direction:ltr;cursor:auto;list-style:none;quotes:auto;tab-size:8;text-decoration:none;-webkit-text-fill-color:currentColor}
*{box-sizing:border-box;font:inherit;color:inherit;letter-spacing:inherit;margin:0;padding:0;border:0;position:static;float:none;outline:0;text-decoration:none;background:none;box-shadow:none;min-width:0;max-width:none;opacity:1;transform:none}
button{cursor:pointer;border:0;background:none}
:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.launcher{position:absolute;bottom:0;width:56px;height:56px;border-radius:50%;background:var(--cr-c,#2456d3);color:var(--cr-ct,#fff);box-shadow:0 4px 14px #0004;display:grid;place-items:center}
:host(.left) .launcher{left:0}:host(.right) .launcher{right:0}
.launcher svg{width:28px;height:28px;fill:currentColor}
.panel{position:absolute;bottom:68px;width:min(380px,calc(100vw - 40px));height:min(560px,calc(100vh - 110px));background:#fff;border-radius:14px;box-shadow:0 10px 40px #0005;display:flex;flex-direction:column;overflow:hidden}
:host(.left) .panel{left:0}:host(.right) .panel{right:0}
.panel[hidden]{display:none}
header{display:flex;align-items:center;gap:8px;padding:12px 14px;background:var(--cr-c,#2456d3);color:var(--cr-ct,#fff)}
header .logo{height:28px;max-width:96px;object-fit:contain}
header h2{flex:1;margin:0;font-size:16px;font-weight:600;color:inherit;overflow-wrap:anywhere}
header button{color:inherit;font-size:22px;line-height:1;width:32px;height:32px;border-radius:6px;text-align:center}
.log{flex:1;overflow-y:auto;padding:12px;display:flex;flex-direction:column;gap:10px;margin:0;list-style:none}
.msg{max-width:88%;padding:8px 11px;border-radius:12px;white-space:pre-wrap;word-wrap:break-word}
.user{align-self:flex-end;background:var(--cr-c,#2456d3);color:var(--cr-ct,#fff)}
.bot{align-self:flex-start;background:#f0f2f5}
.suggest{display:flex;flex-direction:column;align-items:flex-start;gap:6px}
.suggest button{padding:6px 10px;border-radius:12px;border:1px solid var(--cr-at,#17388f);background:var(--cr-a,#dbe4fb);color:var(--cr-at,#17388f);text-align:left}
.fb{align-self:flex-start;display:flex;gap:4px;margin-top:-6px}
.fb button{width:30px;height:26px;border-radius:6px;border:1px solid #8c959f;display:grid;place-items:center}
.fb svg{width:16px;height:16px;fill:#57606a}
.fb .down svg{transform:rotate(180deg)}
.fb button[aria-pressed=true]{background:#dbe4fb;border-color:#17388f}.fb button[aria-pressed=true] svg{fill:#17388f}
.note{color:#57606a;font-style:italic}
.error{align-self:stretch;background:#fdecea;color:#8a1c12;border:1px solid #f5c2bd}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.chip{display:inline-block;min-width:22px;padding:0 6px;margin:0 2px;border-radius:10px;background:var(--cr-a,#dbe4fb);color:var(--cr-at,#17388f);font-size:12px;font-weight:600;line-height:20px;vertical-align:baseline;text-align:center}
.source{border-top:1px solid #d0d7de;padding:10px 12px;background:#fafbfc;max-height:45%;overflow-y:auto}
.source[hidden]{display:none}
.source h3{margin:0 0 4px;font-size:14px;font-weight:600;word-break:break-word}
.source p{margin:4px 0;font-size:13px;white-space:pre-wrap;word-wrap:break-word}
.source .meta{color:#57606a}
.source blockquote{margin:6px 0;padding-left:8px;border-left:3px solid #8c959f;font-size:13px;white-space:pre-wrap;overflow-wrap:anywhere}
.source a{color:#2456d3;font-size:13px;text-decoration:underline}
.source button{float:right;font-size:18px;width:28px;height:28px;border-radius:6px}
form{display:flex;gap:8px;padding:10px;border-top:1px solid #d0d7de}
textarea{flex:1;resize:none;height:42px;padding:9px 10px;border:1px solid #8c959f;border-radius:8px;background:#fff}
form button{padding:0 14px;border-radius:8px;background:var(--cr-c,#2456d3);color:var(--cr-ct,#fff);font-weight:600}
form button[hidden],.source [hidden]{display:none}
form button:disabled{background:#8c959f;cursor:default}
@media (max-width:600px){.panel{position:fixed;inset:0;width:100vw;height:100%;border-radius:0;bottom:0}:host(.open) .launcher{display:none}}
`;
