import t from 'tap';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { buildTestApp, DATASETS, signUp } from '../helpers/app.ts';
import { buildFrontEnds, CHROMIUM, CHROMIUM_ARGS, DESKTOP, PHONE } from '../helpers/browser.ts';

/**
 * Issue 40, "keyboard-only runs of the chat, upload": sign in, upload a file, ask a question, open
 * its citation and the cited page, all with Tab, Enter, typing and Escape — no mouse — on a
 * desktop and then on a phone (the menu). Real app, ingestion worker and extractive answerer.
 */
const FILE = join(DATASETS, 'documents/md/mammoth-README.md');

/** Presses Tab until the focused element matches `selector` (a CSS selector), at most 60 times. */
async function tabTo(page: Page, selector: string, back = false) {
  for (let i = 0; i < 60; i++) {
    if (await page.evaluate<boolean>(`!!document.activeElement?.matches(${JSON.stringify(selector)})`))
      return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}
const focused = (page: Page) =>
  page.evaluate<string>(
    `document.activeElement?.getAttribute('aria-label') || document.activeElement?.textContent || ''`,
  );

t.test(
  'the upload and the chat with the keyboard only',
  { skip: CHROMIUM ? false : 'no chromium' },
  async (t) => {
    buildFrontEnds();
    const { app } = await buildTestApp(t, { worker: true });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const admin = await signUp(app);
    const browser = await chromium.launch({ executablePath: CHROMIUM!, args: CHROMIUM_ARGS });
    t.teardown(() => browser.close());
    const page = await (await browser.newContext({ viewport: DESKTOP, locale: 'en-US' })).newPage();
    page.setDefaultTimeout(60_000);

    await page.goto(`${base}/app/`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await tabTo(page, 'input[type=email]');
    await page.keyboard.type(admin.email);
    await tabTo(page, 'input[type=password]');
    await page.keyboard.type(admin.password);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Documents', level: 1 }).waitFor();
    t.pass('signed in with the keyboard');

    // Upload: the file chooser opens from the keyboard.
    await tabTo(page, 'input[type=file]');
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Space');
    await (await chooser).setFiles(FILE);
    await page.locator('tr[data-status="VECTORIZED"]').waitFor({ timeout: 240_000 });
    t.pass('uploaded and processed');

    // The chat: the navigation, the composer, Enter sends, the chip opens the passage.
    await tabTo(page, 'nav[aria-label="Main"] a[href="/app/chat"]');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Chat playground', level: 1 }).waitFor();
    await tabTo(page, '#question');
    await page.keyboard.type('What does Mammoth convert .docx documents to?');
    await page.keyboard.press('Enter');
    const chip = page.getByRole('button', { name: /Open cited passage 1/ }).first();
    await chip.waitFor({ timeout: 240_000 });
    await tabTo(page, 'button[aria-label^="Open cited passage 1"]', true);
    await page.keyboard.press('Enter');
    const passage = page.getByRole('complementary', { name: /Cited passage/ });
    await passage.waitFor();
    t.match(await focused(page), /Cited passage/, 'focus moves into the passage');
    await page.keyboard.press('Escape');
    await passage.waitFor({ state: 'detached' });
    t.match(await focused(page), /Open cited passage 1/, 'Escape gives focus back to the chip');

    // The same on a phone: the menu, then the composer.
    await page.setViewportSize(PHONE);
    await page.goto(`${base}/app/documents`);
    await page.getByRole('heading', { name: 'Documents', level: 1 }).waitFor();
    await tabTo(page, 'button.menu-toggle');
    await page.keyboard.press('Enter');
    await tabTo(page, 'nav[aria-label="Main"] a[href="/app/chat"]');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Chat playground', level: 1 }).waitFor();
    await tabTo(page, '#question');
    await page.keyboard.type('What does Mammoth convert .docx documents to?');
    await page.keyboard.press('Enter');
    await page
      .locator('.turn.assistant')
      .first()
      .getByRole('button', { name: /Open cited passage 1/ })
      .first()
      .waitFor({ timeout: 240_000 });
    t.pass('asked on a phone with the keyboard');
  },
);
