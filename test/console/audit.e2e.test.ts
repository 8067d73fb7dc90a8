import t from 'tap';
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { buildFrontEnds, CHROMIUM, CHROMIUM_ARGS, DESKTOP, PHONE, screen } from '../helpers/browser.ts';

/** Issue 39 in Chromium: the audit log screen lists, filters, pages and exports the events. */
t.test('the audit log screen', { skip: CHROMIUM ? false : 'no chromium' }, async (t) => {
  buildFrontEnds();
  const { app } = await buildTestApp(t);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const admin = await signUp(app);
  for (const name of ['Legal', 'Finance'])
    await app.inject({ method: 'POST', url: '/api/groups', headers: admin.headers, payload: { name } });
  const browser = await chromium.launch({ executablePath: CHROMIUM!, args: CHROMIUM_ARGS });
  t.teardown(() => browser.close());
  const page = await (
    await browser.newContext({ viewport: DESKTOP, locale: 'en-US', acceptDownloads: true })
  ).newPage();
  page.setDefaultTimeout(30_000);

  await page.goto(`${base}/app/audit`);
  await page.getByLabel('E-mail').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
  const table = page.getByRole('table', { name: 'Audit log' });
  await table.getByRole('cell', { name: 'group.create' }).first().waitFor();
  t.equal(await table.getByRole('cell', { name: 'auth.login' }).count(), 2, 'both sign-ins listed');
  await screen(t, page, 'screen-audit');
  await page.setViewportSize(PHONE);
  await screen(t, page, 'screen-audit');
  await page.setViewportSize(DESKTOP);

  await page.getByLabel('Action').fill('group.*');
  await page.getByRole('button', { name: 'Filter' }).click();
  // A locator, not waitForFunction: its in-page polling evaluates a string, which the console's CSP
  // (no 'unsafe-eval') refuses whenever the condition is not already true at the first check.
  await page.getByText('auth.login').first().waitFor({ state: 'detached' });
  t.equal(await table.getByRole('cell', { name: 'group.create' }).count(), 2, 'filtered to the groups');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export (JSON Lines)' }).click(),
  ]);
  t.match(download.suggestedFilename(), /^audit-events-\d{4}-\d\d-\d\d\.jsonl$/);
  const lines = readFileSync((await download.path())!, 'utf8')
    .trim()
    .split('\n');
  t.same(
    lines.map((l) => JSON.parse(l).action),
    ['group.create', 'group.create'],
    'the export follows the filter',
  );

  // French.
  await page.getByLabel('Language').selectOption('fr');
  await page.getByRole('heading', { name: 'Journal d’audit', level: 1 }).waitFor();
  t.pass('the screen in French');
});
