import t from 'tap';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Locator, type Page } from 'playwright-core';
import { buildFrontEnds, CHROMIUM, CHROMIUM_ARGS, DESKTOP, PHONE, screen } from '../helpers/browser.ts';
import { connectorApp } from './helpers.ts';
import { html, startSite, type Page as SitePage } from './site.ts';

/**
 * Issue 40, the Connectors screen in Chromium: an admin creates a folder connector and a web
 * connector from the form (each tested before saving), syncs them and watches the last run's
 * status change on the card by itself, opens the run with a failed item and reads why, pauses one;
 * axe-core clean, no sideways scroll on a phone.
 */
t.test(
  'console: connectors made, tested, run and read from the form',
  { skip: CHROMIUM ? false : 'no chromium' },
  async (t) => {
    buildFrontEnds();
    const root = mkdtempSync(join(tmpdir(), 'cograg-roots-'));
    t.teardown(() => rmSync(root, { recursive: true, force: true }));
    mkdirSync(join(root, 'share'));
    writeFileSync(join(root, 'share', 'a.txt'), 'Alpha: the ferry desk opens at seven.');
    writeFileSync(join(root, 'share', 'b.txt'), 'Bravo: the harbour closes at nine.');
    writeFileSync(join(root, 'share', 'huge.txt'), 'x'.repeat(1.5 * 1024 * 1024));
    const site = await startSite(
      new Map<string, SitePage>([['/', { body: html('Timetable', 'The first ferry leaves at six.') }]]),
    );
    t.teardown(site.close);
    const { app, admin } = await connectorApp(t, {
      CONNECTOR_FOLDER_ROOTS: root,
      CONNECTOR_ALLOWLIST: '127.0.0.1',
      MAX_UPLOAD_MB: '1',
    });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const browser = await chromium.launch({ executablePath: CHROMIUM!, args: CHROMIUM_ARGS });
    t.teardown(() => browser.close());
    const page: Page = await (await browser.newContext({ viewport: DESKTOP, locale: 'en-US' })).newPage();
    page.setDefaultTimeout(60_000);
    await page.goto(`${base}/app/connectors`);
    await page.getByLabel('E-mail').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Connectors', level: 1 }).waitFor();

    const create = async (name: string, fill: (form: Locator) => Promise<void>, expectItem: string) => {
      await page.getByRole('button', { name: 'Add a connector' }).click();
      const form = page.getByRole('form', { name: 'Add a connector' });
      await form.getByLabel('Name').fill(name);
      await fill(form);
      await form.getByRole('button', { name: 'Test connection' }).click();
      const outcome = form.getByTestId('connector-test');
      await outcome.waitFor();
      t.match(
        await outcome.innerText(),
        expectItem,
        `${name}: the test lists the source's items before saving`,
      );
      await screen(t, page, 'connector-form');
      await form.getByRole('button', { name: 'Save' }).click();
      const card = page.getByRole('listitem', { name });
      await card.waitFor();
      return card;
    };
    const syncAndWatch = async (card: Locator) => {
      await card.getByRole('button', { name: 'Sync now' }).click();
      // No reload: the card reads the run again by itself while it is queued or running.
      await card
        .getByTestId('last-run')
        .filter({ hasText: /completed|failed/ })
        .waitFor({ timeout: 120_000 });
      return card.getByTestId('last-run').innerText();
    };

    const folder = await create(
      'Harbour share',
      async (form) => {
        await form.getByLabel('Source').selectOption('folder');
        await form.getByLabel('Folder path').fill(join(root, 'share'));
      },
      'a.txt',
    );
    const folderRun = await syncAndWatch(folder);
    t.match(folderRun, /completed.*\+2 ~0 →0 −0 =0 !1/, 'two added, one failed item');
    await folder.getByRole('button', { name: 'Runs' }).click();
    const runs = folder.getByRole('region', { name: 'Runs of “Harbour share”' });
    await runs.getByText('1 item error', { exact: true }).click();
    t.match(await runs.innerText(), /huge\.txt.*larger than/s, 'the failed item and why');
    await screen(t, page, 'connector-runs');

    const web = await create(
      'Timetable site',
      async (form) => {
        await form.getByLabel('Source').selectOption('web');
        await form.getByLabel('Start pages').fill(`${site.origin}/`);
      },
      'index.html',
    );
    t.match(await syncAndWatch(web), /completed.*\+1/, 'the web connector syncs its page');

    await web.getByRole('button', { name: 'Pause' }).click();
    await web.getByText('paused').waitFor();
    t.pass('paused');
    await screen(t, page, 'screen-connectors');
    await page.setViewportSize(PHONE);
    await screen(t, page, 'screen-connectors');
  },
);
