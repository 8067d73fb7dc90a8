import t from 'tap';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { buildFrontEnds, CHROMIUM, CHROMIUM_ARGS, DESKTOP } from '../helpers/browser.ts';

/**
 * Issue 38: two tabs of one signed-in browser reloaded at once, 20 times, are both still signed
 * in every time. Two layers make it so, each tested alone as well: the console's tabs take turns
 * (Web Locks, BroadcastChannel: console/src/tabs.ts) and the server accepts a just-rotated refresh
 * token again for AUTH_REFRESH_REUSE_GRACE_SECONDS (src/auth/refresh-rotation.ts). Without
 * either (grace 0, no Web Locks or BroadcastChannel) the figure is printed, not asserted: it is a
 * race. After each round the browser's session must still be live in the database, so a session
 * ended by a late reuse cannot hide behind a page that already rendered.
 */
const ROUNDS = 20;

/** Hides Web Locks and BroadcastChannel from the console, as an old or insecure-origin browser. */
const NO_TAB_APIS = `
  Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined });
  delete window.BroadcastChannel;
`;

/** What a page settles on after a reload: the console (signed in) or the sign-in form. */
async function settled(page: Page): Promise<'in' | 'out'> {
  const heading = page.locator('main h1:text-is("Documents"), #signin-title');
  await heading.first().waitFor();
  return (await heading.first().textContent()) === 'Documents' ? 'in' : 'out';
}

