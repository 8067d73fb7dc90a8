import t from 'tap';
import { chromium } from 'playwright-core';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { buildFrontEnds, CHROMIUM, CHROMIUM_ARGS, DESKTOP } from '../helpers/browser.ts';
import { ADMIN_DN, ADMIN_PASSWORD, SLAPD, SLAPD_MISSING, startSlapd } from '../helpers/slapd.ts';

/**
 * Issue 39 in Chromium: with LDAP_CONFIG set, the sign-in page offers the directory account; a
 * wrong password is refused in the form, the right one opens the console.
 */
t.test(
  'sign in with a directory account in Chromium',
  { skip: !CHROMIUM ? 'no chromium' : !SLAPD ? SLAPD_MISSING : false },
  async (t) => {
    buildFrontEnds();
    const ldap = await startSlapd(t);
    await ldap.addUser('dana', {
      mail: 'dana@example.org',
      name: 'Dana Scully',
      password: 'dana-directory-pass',
    });
    const config = {
      url: ldap.ldapsUrl,
      caFile: ldap.caFile,
      bindDn: ADMIN_DN,
      bindPassword: ADMIN_PASSWORD,
      userBase: 'ou=people,dc=example,dc=org',
      domains: ['example.org'],
    };
    const { app, ctx } = await buildTestApp(t, { env: { LDAP_CONFIG: JSON.stringify(config) } });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const admin = await signUp(app, 'boss@example.org');
    await ctx.db
      .insertInto('company_domains')
      .values({
        domain: 'example.org',
        company_id: admin.user.companyId,
        proof: 'operator',
        microsoft_tenant_id: null,
        claimed_by: null,
      })
      .execute();

    const browser = await chromium.launch({ executablePath: CHROMIUM!, args: CHROMIUM_ARGS });
    t.teardown(() => browser.close());
    const page = await (await browser.newContext({ viewport: DESKTOP, locale: 'en-US' })).newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(`${base}/app/`);
    await page.getByLabel('With my directory account (LDAP / Active Directory)').check();
    await page.getByLabel('User name').fill('dana');
    await page.getByLabel('Password').fill('not-her-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Wrong user name or password').waitFor();
    t.pass('a wrong password is refused in the form');
    await page.getByLabel('Password').fill('dana-directory-pass');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Documents', level: 1 }).waitFor();
    t.pass('the directory account opens the console');
  },
);
