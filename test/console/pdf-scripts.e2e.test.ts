import t from 'tap';
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildFrontEnds } from '../helpers/browser.ts';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { multipartBody, waitForDocument } from '../helpers/multipart.ts';
import { openActionPdf } from '../fixtures/hostile/pdf-script.ts';
import { FILE_CSP } from '../../src/routes/document-file.ts';

/**
 * A PDF whose OpenAction runs `app.alert` (issue 22, hole 5), opened in Debian's Chromium through
 * `GET /api/documents/:id/file` and through the console's "Open page 1": any JavaScript dialog
 * fails the test. A control serves the same bytes inline from a bare local server, to show what
 * the browser's own PDF viewer does with them.
 */
const chromiumPath = (() => {
  try {
    return execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
})();

/** Collects JavaScript dialogs (dismissed) and CSP violations reported on `page`. */
function watch(page: Page) {
  const dialogs: string[] = [];
  const csp: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) csp.push(m.text());
  });
  return { dialogs, csp };
}

t.test(
  'a PDF with an OpenAction script runs no script on the service',
  { skip: chromiumPath ? false : 'no chromium' },
  async (t) => {
    // Built only when stale: a forced build empties console/dist under the browser tests running beside this one.
    buildFrontEnds();
    const { app } = await buildTestApp(t, { worker: true });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const admin = await signUp(app);
    const bytes = openActionPdf();
    const body = multipartBody({}, { filename: 'notice.pdf', bytes });
    const up = await app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      headers: { ...admin.headers, ...body.headers },
      payload: body.payload,
    });
    const id = up.json().data.id as string;
    t.equal((await waitForDocument(app, admin.headers, id)).status, 'VECTORIZED');

    const browser: Browser = await chromium.launch({
      executablePath: chromiumPath!,
      args: ['--headless', '--no-sandbox', '--disable-gpu'],
    });
    t.teardown(() => browser.close());

    // The control: the same bytes inline, as /file served them before, from a bare server.
    const control = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-security-policy': FILE_CSP });
      res.end(bytes);
    });
    await new Promise<void>((r) => control.listen(0, '127.0.0.1', r));
    t.teardown(() => {
      // Chromium keeps its connection open: close it, or close() would wait for it.
      control.closeAllConnections();
      return new Promise((r) => control.close(r));
    });
    const controlPage = await (await browser.newContext()).newPage();
    controlPage.setDefaultTimeout(10_000);
    const controlSeen = watch(controlPage);
    await controlPage
      .goto(`http://127.0.0.1:${(control.address() as AddressInfo).port}/notice.pdf`)
      .catch(() => {});
    await controlPage.waitForTimeout(3000);
    t.comment(
      `control (inline PDF in Chromium's own viewer): ${controlSeen.dialogs.length ? `dialog "${controlSeen.dialogs[0]}"` : 'no dialog in this headless build'}`,
    );

    // Through /file, with the bearer token: a download, never rendered.
    const fileContext = await browser.newContext({ acceptDownloads: true, extraHTTPHeaders: admin.headers });
    const filePage = await fileContext.newPage();
    filePage.setDefaultTimeout(10_000);
    const fileSeen = watch(filePage);
    const download = filePage.waitForEvent('download');
    await filePage.goto(`${base}/api/documents/${id}/file`).catch(() => {});
    t.equal((await download).suggestedFilename(), 'notice.pdf', '/file hands the PDF over as a download');
    await filePage.waitForTimeout(2000);
    t.same(fileSeen.dialogs, [], 'no script ran from /file');

    // Through the console: the page drawn by pdf.js.
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
    page.setDefaultTimeout(30_000);
    const seen = watch(page);
    await page.goto(`${base}/app/`);
    await page.getByLabel('E-mail').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('link', { name: 'notice.pdf' }).click();
    await page.getByRole('button', { name: 'Open page 1' }).click();
    await page.locator('figure.pdf-viewer[data-page="1"] canvas').waitFor();
    t.match(await page.locator('figure.pdf-viewer figcaption').textContent(), 'Page 1 of 1');
    const painted = await page.locator('figure.pdf-viewer canvas').evaluate((c) => {
      const canvas = c as unknown as { width: number; toDataURL(): string };
      return canvas.width > 0 && canvas.toDataURL().length > 5000;
    });
    t.ok(painted, 'pdf.js painted the page on a canvas');
    await page.waitForTimeout(2000);
    t.same(seen.dialogs, [], 'no script ran in the console');
    t.same(seen.csp, [], 'and pdf.js needed nothing the console’s CSP refuses');
    t.equal(await page.locator('iframe, embed, object').count(), 0, 'no browser PDF viewer in the page');
  },
);
