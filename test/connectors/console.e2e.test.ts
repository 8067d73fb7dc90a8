import t from 'tap';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { buildFrontEnds, CHROMIUM, CHROMIUM_ARGS, DESKTOP, PHONE, screen } from '../helpers/browser.ts';
import { connectorApp, createConnector, ingested } from './helpers.ts';

/**
 * The console's Connectors screen in Chromium: the company's connector listed, "Sync now" starts
 * a run, and the run's status and counts appear once it ends (axe-core clean, no sideways scroll
 * on a phone).
 */
t.test(
  'console: the Connectors screen lists a connector and syncs it now',
  { skip: CHROMIUM ? false : 'no chromium' },
  async (t) => {
    buildFrontEnds();
    const root = mkdtempSync(join(tmpdir(), 'cograg-roots-'));
    t.teardown(() => rmSync(root, { recursive: true, force: true }));
    mkdirSync(join(root, 'share'));
    writeFileSync(join(root, 'share', 'a.txt'), 'Alpha: the ferry desk opens at seven.');
    const { app, ctx, admin } = await connectorApp(t, { CONNECTOR_FOLDER_ROOTS: root });
    const connector = await createConnector(app, admin.headers, {
      name: 'Harbour share',
      kind: 'folder',
      config: { path: join(root, 'share') },
    });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const browser = await chromium.launch({ executablePath: CHROMIUM!, args: CHROMIUM_ARGS });
    t.teardown(() => browser.close());
    const page: Page = await (await browser.newContext({ viewport: DESKTOP, locale: 'en-US' })).newPage();
    page.setDefaultTimeout(60_000);
    await page.goto(`${base}/app/`);
    await page.getByLabel('E-mail').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Documents', level: 1 }).waitFor();

    await page.goto(`${base}/app/connectors`);
    await page.getByRole('heading', { name: 'Connectors', level: 1 }).waitFor();
    const row = page.getByRole('row', { name: /Harbour share/ });
    await row.waitFor();
    t.match(await row.innerText(), /folder/, 'the connector is listed with its kind');
    await row.getByRole('button', { name: 'Sync now' }).click();
    for (let i = 0; ; i++) {
      const text = await page.getByRole('row', { name: /Harbour share/ }).innerText();
      if (/completed/.test(text)) {
        t.match(text, /\+1 ~0 →0 −0 =0 !0/, 'the run’s counts are shown');
        break;
      }
      if (i > 120) throw new Error(`the run did not complete: ${text}`);
      await new Promise((r) => setTimeout(r, 500));
      await page.reload();
      await page.getByRole('heading', { name: 'Connectors', level: 1 }).waitFor();
      await page.getByRole('row', { name: /Harbour share/ }).waitFor();
    }
    await ingested(ctx, connector.id);
    await screen(t, page, 'screen-connectors');
    await page.setViewportSize(PHONE);
    await screen(t, page, 'screen-connectors');
  },
);
