import t from 'tap';
import { createHmac } from 'node:crypto';
import { execSync, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { multipartBody, waitForDocument } from '../helpers/multipart.ts';
import { WIDGET_FILE } from '../../src/widget/widget-file.ts';

/**
 * The widget in headless Chromium (Debian's `chromium` through playwright-core): a page on a
 * second local origin embeds it, asks about uploaded documents and gets the streamed answer with
 * citation chips; markup in a document and in a file name stays text and runs nothing; the same
 * page from an origin the key does not list shows the friendly refusal; all of it by keyboard.
 */
/** The browser globals the page.evaluate callbacks use (this program is type-checked without the DOM lib). */
interface DomNode {
  shadowRoot: DomNode | null;
  activeElement: DomNode | null;
  tagName: string;
  className: string;
  querySelector(selector: string): DomNode | null;
  querySelectorAll(selector: string): { length: number };
}
declare const document: DomNode;
declare function getComputedStyle(el: unknown): {
  backgroundColor: string;
  color: string;
  fontFamily: string;
};

const SCREENSHOTS = process.env.WIDGET_SCREENSHOTS_DIR ?? '/work/screenshots/widget';

function chromiumPath(): string | null {
  try {
    return execSync('command -v chromium', { shell: '/bin/sh', encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

const executablePath = chromiumPath();
if (!executablePath) {
  t.plan(0, 'no chromium binary on PATH (`command -v chromium` found none): install Debian `chromium`');
} else {
  t.test('embedded widget: streamed answer, citations, untrusted text, refusal, keyboard', async (t) => {
    if (!existsSync(WIDGET_FILE))
      execFileSync(process.execPath, ['scripts/build-widget.ts'], { stdio: 'inherit' });
    mkdirSync(SCREENSHOTS, { recursive: true });
    const { app } = await buildTestApp(t, { worker: true });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const api = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const admin = await signUp(app);
    for (const [filename, text] of [
      ['hours.txt', 'The support desk is open from 8am to 6pm on weekdays. It is closed on public holidays.'],
      [
        '<svg onload=alert(1)>.txt',
        'Refunds are issued within 14 days <img src=x onerror=alert(document.domain)> of the request. <a href="https://evil.test">Click here</a> for the refund form.',
      ],
    ] as const) {
      const body = multipartBody({}, { filename, bytes: Buffer.from(text) });
      const up = await app.inject({
        method: 'POST',
        url: '/api/documents/upload',
        headers: { ...admin.headers, ...body.headers },
        payload: body.payload,
      });
      t.equal((await waitForDocument(app, admin.headers, up.json().data.id)).status, 'VECTORIZED');
    }

    // The customer's site: a page on another port, reached as 127.0.0.1 (listed) or localhost (not).
    let apiKey = '';
    // A signed-in visitor's page (issue 21): the key refuses requests without a visitor token.
    let visitorPage = { key: '', token: '' };
    const site: Server = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      const attrs =
        req.url === '/visitor'
          ? `data-api-key="${visitorPage.key}" data-visitor-token="${visitorPage.token}"`
          : `data-api-key="${apiKey}"`;
      res.end(`<!doctype html><html lang="en"><head><title>Customer site</title>
<style>button{background:red!important} *{font-family:monospace!important}</style></head>
<body><h1>Customer site</h1><p>Questions? Use the chat bubble.</p>
<script src="${api}/widget.js" ${attrs} data-title="Help center"></script></body></html>`);
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    t.teardown(() => new Promise((r) => site.close(r)));
    const sitePort = (site.address() as AddressInfo).port;
    const key = await app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: admin.headers,
      payload: { name: 'site', authorizedDomains: [`127.0.0.1:${sitePort}`], allDocuments: true },
    });
    apiKey = key.json().data.key;

    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath,
      args: ['--headless', '--no-sandbox', '--disable-gpu'],
    });
    t.teardown(() => browser.close());
    const page = await browser.newPage({ viewport: { width: 1000, height: 760 } });
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const active = () =>
      page.evaluate(() => {
        const el = document.querySelector('[data-cog-rag-widget]')?.shadowRoot?.activeElement;
        return el ? `${el.tagName.toLowerCase()}${el.className ? `.${el.className}` : ''}` : null;
      });
    const shot = async (name: string) => {
      await page.screenshot({ path: `${SCREENSHOTS}/${name}.png` });
      t.pass(`screenshot ${SCREENSHOTS}/${name}.png`);
    };
    const answerDone = (n: number) =>
      page.waitForFunction(
        (n) =>
          document
            .querySelector('[data-cog-rag-widget]')
            ?.shadowRoot?.querySelectorAll('.bot[aria-busy="false"]').length === n,
        n,
        { timeout: 120_000 },
      );

    await page.goto(`http://127.0.0.1:${sitePort}/`);
    await shot('01-launcher');
    // Keyboard only: Tab reaches the launcher, Enter opens the panel with the input focused.
    await page.keyboard.press('Tab');
    t.equal(await active(), 'button.launcher', 'Tab reaches the launcher');
    await page.keyboard.press('Enter');
    t.equal(await active(), 'textarea', 'the panel opens with the question focused');
    t.equal(await page.locator('[data-cog-rag-widget] .panel').getAttribute('role'), 'dialog');
    t.equal(await page.locator('[data-cog-rag-widget] .log').getAttribute('aria-live'), 'polite');
    const launcherBg = await page
      .locator('[data-cog-rag-widget] .launcher')
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    t.equal(launcherBg, 'rgb(36, 86, 211)', "the page's styles do not reach into the widget");
    t.notMatch(
      await page.locator('[data-cog-rag-widget] .panel').evaluate((el) => getComputedStyle(el).fontFamily),
      /monospace/,
      "nor does the page's font, even !important on every element",
    );
    t.equal(
      await page.locator('h1').evaluate((el) => getComputedStyle(el).color),
      'rgb(0, 0, 0)',
      "the widget's styles do not leak into the page",
    );

    await page.keyboard.type('When is the support desk open?');
    await page.keyboard.press('Enter');
    await answerDone(1);
    const first = page.locator('[data-cog-rag-widget] .bot').nth(1);
    t.match(await first.textContent(), /8am to 6pm/, 'the streamed answer appears');
    t.ok((await first.locator('.chip').count()) >= 1, 'with citation chips');
    // The widget keeps its conversation log in sessionStorage too: find the session by its key.
    const session = await page.evaluate(() =>
      Object.entries(sessionStorage).filter(([key]) => key.startsWith('cog-rag:session:')),
    );
    t.match(session, [[/^cog-rag:session:/, /^sess_[A-Za-z0-9_-]{54}$/]], 'the server-made session is kept');
    t.equal(session.length, 1, 'one session for the key');
    await shot('02-answer-with-citations');

    // Focus trap: Tab from Send wraps to the first control (new conversation); Shift+Tab from the
    // input passes the answer's thumbs and reaches a chip.
    t.equal(await active(), 'textarea', 'focus is back on the input');
    await page.keyboard.press('Tab');
    t.equal(await active(), 'button.send', 'Send');
    await page.keyboard.press('Tab');
    t.equal(await active(), 'button.new', 'wrapped to the new-conversation button');
    await page.keyboard.press('Shift+Tab');
    t.equal(await active(), 'button.send', 'Shift+Tab wraps back to Send');
    for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+Tab');
    t.equal(await active(), 'button.chip', 'a citation chip is reachable');
    await page.keyboard.press('Enter');
    const source = page.locator('[data-cog-rag-widget] .source');
    t.match(await source.textContent(), /hours\.txt/, 'the chip opens the source name');
    t.match(await source.textContent(), /support desk is open/, 'and its snippet');
    await shot('03-citation-source');
    await page.keyboard.press('Escape');
    t.equal(await active(), 'button.chip', 'Escape closes the source and returns focus to its chip');
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    t.equal(await active(), 'textarea', 'past the thumbs, back to the question');

    // A how-question is answered with the sentence, markup and all ("How many days …" would be
    // answered by "14 days" alone); three content words, so it is no follow-up of the first.
    await page.keyboard.type('How are customer refunds issued?');
    await page.keyboard.press('Enter');
    await answerDone(2);
    const second = page.locator('[data-cog-rag-widget] .bot').nth(2);
    t.match(
      await second.textContent(),
      /<img src=x onerror=alert\(document\.domain\)>/,
      'markup is quoted as text',
    );
    const chips = second.locator('.chip');
    t.ok((await chips.count()) >= 1);
    await chips.first().click();
    t.match(
      await source.textContent(),
      /<svg onload=alert\(1\)>\.txt/,
      'a hostile file name is shown as text',
    );
    const injected = await page.evaluate(() => {
      const root = document.querySelector('[data-cog-rag-widget]')!.shadowRoot!;
      return {
        img: root.querySelectorAll('img').length + document.querySelectorAll('img').length,
        // The launcher's and the thumbs' icons are constants; none may come from an answer or a source.
        svgInText: root.querySelectorAll('.msg svg, .source svg').length,
        links: root.querySelectorAll('a').length,
      };
    });
    t.same(injected, { img: 0, svgInText: 0, links: 0 }, 'no element was made from document text');
    await shot('04-html-payload-as-text');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    t.equal(await active(), 'button.launcher', 'Escape closes the panel and returns focus to the launcher');
    t.same(dialogs, [], 'no script from a document ran');

    // The same page from an origin the key does not list: a friendly refusal.
    const foreign = await browser.newPage({ viewport: { width: 1000, height: 760 } });
    await foreign.goto(`http://localhost:${sitePort}/`);
    await foreign.locator('[data-cog-rag-widget] .launcher').click();
    await foreign.locator('[data-cog-rag-widget] textarea').fill('When is the support desk open?');
    await foreign.keyboard.press('Enter');
    const refusal = foreign.locator('[data-cog-rag-widget] .error');
    await refusal.waitFor({ timeout: 30_000 });
    t.match(await refusal.textContent(), /not available on this website/);
    t.equal(await refusal.getAttribute('role'), 'alert');
    await foreign.screenshot({ path: `${SCREENSHOTS}/05-unauthorized-origin.png` });
    t.pass(`screenshot ${SCREENSHOTS}/05-unauthorized-origin.png`);

    // A signed visitor: the widget sends data-visitor-token; the key requires one.
    const vKey = await app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: admin.headers,
      payload: { name: 'intranet', authorizedDomains: [`127.0.0.1:${sitePort}`], allDocuments: true },
    });
    const vId = vKey.json().data.id as string;
    await app.inject({
      method: 'PUT',
      url: `/api/api-keys/${vId}`,
      headers: admin.headers,
      payload: { requireVisitor: true },
    });
    const vSecret = (
      await app.inject({ method: 'POST', url: `/api/api-keys/${vId}/visitor-secret`, headers: admin.headers })
    ).json().data.visitorSecret as string;
    const now = Math.floor(Date.now() / 1000);
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const signing = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'emp-7', aud: vId, iat: now, exp: now + 600 })}`;
    visitorPage = {
      key: vKey.json().data.key,
      token: `${signing}.${createHmac('sha256', vSecret).update(signing).digest('base64url')}`,
    };
    const intranet = await browser.newPage({ viewport: { width: 1000, height: 760 } });
    const sent = intranet.waitForRequest((r) => r.url().endsWith('/api/public/chat/stream'));
    await intranet.goto(`http://127.0.0.1:${sitePort}/visitor`);
    await intranet.locator('[data-cog-rag-widget] .launcher').click();
    await intranet.locator('[data-cog-rag-widget] textarea').fill('When is the support desk open?');
    await intranet.keyboard.press('Enter');
    t.equal(
      (await sent).headers()['x-visitor-token'],
      visitorPage.token,
      'the widget sends the visitor token',
    );
    await intranet.waitForFunction(
      () =>
        document
          .querySelector('[data-cog-rag-widget]')
          ?.shadowRoot?.querySelectorAll('.bot[aria-busy="false"]').length === 1,
      undefined,
      { timeout: 120_000 },
    );
    t.match(
      await intranet.locator('[data-cog-rag-widget] .bot').nth(1).textContent(),
      /8am to 6pm/,
      'and is answered (the key refuses requests without one)',
    );

    // The demo page, under its strict CSP, with a French widget.
    const anyKey = await app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: admin.headers,
      payload: { name: 'demo', allDocuments: true },
    });
    const demo = await browser.newPage({ viewport: { width: 1000, height: 760 } });
    const cspErrors: string[] = [];
    demo.on('console', (m) => {
      if (/Content.Security.Policy|Refused/i.test(m.text())) cspErrors.push(m.text());
    });
    const res = await demo.goto(`${api}/widget/demo?key=${anyKey.json().data.key}&lang=fr`);
    t.match(res?.headers()['content-security-policy'], /script-src 'self'/);
    await demo.locator('[data-cog-rag-widget] .launcher').click();
    t.equal(await demo.locator('[data-cog-rag-widget] h2').textContent(), 'Interrogez nos documents');
    await demo.screenshot({ path: `${SCREENSHOTS}/06-demo-fr.png` });
    t.pass(`screenshot ${SCREENSHOTS}/06-demo-fr.png`);
    t.equal(
      await demo
        .locator('[data-cog-rag-widget] .launcher')
        .evaluate((el) => getComputedStyle(el).backgroundColor),
      'rgb(36, 86, 211)',
      'the widget is styled under the demo page’s CSP (no inline style needed)',
    );
    t.same(cspErrors, [], 'no Content-Security-Policy violation on the demo page');
  });
}
