import t from 'tap';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Page } from 'playwright-core';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { multipartBody, waitForDocument } from '../helpers/multipart.ts';
import { buildFrontEnds, CHROMIUM, CHROMIUM_ARGS, DESKTOP, PHONE, SHOTS_DIR } from '../helpers/browser.ts';

/**
 * Issue 24, blocker 2: a host page whose global CSS would throw a naive widget off-screen
 * (`div { position: relative; padding; border }`, `* { letter-spacing }`, `:focus { outline }`)
 * and is 2,000 px tall. The launcher stays fixed in the viewport's corner, the panel opens fully
 * on-screen, nothing inside inherits the page's letter-spacing; on a phone the panel fills the
 * screen; the conversation follows the visitor to another page of the site (sessionStorage).
 */
const HOSTILE = `div { position: relative !important; padding: 20px; border: 5px solid; margin: 30px; }
* { letter-spacing: 1px; text-transform: uppercase; line-height: 3; }
:focus { outline: 4px solid red; }
body { min-height: 2000px; }`;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const box = async (page: Page, selector: string): Promise<Box> =>
  (await page.locator(`[data-cog-rag-widget] ${selector}`).boundingBox())!;

t.test('the widget on a hostile host page', { skip: CHROMIUM ? false : 'no chromium' }, async (t) => {
  buildFrontEnds();
  const { app } = await buildTestApp(t, { worker: true });
  const api = await app.listen({ host: '127.0.0.1', port: 0 });
  const admin = await signUp(app);
  const body = multipartBody(
    {},
    { filename: 'hours.txt', bytes: Buffer.from('The support desk is open from 8am to 6pm on weekdays.') },
  );
  const up = await app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    headers: { ...admin.headers, ...body.headers },
    payload: body.payload,
  });
  t.equal((await waitForDocument(app, admin.headers, up.json().data.id)).status, 'VECTORIZED');
  // As a web connector would mirror it: the document's own address, offered as "Open the source".
  await app.ctx.db
    .insertInto('connectors')
    .values({
      id: 'con_hostilecss',
      company_id: admin.user.companyId,
      name: 'Intranet',
      kind: 'web',
      config: JSON.stringify({ startUrls: ['https://intranet.example/'] }),
      limits: JSON.stringify({ maxItems: 10, maxBytes: 1_000_000, maxDepth: 1 }),
      secret_ciphertext: null,
      topic_id: null,
      interval_minutes: null,
      next_sync_at: null,
      created_by: null,
    })
    .execute();
  await app.ctx.db
    .updateTable('documents')
    .set({
      connector_id: 'con_hostilecss',
      metadata: JSON.stringify({
        sourceUrl: 'https://intranet.example/hours',
        connectorId: 'con_hostilecss',
      }),
    })
    .where('id', '=', up.json().data.id)
    .execute();

  let apiKey = '';
  const site = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><title>Hostile ${req.url}</title><style>${HOSTILE}</style></head>
<body><div><h1>Customer site ${req.url}</h1><p>Lots of content.</p></div>
<script src="${api}/widget.js" data-api-key="${apiKey}" data-title="Help"></script></body></html>`);
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  t.teardown(() => new Promise((r) => site.close(r)));
  const origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  const key = await app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: admin.headers,
    payload: { name: 'site', authorizedDomains: [new URL(origin).host], allDocuments: true },
  });
  apiKey = key.json().data.key;

  const browser = await chromium.launch({ executablePath: CHROMIUM!, args: CHROMIUM_ARGS });
  t.teardown(() => browser.close());
  const page = await browser.newPage({ viewport: DESKTOP });
  page.setDefaultTimeout(60_000);
  await page.goto(`${origin}/one`);
  await page.evaluate('window.scrollTo(0, 1200)');

  const launcher = await box(page, '.launcher');
  t.equal(Math.round(launcher.x + launcher.width), DESKTOP.width - 20, 'launcher 20 px from the right edge');
  t.equal(Math.round(launcher.y + launcher.height), DESKTOP.height - 20, 'launcher 20 px above the bottom');
  const hostStyle = await page.evaluate<Record<string, string>>(`(() => {
    const s = getComputedStyle(document.querySelector('[data-cog-rag-widget]'));
    return { position: s.position, padding: s.paddingTop, border: s.borderTopWidth, letterSpacing: s.letterSpacing };
  })()`);
  t.same(
    hostStyle,
    { position: 'fixed', padding: '0px', border: '0px', letterSpacing: 'normal' },
    'page rules lose on the host',
  );

  await page.locator('[data-cog-rag-widget] .launcher').focus();
  const outline = await page.evaluate<string>(
    `getComputedStyle(document.querySelector('[data-cog-rag-widget]')).outlineStyle`,
  );
  t.equal(outline, 'none', 'the page’s :focus outline does not reach the host');
  await page.locator('[data-cog-rag-widget] .launcher').click();
  const panel = await box(page, '.panel');
  t.ok(panel.x >= 0 && panel.y >= 0, 'panel starts on-screen');
  t.ok(
    panel.x + panel.width <= DESKTOP.width && panel.y + panel.height <= DESKTOP.height,
    'panel ends on-screen',
  );
  const inside = await page.evaluate<Record<string, string>>(`(() => {
    const root = document.querySelector('[data-cog-rag-widget]').shadowRoot;
    const s = getComputedStyle(root.querySelector('header h2'));
    return { letterSpacing: s.letterSpacing, textTransform: s.textTransform };
  })()`);
  t.same(inside, { letterSpacing: 'normal', textTransform: 'none' }, 'inherited properties reset inside');

  // Ask, then go to another page of the site: the conversation is still there.
  await page.locator('[data-cog-rag-widget] textarea').fill('When is the support desk open?');
  await page.locator('[data-cog-rag-widget] textarea').press('Enter');
  await page.locator('[data-cog-rag-widget] .msg.bot[aria-busy="false"]').waitFor();
  const answer = await page.locator('[data-cog-rag-widget] .msg.bot').nth(1).textContent();
  t.match(answer, /8am/, 'answered');
  await page.locator('[data-cog-rag-widget] .msg.bot .chip').first().click();
  const open = page.locator('[data-cog-rag-widget] .source a');
  t.same(
    [await open.textContent(), await open.getAttribute('href'), await open.getAttribute('rel')],
    ['Open the source', 'https://intranet.example/hours', 'noopener noreferrer nofollow'],
    'the cited source opens at its own address',
  );
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: `${SHOTS_DIR}/widget-hostile-1280.png` });
  await page.goto(`${origin}/two`);
  await page.locator('[data-cog-rag-widget] .launcher').click();
  t.equal(
    await page.locator('[data-cog-rag-widget] .msg.bot').nth(1).textContent(),
    answer,
    'the answer is still there on the next page',
  );
  t.equal(
    await page.locator('[data-cog-rag-widget] .msg.user').textContent(),
    'When is the support desk open?',
  );

  // A phone: the open panel fills the screen, the launcher is out of the way.
  await page.setViewportSize(PHONE);
  const full = await box(page, '.panel');
  t.same(
    [full.x, full.y, full.width, full.height].map(Math.round),
    [0, 0, PHONE.width, PHONE.height],
    'full screen on a phone',
  );
  t.notOk(
    await page.locator('[data-cog-rag-widget] .launcher').isVisible(),
    'launcher hidden behind the sheet',
  );
  await page.screenshot({ path: `${SHOTS_DIR}/widget-hostile-390.png` });
  await page.locator('[data-cog-rag-widget] header button.close').click();
  t.ok(await page.locator('[data-cog-rag-widget] .launcher').isVisible(), 'closing brings the launcher back');
});
