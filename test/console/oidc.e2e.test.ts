import t from 'tap';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { buildFrontEnds, CHROMIUM, CHROMIUM_ARGS, DESKTOP } from '../helpers/browser.ts';
import { startIdp } from '../helpers/oidc-provider.ts';

const CLIENT = { clientId: 'cograg-console', clientSecret: 'a-long-enough-client-secret-for-the-console' };

/**
 * Issue 39 in Chromium: the sign-in page shows a button for the configured OpenID Connect
 * provider; it leads through the provider's login page back into the console, signed in; a
 * refusal comes back to the sign-in page with its reason; signing out ends the session at the
 * provider too.
 */
t.test(
  'sign in with an OpenID Connect provider in Chromium',
  { skip: CHROMIUM ? false : 'no chromium' },
  async (t) => {
    buildFrontEnds();
    const idp = await startIdp(t);
    const providers = [
      {
        id: 'kc',
        name: 'Keycloak',
        issuer: idp.issuer,
        ...CLIENT,
        groupsClaim: 'groups',
        domains: ['acme.test'],
      },
    ];
    const { app, ctx } = await buildTestApp(t, { env: { OIDC_PROVIDERS: JSON.stringify(providers) } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    idp.register({
      ...CLIENT,
      redirectUri: `${base}/api/auth/oidc/kc/callback`,
      postLogoutUri: `${base}/app/`,
    });
    const admin = await signUp(app, 'boss@acme.test');
    await ctx.db
      .insertInto('company_domains')
      .values({
        domain: 'acme.test',
        company_id: admin.user.companyId,
        proof: 'operator',
        microsoft_tenant_id: null,
        claimed_by: null,
      })
      .execute();
    idp.accounts.set('carol', { email: 'carol@acme.test', name: 'Carol Reader', groups: [] });
    idp.accounts.set('eve', { email: 'eve@elsewhere.test', name: 'Eve', groups: [] });

    const browser = await chromium.launch({ executablePath: CHROMIUM!, args: CHROMIUM_ARGS });
    t.teardown(() => browser.close());
    let page = await (await browser.newContext({ viewport: DESKTOP, locale: 'en-US' })).newPage();

    /** In a browser of its own (the provider would otherwise remember the last login). */
    const log: string[] = [];
    const through = async (login: string) => {
      page = await (await browser.newContext({ viewport: DESKTOP, locale: 'en-US' })).newPage();
      page.on('response', (res) => {
        if (res.url().startsWith(`${base}/api/`))
          log.push(`${login}: ${res.status()} ${res.url().slice(base.length)}`);
      });
      page.on('console', (m) => log.push(`${login}: console ${m.type()}: ${m.text()}`));
      page.setDefaultTimeout(30_000);
      await page.goto(`${base}/app/`);
      await page.getByRole('button', { name: 'Sign in with Keycloak' }).click();
      await page.waitForURL((u) => u.href.startsWith(idp.issuer));
      await page.getByLabel('Login').fill(login);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL((u) => u.href.startsWith(`${base}/app/`));
    };

    await through('eve');
    await page.getByText(/may not vouch for e-mail addresses of this domain/).waitFor();
    t.pass('a refused sign-in comes back to the sign-in page with its reason');
    t.equal(new URL(page.url()).hash, '', 'the reason is taken out of the address bar');

    await through('carol');
    await page
      .getByRole('heading', { name: 'Documents', level: 1 })
      .waitFor()
      .catch(async (err: unknown) => {
        // What the console shows instead, and what the server answered, for a failure to be read.
        const shown = await page.evaluate<string>('document.body.innerText').catch(() => '?');
        throw new Error(
          `${String(err)}\nat ${page.url()}, the page shows:\n${shown.slice(0, 600)}\n${log.join('\n')}`,
        );
      });
    t.pass('signed in through the provider: the console shows the documents');
    const me = await ctx.db
      .selectFrom('users')
      .select(['name', 'role'])
      .where('email', '=', 'carol@acme.test')
      .executeTakeFirst();
    t.same(
      me,
      { name: 'Carol Reader', role: 'COMPANY_READER' },
      'a reader of the company that proved acme.test',
    );

    await page.reload();
    await page.getByRole('heading', { name: 'Documents', level: 1 }).waitFor();
    t.pass('a reload keeps the session (the refresh cookie)');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((u) => u.href.startsWith(`${idp.issuer}/session/end`));
    t.pass('signing out continues at the provider’s end-session endpoint');
  },
);
