import t from 'tap';
import type { ServerResponse } from 'node:http';
import { chromium } from 'playwright-core';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { buildFrontEnds, CHROMIUM, CHROMIUM_ARGS, DESKTOP, PHONE, screen } from '../helpers/browser.ts';
import { fakeOpenAiServer, streamChunks } from '../helpers/openai-server.ts';

/**
 * Issue 40, the answerer from the console: an admin switches the company to an OpenAI-compatible
 * server (a local one speaking that protocol, listed by the operator in ANSWERER_ENDPOINTS), picks
 * the model from the server's list, tests it, saves, and goes back to the installation's answerer.
 */
t.test(
  'console: the company’s answerer switched and back, with Test',
  { skip: CHROMIUM ? false : 'no chromium' },
  async (t) => {
    buildFrontEnds();
    const llm = await fakeOpenAiServer(t, (req, body, res: ServerResponse) => {
      if (req.url?.endsWith('/models')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(
          JSON.stringify({
            object: 'list',
            data: [{ id: 'qwen-7b', object: 'model', created: 1, owned_by: 'x' }],
          }),
        );
      }
      streamChunks(res, ['The ferry desk opens at seven [1].']);
    });
    const { app } = await buildTestApp(t, { env: { ANSWERER_ENDPOINTS: `openai=${llm.baseUrl}` } });
    const admin = await signUp(app);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const browser = await chromium.launch({ executablePath: CHROMIUM!, args: CHROMIUM_ARGS });
    t.teardown(() => browser.close());
    const page = await (await browser.newContext({ viewport: DESKTOP, locale: 'en-US' })).newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(`${base}/app/settings`);
    await page.getByLabel('E-mail').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const card = page.getByRole('form', { name: 'Answerer' });
    await card.waitFor();
    const banner = page.getByTestId('mode-banner');
    t.match(await banner.innerText(), /extractive/, 'the installation’s extractive answerer to begin with');

    await card.getByLabel('Who answers the questions').selectOption('openai');
    await card
      .getByRole('combobox', { name: /^Model(?! server)/ })
      .locator('option', { hasText: 'qwen-7b' })
      .waitFor({ state: 'attached' });
    await card.getByRole('combobox', { name: /^Model(?! server)/ }).selectOption('qwen-7b');
    await card.getByLabel('API key').fill('sk-local');
    await card.getByRole('button', { name: 'Test' }).click();
    await card.getByTestId('answerer-test').filter({ hasText: 'opens at seven' }).waitFor();
    t.pass('Test answers the question with what is on screen');
    t.equal(llm.requests.at(-1)?.authorization, 'Bearer sk-local');
    await card.getByRole('button', { name: 'Save answerer' }).click();
    await banner.filter({ hasText: 'openai (qwen-7b)' }).waitFor();
    t.pass('saved: the banner names the company’s model');
    await screen(t, page, 'settings-answerer');
    await page.reload();
    await card.waitFor();
    t.equal(await card.getByLabel('Who answers the questions').inputValue(), 'openai', 'kept after a reload');
    t.match(await card.innerText(), /A secret is stored/, 'the key is write-only');

    await card.getByLabel('Who answers the questions').selectOption('installation');
    await card.getByRole('button', { name: 'Save answerer' }).click();
    await banner.filter({ hasText: 'extractive' }).waitFor();
    t.pass('back to the installation’s answerer');
    await page.setViewportSize(PHONE);
    await screen(t, page, 'settings-answerer');
  },
);