/** Live refresh tokens of a session (1 while it lasts, 0 once ended). */
async function liveTokens(app: FastifyInstance, sessionId: string): Promise<number> {
  const rows = await app.ctx.db
    .selectFrom('refresh_tokens')
    .select('id')
    .where('session_id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
  return rows.length;
}

/**
 * Signs in in one tab, opens a second, then reloads both at once ROUNDS times.
 * @returns rounds after which both tabs were signed in and the session live, and the rotations.
 */
async function reloadRounds(
  browser: Browser,
  app: FastifyInstance,
  base: string,
  admin: { email: string; password: string },
  initScript?: string,
): Promise<{ both: number; rotations: number; problems: string[] }> {
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
  if (initScript) await context.addInitScript(initScript);
  try {
    const one = await context.newPage();
    one.setDefaultTimeout(30_000);
    await one.goto(`${base}/app/`);
    await one.getByLabel('E-mail').fill(admin.email);
    await one.getByLabel('Password').fill(admin.password);
    await one.getByRole('button', { name: 'Sign in', exact: true }).click();
    await one.getByRole('heading', { name: 'Documents', level: 1 }).waitFor();
    const two = await context.newPage();
    two.setDefaultTimeout(30_000);
    await two.goto(`${base}/app/`);
    if ((await settled(two)) !== 'in')
      return { both: 0, rotations: 0, problems: ['second tab not signed in'] };

    const session = await app.ctx.db
      .selectFrom('refresh_tokens')
      .innerJoin('users', 'users.id', 'refresh_tokens.user_id')
      .select('refresh_tokens.session_id')
      .where('users.email', '=', admin.email)
      .orderBy('refresh_tokens.created_at', 'desc')
      .executeTakeFirstOrThrow();
    let both = 0;
    const problems: string[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      await Promise.all([one.reload(), two.reload()]);
      const states = await Promise.all([settled(one), settled(two)]);
      const live = await liveTokens(app, session.session_id);
      if (states[0] === 'in' && states[1] === 'in' && live === 1) both++;
      else problems.push(`round ${round}: tabs ${states.join('/')}, live tokens ${live}`);
      if (live === 0) break; // the session ended: every later round would say the same
    }
    const { count } = await app.ctx.db
      .selectFrom('refresh_tokens')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('session_id', '=', session.session_id)
      .executeTakeFirstOrThrow();
    return { both, rotations: Number(count) - 1, problems };
  } finally {
    await context.close();
  }
}

t.test('two tabs reloaded at once stay signed in', { skip: CHROMIUM ? false : 'no chromium' }, async (t) => {
  buildFrontEnds();
  const browser = await chromium.launch({ executablePath: CHROMIUM!, args: CHROMIUM_ARGS });
  t.teardown(() => browser.close());

  const graced = await buildTestApp(t);
  const base = await graced.app.listen({ port: 0, host: '127.0.0.1' });
  const admin = await signUp(graced.app);

  const report = (label: string, r: { both: number; rotations: number; problems: string[] }) =>
    t.comment(
      `${label}: both tabs signed in after ${r.both} of ${ROUNDS} simultaneous reloads ` +
        `(${r.rotations} rotations of the refresh cookie)${r.problems.length ? '; ' + r.problems.join('; ') : ''}`,
    );

  const full = await reloadRounds(browser, graced.app, base, admin);
  report('tab coordination + grace window (as shipped)', full);
  t.equal(full.both, ROUNDS, 'as shipped: signed in every time');

  const serverOnly = await reloadRounds(browser, graced.app, base, admin, NO_TAB_APIS);
  report('grace window alone (no Web Locks, no BroadcastChannel)', serverOnly);
  t.equal(serverOnly.both, ROUNDS, 'the server alone: signed in every time');

  const strict = await buildTestApp(t, { env: { AUTH_REFRESH_REUSE_GRACE_SECONDS: '0' } });
  const strictBase = await strict.app.listen({ port: 0, host: '127.0.0.1' });
  const strictAdmin = await signUp(strict.app);
  const consoleOnly = await reloadRounds(browser, strict.app, strictBase, strictAdmin);
  report('tab coordination alone (AUTH_REFRESH_REUSE_GRACE_SECONDS=0)', consoleOnly);
  t.equal(consoleOnly.both, ROUNDS, 'the console alone: signed in every time');

  const neither = await reloadRounds(browser, strict.app, strictBase, strictAdmin, NO_TAB_APIS);
  report('neither (the behaviour before issue 38; a race, not asserted)', neither);
});

t.test(
  'no silent sign-out: the sign-in screen says why',
  { skip: CHROMIUM ? false : 'no chromium' },
  async (t) => {
    buildFrontEnds();
    const browser = await chromium.launch({ executablePath: CHROMIUM!, args: CHROMIUM_ARGS });
    t.teardown(() => browser.close());
    const { app } = await buildTestApp(t);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const admin = await signUp(app);
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    t.teardown(() => context.close());
    const [one, two] = [await context.newPage(), await context.newPage()];
    for (const page of [one, two]) page.setDefaultTimeout(30_000);
    const notice = (page: Page) => page.getByTestId('signin-notice');
    const signIn = async () => {
      await one.goto(`${base}/app/`);
      await one.getByLabel('E-mail').fill(admin.email);
      await one.getByLabel('Password').fill(admin.password);
      await one.getByRole('button', { name: 'Sign in', exact: true }).click();
      await one.getByRole('heading', { name: 'Documents', level: 1 }).waitFor();
      await two.goto(`${base}/app/`);
      await two.getByRole('heading', { name: 'Documents', level: 1 }).waitFor();
    };

    await signIn();
    await one.getByRole('button', { name: 'Sign out' }).click();
    await one.locator('#signin-title').waitFor();
    t.equal(await notice(one).count(), 0, 'the tab that signed out: no notice');
    t.equal(await notice(two).textContent(), 'You signed out in another tab.', 'the other tab says why');

    // The session ends on the server (as an admin disabling the user, a password change elsewhere).
    await signIn();
    await app.ctx.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', admin.user.id)
      .execute();
    app.ctx.authCache.invalidate({ kind: 'user', id: admin.user.id });
    // The documents page refreshes its list on its own: that request may be the first one refused,
    // and the sign-in screen then replaces the link before the click lands (seen in CI under load).
    // Either way a refused request must end in the notice below.
    await two
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Topics' })
      .click({ timeout: 5_000 })
      .catch(() => {});
    await notice(two).waitFor();
    const ended =
      'Your session has ended: it was signed out elsewhere, your password or access changed, or it expired. Sign in again.';
    t.equal(await notice(two).textContent(), ended, 'the tab whose request was refused says why');
    t.equal(await notice(one).textContent(), ended, 'and so does the other tab');

    // Ended while the other tab was closed: this tab, reloaded, still knows it had a session.
    await signIn();
    await app.ctx.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', admin.user.id)
      .execute();
    await two.close();
    await one.reload();
    t.equal(await notice(one).textContent(), ended, 'a reload after the session ended says why');
    await one.reload();
    t.equal(await notice(one).count(), 0, 'said once: the next reload is a plain sign-in');
  },
);
