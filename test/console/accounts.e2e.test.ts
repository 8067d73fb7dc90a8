import t from 'tap';
import { chromium, type Page } from 'playwright-core';
import { simpleParser } from 'mailparser';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { buildFrontEnds, CHROMIUM, CHROMIUM_ARGS, DESKTOP, PHONE, screen } from '../helpers/browser.ts';
import { localSmtpServer } from '../helpers/smtp-server.ts';

/**
 * Issue 40, accounts, in Chromium: invitations as their own action (pending list, a new link, the
 * accept page naming the company and the address), "Forgot your password?" through the e-mail a
 * local SMTP catcher receives, an admin's reset link, and "My account"'s password change.
 */
t.test('accounts from the console', { skip: CHROMIUM ? false : 'no chromium' }, async (t) => {
  buildFrontEnds();
  const smtp = await localSmtpServer(t);
  const { app } = await buildTestApp(t, { env: { SMTP_URL: smtp.url } });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const admin = await signUp(app);
  const browser = await chromium.launch({ executablePath: CHROMIUM!, args: CHROMIUM_ARGS });
  t.teardown(() => browser.close());
  const open = async (path: string, viewport = DESKTOP) => {
    const ctx = await browser.newContext({ viewport, locale: 'en-US' });
    const page = await ctx.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(`${base}${path}`);
    return page;
  };
  const signIn = async (page: Page, email: string, password: string) => {
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  };
  const mailTo = async (to: string) => {
    for (let i = 0; i < 100; i++) {
      for (const m of smtp.messages) {
        const mail = await simpleParser(m.raw);
        if (mail.to && !Array.isArray(mail.to) && mail.to.text === to) return mail;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no mail to ${to}`);
  };

  // Invite by link (the default), then a new link from the pending list.
  const page = await open('/app/users');
  await signIn(page, admin.email, admin.password);
  await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
  const add = page.getByRole('form', { name: 'Add user' });
  await add.getByLabel('E-mail').fill('nina@example.com');
  await add.getByLabel('Name').fill('Nina');
  await add.getByRole('button', { name: 'Invite', exact: true }).click();
  const pending = page.getByRole('region', { name: 'Pending invitations' });
  await pending.getByText('nina@example.com').waitFor();
  t.pass('the invitation is listed as pending');
  await pending.getByRole('button', { name: 'New link' }).click();
  const fresh = page.getByTestId('issued-link');
  await fresh.waitFor();
  const link = await fresh.inputValue();
  t.match(link, /\/app\/accept-invitation\?token=inv_/);
  await screen(t, page, 'users-pending');

  const invited = await open(new URL(link).pathname + new URL(link).search, PHONE);
  await invited.getByTestId('accept-joining').waitFor();
  t.match(
    await invited.getByTestId('accept-joining').textContent(),
    `You are joining Co ${admin.email} as nina@example.com.`,
    'the accept page names the company and the address',
  );
  await screen(t, invited, 'accept-named');

  // An admin's reset link for an active user.
  await add.getByLabel('E-mail').fill('omar@example.com');
  await add.getByLabel('Name').fill('Omar');
  await add.getByLabel('Set a password now').check();
  await add.getByLabel('Password (≥ 8)').fill('omar password 1');
  await add.getByRole('button', { name: 'Create user' }).click();
  const omarRow = page.getByRole('row', { name: /omar@example\.com/ });
  await omarRow.getByRole('button', { name: 'Reset password' }).click();
  await page.getByRole('region', { name: 'Password reset link for omar@example.com' }).waitFor();
  t.pass('the admin gets a reset link to hand over');

  // Forgot password, from the sign-in screen, through the e-mail.
  const forgot = await open('/app/');
  await forgot.getByRole('link', { name: 'Forgot your password?' }).click();
  await forgot.getByRole('heading', { name: 'Choose a new password' }).waitFor();
  await screen(t, forgot, 'forgot-password');
  await forgot.getByLabel('E-mail').fill(admin.email);
  await forgot.getByRole('button', { name: 'Send the link' }).click();
  await forgot.getByRole('status').waitFor();
  t.match(await forgot.getByRole('status').textContent(), /a link is on its way/);
  const mail = await mailTo(admin.email);
  const resetUrl = /(http\S+\/app\/reset-password\?token=\S+)/.exec(mail.text ?? '')?.[1];
  t.ok(resetUrl, 'the e-mail carries the reset link');
  await forgot.goto(resetUrl!);
  await forgot.getByLabel('New password', { exact: true }).fill('a brand new admin passphrase');
  await forgot.getByRole('button', { name: 'Save and sign in' }).click();
  await forgot.getByRole('heading', { name: 'Documents', level: 1 }).waitFor();
  t.equal(new URL(forgot.url()).pathname, '/app/documents', 'signed in, the token gone from the address bar');

  // My account: change the password (the reset ended the first tab's session: sign in again).
  const mine = await open('/app/account');
  await signIn(mine, admin.email, 'a brand new admin passphrase');
  await mine.getByRole('heading', { name: 'My account', level: 1 }).waitFor();
  await mine.getByLabel('Current password').fill('a brand new admin passphrase');
  await mine.getByLabel('New password (≥ 8)').fill('the third admin passphrase');
  await mine.getByRole('button', { name: 'Change password' }).click();
  await mine.getByRole('status').filter({ hasText: 'Password changed' }).waitFor();
  await screen(t, mine, 'my-account');
  const check = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: admin.email, password: 'the third admin passphrase' },
  });
  t.equal(check.statusCode, 200, 'the new password works');
});
