import t from 'tap';
import { chromium } from 'playwright-core';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { buildFrontEnds, CHROMIUM, CHROMIUM_ARGS, DESKTOP, PHONE, screen } from '../helpers/browser.ts';

/**
 * Issue 24, blocker 1: an admin adds a reader without a password and gets an invitation link
 * (with its expiry and a copy button); the reader opens the link in a second browser context,
 * picks a name and a password, is signed in, and later signs in again with that password.
 */
t.test(
  'an invited reader gets in through the link',
  { skip: CHROMIUM ? false : 'no chromium' },
  async (t) => {
    buildFrontEnds();
    const { app } = await buildTestApp(t);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const admin = await signUp(app);
    const browser = await chromium.launch({ executablePath: CHROMIUM!, args: CHROMIUM_ARGS });
    t.teardown(() => browser.close());

    const adminCtx = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    await adminCtx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    const page = await adminCtx.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(`${base}/app/users`);
    await page.getByLabel('E-mail').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();

    const add = page.getByRole('form', { name: 'Add user' });
    await add.getByLabel('E-mail').fill('rita@example.com');
    await add.getByLabel('Name').fill('Rita');
    await add.getByLabel('Role').selectOption('COMPANY_READER');
    await add.getByRole('button', { name: 'Invite', exact: true }).click();
    const link = await page.getByTestId('invitation-link').inputValue();
    t.match(link, new RegExp(`^${base}/app/accept-invitation\\?token=inv_`), 'a link, not a raw token');
    t.match(await page.locator('.invitation').textContent(), /Valid until/, 'the expiry is shown');
    const copy = page.getByRole('button', { name: 'Copy the invitation link' });
    await copy.click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    t.equal(
      await page.evaluate<string>('navigator.clipboard.readText()'),
      link,
      'the copy button copies the link',
    );
    t.match(await page.getByRole('row', { name: /Rita/ }).textContent(), /Invited/, 'listed as invited');

    // Adding another user keeps the first link on screen.
    await add.getByLabel('E-mail').fill('sam@example.com');
    await add.getByLabel('Name').fill('Sam');
    await add.getByRole('button', { name: 'Invite', exact: true }).click();
    await page.getByTestId('invitation-link').nth(1).waitFor();
    t.equal(await page.getByTestId('invitation-link').count(), 2, 'both links stay');
    await screen(t, page, 'users-invitation');
    await page.setViewportSize(PHONE);
    await screen(t, page, 'users-invitation');

    // The reader, in a browser context of their own.
    const readerCtx = await browser.newContext({ viewport: PHONE, locale: 'en-US' });
    const reader = await readerCtx.newPage();
    reader.setDefaultTimeout(30_000);
    await reader.goto(link);
    await reader.getByRole('heading', { name: 'Accept your invitation' }).waitFor();
    await screen(t, reader, 'accept-invitation');
    await reader.setViewportSize(DESKTOP);
    await screen(t, reader, 'accept-invitation');
    await reader.getByLabel('Name').fill('Rita Reader');
    await reader.getByLabel('New password').fill('short');
    await reader.getByRole('button', { name: 'Join and sign in' }).click();
    t.equal(
      await reader.getByRole('heading', { name: 'Accept your invitation' }).count(),
      1,
      'a short password is refused in the form',
    );
    await reader.getByLabel('New password').fill('a long reader passphrase');
    await reader.getByRole('button', { name: 'Join and sign in' }).click();
    await reader.getByRole('heading', { name: 'Documents', level: 1 }).waitFor();
    t.match(
      await reader.locator('header.top').textContent(),
      /Rita Reader.*Reader/,
      'signed in as the reader',
    );
    t.equal(new URL(reader.url()).pathname, '/app/documents', 'the token leaves the address bar');

    // The link works once; the password works from now on.
    const again = await readerCtx.newPage();
    await readerCtx.clearCookies();
    await again.goto(link);
    await again.getByLabel('Name').fill('Mallory');
    await again.getByLabel('New password').fill('another long passphrase');
    await again.getByRole('button', { name: 'Join and sign in' }).click();
    await again
      .getByRole('alert')
      .filter({ hasText: /already used invitation/ })
      .waitFor();
    t.pass('a used link is refused with the server’s reason');
    await again.goto(`${base}/app/`);
    await again.getByLabel('E-mail').fill('rita@example.com');
    await again.getByLabel('Password').fill('a long reader passphrase');
    await again.getByRole('button', { name: 'Sign in', exact: true }).click();
    await again.getByRole('heading', { name: 'Documents', level: 1 }).waitFor();
    t.pass('the reader signs in with the password they chose');

    // The admin's list now shows the reader active.
    await page.reload();
    await page.getByRole('row', { name: /Rita Reader/ }).waitFor();
    t.match(await page.getByRole('row', { name: /Rita Reader/ }).textContent(), /Active/);
  },
);
