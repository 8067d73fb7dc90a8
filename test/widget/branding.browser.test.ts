import t from 'tap';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { multipartBody, waitForDocument } from '../helpers/multipart.ts';
import { buildFrontEnds, axeProblems, CHROMIUM, CHROMIUM_ARGS } from '../helpers/browser.ts';
import { onePagePdf } from '../connectors/site.ts';
import { WIDGET_FILE, widgetIntegrity } from '../../src/widget/widget-file.ts';

/**
 * Issue 40, the widget a company brands: a visitor on a customer's page (another loopback origin)
 * loads the pinned widget with `integrity` and `crossorigin`, sees the company's colour, logo,
 * greeting and suggested questions, asks a suggested question by keyboard, opens the cited
 * passage (its page and sentence; focus returns to the chip), rates the answer (the insights
 * count it), stops an answer, starts a new conversation, and keeps one conversation per topic.
 * Hostile attribute values change nothing on the page; axe finds no serious issue.
 */
interface DomNode {
  shadowRoot: DomNode | null;
  activeElement: DomNode | null;
  tagName: string;
  className: string;
  textContent: string | null;
  querySelector(selector: string): DomNode | null;
  querySelectorAll(selector: string): { length: number };
}
declare const document: DomNode;
declare const sessionStorage: Record<string, string>;
declare function getComputedStyle(el: unknown): { backgroundColor: string; color: string };

const SCREENSHOTS = process.env.WIDGET_SCREENSHOTS_DIR ?? '/work/screenshots/widget';
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const REFUNDS =
  'Acme sells garden tools, watering cans, hoses, trowels and seed trays through its shops and its web site. ' +
  'Orders placed before noon leave the warehouse the same day, and parcels are tracked from the warehouse to the door. ' +
  'Gift cards never expire and can be used in every shop. ' +
  'Refunds are issued to the original card within 14 days of the request.';

