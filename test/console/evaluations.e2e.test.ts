import t from 'tap';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { buildFrontEnds } from '../helpers/browser.ts';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { multipartBody, waitForDocument } from '../helpers/multipart.ts';
import { chatDepsOf } from '../../src/context.ts';
import { startEvaluationWorker } from '../../src/evaluations/evaluation.job.ts';

/**
 * The Evaluations screen in Debian's Chromium against the real app (real HTTP, embedding model,
 * ingestion and evaluation workers): an admin uploads a 20-question set, reads the figures,
 * lowers top-K on the settings screen, reruns the set and compares both runs side by side.
 * Screenshots go to CONSOLE_SCREENSHOTS (default: a temp dir).
 */
const chromiumPath = (() => {
  try {
    return execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
})();
const SHOTS = process.env.CONSOLE_SCREENSHOTS ?? mkdtempSync(join(tmpdir(), 'console-shots-'));
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/evaluations/${name}`, import.meta.url));
/** Longest wait for a 20-question run on a loaded 2-core machine, ms (a bound, not a timing). */
const RUN_WAIT = 300_000;
/** Two documents that answer, and a FAQ whose words compete with them (no answer in it). */
const DOCUMENTS = ['northwind-handbook.md', 'northwind-office.md', 'northwind-visitors-faq.md'];

async function axeProblems(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page: page as never }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

t.test(
  'evaluations in the console: run, change top-K, rerun, compare',
  { skip: chromiumPath ? false : 'no chromium binary (command -v chromium)' },
  async (t) => {
    // Built only when stale: a forced build empties console/dist under the browser tests running beside this one.
    buildFrontEnds();
    mkdirSync(SHOTS, { recursive: true });
    const { app, ctx } = await buildTestApp(t, { worker: true });
    await startEvaluationWorker(ctx.boss, chatDepsOf(ctx), { log: app.log });
    const admin = await signUp(app);
    for (const name of DOCUMENTS) {
      const body = multipartBody({}, { filename: name, bytes: readFileSync(fixture(name)) });
      const up = await app.inject({
        method: 'POST',
        url: '/api/documents/upload',
        headers: { ...admin.headers, ...body.headers },
        payload: body.payload,
      });
      t.equal((await waitForDocument(app, admin.headers, up.json().data.id)).status, 'VECTORIZED');
    }
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const browser: Browser = await chromium.launch({
      executablePath: chromiumPath!,
      args: ['--headless', '--no-sandbox', '--disable-gpu'],
    });
    t.teardown(() => browser.close());
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale: 'en-US' });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    page.on('dialog', (d) => void d.accept());
    const nav = (name: string) =>
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();

    await page.goto(`${base}/app/`);
    await page.getByLabel('E-mail').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Documents', level: 1 }).waitFor();

    /** Starts a run of the 20-question set and waits until its row says Completed. */
    const runSet = async (name: string) => {
      await nav('Evaluations');
      await page.getByRole('heading', { name: 'Evaluations', level: 1 }).waitFor();
      await page.getByLabel('Run name').fill(name);
      await page.getByTestId('question-set').setInputFiles(fixture('questions-20.jsonl'));
      await page.getByRole('button', { name: 'Start run' }).click();
      const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
      await row.getByText('Completed', { exact: true }).waitFor({ timeout: RUN_WAIT });
      t.match(await row.textContent(), /20 \/ 20/, `${name}: 20 questions answered`);
      return row;
    };

    const before = await runSet('Before');
    t.match(await before.textContent(), /Extractive \(no model\)/, 'the run shows the answerer in words');
    t.same(await axeProblems(page), [], 'evaluations screen: axe-core finds no serious issue');

    await nav('RAG settings');
    await page.getByLabel('Passages per answer (top K)').fill('1');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved').waitFor();

    await runSet('After');
    await page.getByRole('checkbox', { name: 'Compare Before' }).check();
    await page.getByRole('checkbox', { name: 'Compare After' }).check();
    await page.getByRole('heading', { name: 'Comparison: Before → After' }).waitFor();
    const header = await page.locator('section[aria-labelledby="compare-title"] thead').first().textContent();
    t.match(header, /Before \(top-K 6\).*After \(top-K 1\)/, 'both runs side by side with their top-K');
    const questions = page.getByTestId('compare-questions').locator('tbody tr');
    t.equal(await questions.count(), 20, 'every question, line by line');
    const changed = await page.locator('tr.changed').count();
    t.equal(
      (await page.getByText(/Only questions whose outcome changed/).textContent())?.trim(),
      `Only questions whose outcome changed (${changed})`,
      'the count of changed questions matches the highlighted rows',
    );
    t.same(await axeProblems(page), [], 'comparison: axe-core finds no serious issue');
    await page.screenshot({ path: join(SHOTS, '20-evaluations-compare.png'), fullPage: true });
    copyFileSync(join(SHOTS, '20-evaluations-compare.png'), join(tmpdir(), 'eval-screen.png'));
    if (changed > 0) {
      await page.getByLabel(/Only questions whose outcome changed/).check();
      t.equal(await questions.count(), changed, 'the filter keeps only the changed questions');
    }
    t.comment(`screenshots in ${SHOTS}`);
  },
);
