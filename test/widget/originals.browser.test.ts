import t from 'tap';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { multipartBody, waitForDocument } from '../helpers/multipart.ts';
import { buildFrontEnds, CHROMIUM, CHROMIUM_ARGS } from '../helpers/browser.ts';
import { onePagePdf } from '../connectors/site.ts';

/**
 * Issue 40, verifiable citations: a visitor opens a cited source in the widget; for a key with
 * `allowOriginals` it shows "Open the original (page 1)", a new-tab link without the API key whose
 * signed URL returns the PDF itself; for a key without, no such link.
 */
declare const document: {
  querySelector(s: string): { shadowRoot: { querySelectorAll(s: string): { length: number } } | null } | null;
};

if (!CHROMIUM) {
  t.plan(0, 'no chromium binary on PATH: install Debian `chromium`');
} else {
  t.test('the original of a cited PDF, for keys that allow it', async (t) => {
    buildFrontEnds(); // only when stale: a forced build rewrites widget.js under other browser tests
    const { app } = await buildTestApp(t, { worker: true });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const api = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const admin = await signUp(app);
    const pdf = onePagePdf('The support desk is open from 8am to 6pm on weekdays.');
    const body = multipartBody({}, { filename: 'hours.pdf', bytes: pdf });
    const up = await app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      headers: { ...admin.headers, ...body.headers },
      payload: body.payload,
    });
    t.equal((await waitForDocument(app, admin.headers, up.json().data.id)).status, 'VECTORIZED');

    const keys: Record<string, string> = {};
    const site: Server = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="en"><head><title>Acme</title></head><body><main><h1>Acme</h1></main>
<script src="${api}/widget.js" data-api-key="${keys[req.url ?? '/'] ?? ''}"></script></body></html>`);
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    t.teardown(() => new Promise((r) => site.close(r)));
    const origin = `127.0.0.1:${(site.address() as AddressInfo).port}`;
    for (const [path, allowOriginals] of [
      ['/open', true],
      ['/closed', false],
    ] as const) {
      const key = await app.inject({
        method: 'POST',
        url: '/api/api-keys',
        headers: admin.headers,
        payload: { name: path, authorizedDomains: [origin], allDocuments: true, allowOriginals },
      });
      keys[path] = key.json().data.key;
    }

    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: CHROMIUM!, args: CHROMIUM_ARGS });
    t.teardown(() => browser.close());
    const page = await browser.newPage();
    const w = (selector: string) => page.locator(`[data-cog-rag-widget] ${selector}`);
    const askAndOpenSource = async (path: string) => {
      await page.goto(`http://${origin}${path}`);
      await w('.launcher').click();
      await w('textarea').fill('When is the support desk open?');
      await page.keyboard.press('Enter');
      await page.waitForFunction(
        () =>
          document
            .querySelector('[data-cog-rag-widget]')
            ?.shadowRoot?.querySelectorAll('.bot[aria-busy="false"]').length === 1,
        undefined,
        { timeout: 120_000 },
      );
      await w('.chip').first().click();
      await w('.source blockquote').waitFor();
    };

    await askAndOpenSource('/open');
    const link = page.locator('[data-cog-rag-widget] .source a', { hasText: 'Open the original' });
    t.equal(await link.textContent(), 'Open the original (page 1)');
    t.equal(await link.getAttribute('target'), '_blank', 'a new tab');
    t.match(await link.getAttribute('rel'), /\bnoopener\b/);
    const href = (await link.getAttribute('href'))!;
    t.match(
      href,
      new RegExp(`^${api}/api/public/documents/doc_\\w+/file\\?keyId=key_\\w+&exp=\\d+&sig=[\\w-]+#page=1$`),
    );
    t.notOk(href.includes(keys['/open']!), 'the API key is not in the link');
    const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    t.ok(tab, 'the link opens a tab');
    await tab.close();
    const res = await fetch(href.split('#')[0]!);
    t.equal(res.status, 200, 'the link serves the original, without any header');
    t.equal(res.headers.get('content-type'), 'application/pdf');
    t.ok(Buffer.from(await res.arrayBuffer()).equals(pdf), 'the PDF itself');

    await askAndOpenSource('/closed');
    t.equal(await w('.source a').count(), 0, 'a key without originals: no link');
  });
}