if (!CHROMIUM) {
  t.plan(0, 'no chromium binary on PATH: install Debian `chromium`');
} else {
  t.test('a branded widget: suggestions, source page, feedback, stop, new conversation', async (t) => {
    // Rebuilt when a source is newer, so the pinned URL and its integrity are the current sources';
    // never forced: a forced build rewrites widget.js under the browser tests running beside this one.
    buildFrontEnds();
    const bytes = readFileSync(WIDGET_FILE);
    const integrity = widgetIntegrity(bytes);
    const version = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
    mkdirSync(SCREENSHOTS, { recursive: true });
    const { app } = await buildTestApp(t, { worker: true });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const api = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const admin = await signUp(app);
    for (const [filename, data] of [
      ['hours.pdf', onePagePdf('The support desk is open from 8am to 6pm on weekdays.')],
      ['refunds.txt', Buffer.from(REFUNDS)],
    ] as const) {
      const body = multipartBody({}, { filename, bytes: data });
      const up = await app.inject({
        method: 'POST',
        url: '/api/documents/upload',
        headers: { ...admin.headers, ...body.headers },
        payload: body.payload,
      });
      t.equal((await waitForDocument(app, admin.headers, up.json().data.id)).status, 'VECTORIZED');
    }
    const topic = await app.inject({
      method: 'POST',
      url: '/api/topics',
      headers: admin.headers,
      payload: { name: 'Billing' },
    });
    const topicId = topic.json().data.id as string;

    let apiKey = '';
    const pages: Record<string, (key: string) => string> = {
      '/': (key) =>
        `src="${api}/widget/widget.${version}.js" integrity="${integrity}" crossorigin="anonymous" data-api-key="${key}" data-title="Acme help" data-color="#0a7d5a" data-accent="#ffd166" data-logo="${PNG}" data-greeting="Welcome to Acme support!" data-suggestions="When is the support desk open?|How are refunds issued?"`,
      '/billing': (key) =>
        `src="${api}/widget.js" data-api-key="${key}" data-topic-id="${topicId}" data-greeting="Billing questions?"`,
      '/hostile': (key) =>
        `src="${api}/widget.js" data-api-key="${key}" data-color="red;}*{display:none}" data-accent="#12" data-logo="javascript:alert(1)" data-greeting="&lt;img src=x onerror=alert(1)&gt;" data-suggestions='${JSON.stringify(['<b onclick=alert(1)>bold</b>', 'a', 'b', 'c', 'd', 'e', 'x'.repeat(500)]).replace(/'/g, '&#39;')}'`,
      '/tampered': (key) =>
        `src="${api}/widget/widget.${version}.js" integrity="sha384-${'A'.repeat(64)}" crossorigin="anonymous" data-api-key="${key}"`,
    };
    const site: Server = createServer((req, res) => {
      const attrs = pages[req.url ?? '/'] ?? pages['/']!;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="en"><head><title>Acme</title></head>
<body><main><h1>Acme garden tools</h1><p>Questions? Use the chat bubble.</p></main>
<script ${attrs(apiKey)}></script></body></html>`);
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    t.teardown(() => new Promise((r) => site.close(r)));
    const sitePort = (site.address() as AddressInfo).port;
    const key = await app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: admin.headers,
      payload: { name: 'acme', authorizedDomains: [`127.0.0.1:${sitePort}`], allDocuments: true },
    });
    apiKey = key.json().data.key;

    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: CHROMIUM!, args: CHROMIUM_ARGS });
    t.teardown(() => browser.close());
    const context = await browser.newContext({ viewport: { width: 1000, height: 760 } });
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const w = (selector: string) => page.locator(`[data-cog-rag-widget] ${selector}`);
    const active = () =>
      page.evaluate(() => {
        const el = document.querySelector('[data-cog-rag-widget]')?.shadowRoot?.activeElement;
        return el ? `${el.tagName.toLowerCase()}${el.className ? `.${el.className}` : ''}` : null;
      });
    const tab = async (n: number, shift = false) => {
      for (let i = 0; i < n; i++) await page.keyboard.press(shift ? 'Shift+Tab' : 'Tab');
    };
    const answers = (n: number) =>
      page.waitForFunction(
        (n) =>
          document
            .querySelector('[data-cog-rag-widget]')
            ?.shadowRoot?.querySelectorAll('.bot[aria-busy="false"]').length === n,
        n,
        { timeout: 120_000 },
      );
    const sessions = () =>
      page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('cog-rag:session:')));

    // The pinned URL with integrity and crossorigin loads from another origin (CORS: `*`).
    const script = page.waitForResponse((r) => r.url().includes(`/widget/widget.${version}.js`));
    await page.goto(`http://127.0.0.1:${sitePort}/`);
    t.equal((await script).headers()['access-control-allow-origin'], '*', 'served with CORS');
    await w('.launcher').waitFor();
    t.pass('the widget loads with integrity and crossorigin');
    t.equal(
      await w('.launcher').evaluate((el) => getComputedStyle(el).backgroundColor),
      'rgb(10, 125, 90)',
      'the brand colour',
    );

    // Keyboard only from here.
    await tab(1);
    t.equal(await active(), 'button.launcher', 'Tab reaches the launcher');
    await page.keyboard.press('Enter');
    t.equal(await active(), 'textarea', 'the panel opens on the question');
    t.equal(await w('header h2').textContent(), 'Acme help');
    t.equal(await w('header img.logo').getAttribute('alt'), '', 'the logo, decorative next to the title');
    t.equal(await w('.bot').first().textContent(), 'Welcome to Acme support!', 'the greeting');
    t.same(
      await w('.suggest button').allTextContents(),
      ['When is the support desk open?', 'How are refunds issued?'],
      'the suggested questions',
    );
    t.equal(
      await w('header').evaluate((el) => getComputedStyle(el).color),
      'rgb(255, 255, 255)',
      'white on the dark brand colour',
    );
    t.same(await axeProblems(page), [], 'axe: no serious or critical issue in the branded panel');
    await page.screenshot({ path: `${SCREENSHOTS}/10-branded.png` });

    // textarea → Send → (wrap) new conversation → close → log → first suggestion.
    await tab(5);
    t.equal(await active(), 'button', 'Tab reaches the first suggestion');
    await page.keyboard.press('Enter');
    await answers(1);
    t.match(await w('.bot').nth(1).textContent(), /8am to 6pm/, 'the suggested question is answered');
    t.equal(await w('.suggest').count(), 0, 'suggestions go once the conversation starts');
    t.equal(await active(), 'textarea');
    const [firstSession] = await sessions();
    t.match(firstSession, /^cog-rag:session:.{8}:\*$/, 'the conversation is kept for the key, no topic');

    // The cited passage: its page and sentence; Escape returns to the chip.
    await tab(3, true); // textarea → 👎 → 👍 → chip
    t.equal(await active(), 'button.chip', 'Shift+Tab reaches the citation chip');
    await page.keyboard.press('Enter');
    t.match(await w('.source h3').textContent(), /hours\.pdf/, 'the source’s name');
    t.equal(await w('.source .meta').textContent(), 'Page 1', 'its page');
    t.match(await w('.source blockquote').textContent(), /support desk is open from 8am to 6pm/);
    await page.screenshot({ path: `${SCREENSHOTS}/11-source-page.png` });
    await page.keyboard.press('Escape');
    t.equal(await active(), 'button.chip', 'closing the source returns focus to the chip');

    // Thumbs up, stored where the console's ratings are: the insights count it.
    await tab(1);
    t.equal(await w('.fb button').first().getAttribute('aria-label'), 'Helpful');
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () =>
        document
          .querySelector('[data-cog-rag-widget]')
          ?.shadowRoot?.querySelector('.fb button[aria-pressed="true"]') != null,
    );
    const insights = await app.inject({ url: '/api/insights?days=7', headers: admin.headers });
    t.equal(insights.json().data.totals.thumbsUp, 1, 'the insights count the visitor’s thumbs up');

    // A question whose sentence lies past the chunk's opening words: the quote is that sentence.
    await tab(2);
    t.equal(await active(), 'textarea');
    await page.keyboard.type('Within how many days are refunds issued to the card?');
    await page.keyboard.press('Enter');
    await answers(2);
    await w('.bot').nth(2).locator('.chip').first().click();
    t.match(
      await w('.source blockquote').textContent(),
      /^Refunds are issued to the original card within 14 days/,
      'the cited sentence, not the chunk’s opening words',
    );
    await page.keyboard.press('Escape');

    // Stop: the question is held on its way; Stop aborts it and says so.
    let release = () => {};
    await page.route('**/api/public/chat/stream', async (route) => {
      await new Promise<void>((r) => (release = r));
      await route.continue().catch(() => {});
    });
    await w('textarea').fill('Do gift cards expire?');
    await page.keyboard.press('Enter');
    await w('button.stop').waitFor();
    t.equal(await w('button.send').isHidden(), true, 'Stop replaces Send while answering');
    await w('button.stop').click();
    await w('.note').waitFor();
    t.equal(await w('.note').textContent(), ' (stopped)', 'the answer says it stopped');
    t.equal(await w('button.send').isVisible(), true, 'Send is back');
    t.equal(await w('.error').count(), 0, 'no error');
    release();
    await page.unroute('**/api/public/chat/stream');

    // New conversation: the log and the session go; the next answer is in a new session.
    const before = await page.evaluate((k) => sessionStorage[k], firstSession!);
    await w('button.new').click();
    t.equal(await w('.msg').count(), 1, 'only the greeting is left');
    t.equal(await w('.suggest button').count(), 2, 'and the suggestions are back');
    t.same(await sessions(), [], 'the stored session is gone');
    await w('.suggest button').nth(1).click();
    await answers(1);
    const after = await page.evaluate((k) => sessionStorage[k], firstSession!);
    t.ok(after && after !== before, 'a new session');
    await page.screenshot({ path: `${SCREENSHOTS}/12-new-conversation.png` });

    // Another topic's page keeps its own conversation; going back finds the first one.
    await page.goto(`http://127.0.0.1:${sitePort}/billing`);
    await w('.launcher').click();
    t.equal(await w('.msg').count(), 1, 'the topic page starts with its greeting only');
    t.equal(await w('.bot').first().textContent(), 'Billing questions?');
    await w('textarea').fill('When is the support desk open?');
    await page.keyboard.press('Enter');
    await answers(1);
    t.same(
      (await sessions()).sort(),
      [firstSession, `cog-rag:session:${apiKey.slice(-8)}:${topicId}`].sort(),
      'one session per topic',
    );
    await page.goto(`http://127.0.0.1:${sitePort}/`);
    await w('.launcher').click();
    t.match(await w('.bot').nth(1).textContent(), /14 days/, 'the first page finds its conversation');

    // A phone: the panel fills the screen, the header's logo, title and buttons fit, axe is clean.
    await page.setViewportSize({ width: 390, height: 844 });
    const header = await w('header').evaluate((el) => ({
      scroll: (el as unknown as { scrollWidth: number }).scrollWidth,
      width: (el as unknown as { clientWidth: number }).clientWidth,
    }));
    t.ok(header.scroll <= header.width, 'the header does not overflow on a phone');
    t.same(await axeProblems(page), [], 'axe: no serious or critical issue on a phone');
    await page.screenshot({ path: `${SCREENSHOTS}/13-branded-phone.png` });
    await page.setViewportSize({ width: 1000, height: 760 });

    // Hostile values: ignored or shown as text; nothing on the page changes. (A fresh tab's
    // storage: the site's conversation without a topic would hide the suggestions.)
    await page.evaluate('sessionStorage.clear()');
    await page.goto(`http://127.0.0.1:${sitePort}/hostile`);
    await w('.launcher').click();
    t.equal(
      await w('.launcher').evaluate((el) => getComputedStyle(el).backgroundColor),
      'rgb(36, 86, 211)',
      'a colour that is no hex colour is ignored',
    );
    t.equal(await w('img').count(), 0, 'a javascript: logo is ignored');
    t.equal(await w('.bot').first().textContent(), '<img src=x onerror=alert(1)>', 'the greeting is text');
    t.same(
      await w('.suggest button').allTextContents(),
      ['<b onclick=alert(1)>bold</b>', 'a', 'b', 'c'],
      'at most 4 suggestions, as text, too long ones dropped',
    );
    t.equal(await page.locator('h1').isVisible(), true, 'the host page is untouched');
    t.same(await axeProblems(page), [], 'axe: no serious or critical issue with the default brand');

    // A tampered integrity: the browser refuses the script.
    const tampered = await browser.newPage();
    await tampered.goto(`http://127.0.0.1:${sitePort}/tampered`);
    await tampered.waitForLoadState('load');
    t.equal(await tampered.locator('[data-cog-rag-widget]').count(), 0, 'a wrong integrity blocks it');
    t.same(dialogs, [], 'no script from an attribute ran');
  });
}
