import t from 'tap';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { buildTestApp, DATASETS, signUp } from '../helpers/app.ts';
import { addUser } from '../helpers/users.ts';
import { seedTurn } from '../helpers/conversations.ts';
import { multipartBody, waitForDocument } from '../helpers/multipart.ts';
import { createApiKey } from '../../src/api-keys/api-keys.repository.ts';
import { buildFrontEnds, CHROMIUM, CHROMIUM_ARGS, DESKTOP, PHONE, screen } from '../helpers/browser.ts';

/**
 * Issue 40 in Chromium: an admin opens Insights, sees the charts, follows an unanswered question
 * to its conversation and to "Upload a document for this", downloads the CSV; at 390 × 844 the
 * documents, users and API keys lists are cards with status and actions and nothing overflows;
 * "Open page N" opens the page in a sheet with the cited text marked, and the chat stays usable.
 * Questions are seeded in the tables (no model); the PDF is ingested for real (its chunks).
 */
const PDF = 'nics-background-checks-2015-11.pdf';

t.test(
  'insights, cards on a phone, the page sheet',
  { skip: CHROMIUM ? false : 'no chromium' },
  async (t) => {
    buildFrontEnds();
    const { app } = await buildTestApp(t, { worker: true });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const admin = await signUp(app);
    const companyId = admin.user.companyId;
    await addUser(app, admin, 'COMPANY_READER');
    const key = await createApiKey(app.ctx.db, {
      companyId,
      name: 'Help desk site',
      environment: 'live',
      authorizedDomains: [],
      requireHttps: false,
      allDocuments: true,
    });
    const md = multipartBody(
      {},
      { filename: PDF, bytes: readFileSync(join(DATASETS, 'documents/pdf', PDF)) },
    );
    const up = await app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      headers: { ...admin.headers, ...md.headers },
      payload: md.payload,
    });
    const docId = up.json().data.id as string;
    t.equal((await waitForDocument(app, admin.headers, docId)).status, 'VECTORIZED');
    const chunks = await app.inject({
      url: `/api/documents/${docId}/chunks?limit=5`,
      headers: admin.headers,
    });
    const chunk = chunks.json().data.items.find((c: { pageStart: number | null }) => c.pageStart === 1);
    // The answer quotes the chunk's first sentence: the passage marks it, the sheet marks it on the page.
    const sentence = (chunk.text as string).split(/(?<=\.)\s/)[0]!.slice(0, 200);
    const userId = admin.user.id;
    await seedTurn(app, {
      companyId,
      userId,
      id: 'conv_pdf',
      question: 'What do the NICS statistics represent?',
      answer: `${sentence} [1]`,
      cite: { documentId: docId, chunkId: chunk.id, name: PDF },
    });
    await seedTurn(app, {
      companyId,
      userId,
      id: 'conv_refused',
      question: 'What is the parking policy?',
      refused: true,
    });
    await seedTurn(app, {
      companyId,
      apiKeyId: key.id,
      id: 'conv_widget_down',
      question: 'Do you ship abroad?',
      feedback: 'down',
    });

    // A failed evaluation run: a row of the evaluations list (that page was 110 px too wide).
    await app.ctx.db
      .insertInto('evaluations')
      .values({
        id: 'eval_e2e',
        company_id: companyId,
        user_id: userId,
        name: 'Before the new handbook',
        status: 'FAILED',
        questions: '[]',
        question_count: 20,
        settings: null,
        totals: null,
        error: 'The worker stopped.',
      })
      .execute();

    const browser = await chromium.launch({ executablePath: CHROMIUM!, args: CHROMIUM_ARGS });
    t.teardown(() => browser.close());
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US', acceptDownloads: true });
    const page: Page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(`${base}/app/`);
    await page.getByLabel('E-mail').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Documents', level: 1 }).waitFor();

    // Insights: three charts, the questions to act on.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Insights' }).click();
    const charts = page.locator('figure.chart svg[role="img"]');
    await charts.nth(2).waitFor();
    t.match(await charts.nth(0).getAttribute('aria-label'), /^Questions by channel: 3 over 30 days/);
    t.equal(
      await page.locator('figure.chart > svg rect.s-widget').count(),
      1,
      'the widget question is drawn',
    );
    t.match(await page.getByTestId('insights-totals').textContent(), /Console 2 · Widget 1/);
    const unanswered = page.getByRole('region', { name: /Unanswered questions/ });
    t.match(await unanswered.textContent(), /parking policy/);
    const down = page.getByRole('region', { name: /Rated thumbs down/ });
    t.match(await down.textContent(), /Do you ship abroad\?.*Widget/s);
    await screen(t, page, 'insights-questions');
    await page.setViewportSize(PHONE);
    await screen(t, page, 'insights-questions');
    await page.setViewportSize(DESKTOP);

    // The CSV, fetched with the bearer token and saved.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download days (CSV)' }).click();
    const file = await download;
    t.match(file.suggestedFilename(), /^insights-days-30d-\d{4}-\d\d-\d\d\.csv$/);
    const csv = readFileSync((await file.path())!, 'utf8');
    t.match(csv, /^\uFEFF"date","questions","refused","thumbs_up","thumbs_down","console","widget"\r\n/);
    t.match(csv, /,"3","1","0","1","2","1"\r\n$/, "today's row");

    // An unanswered question: its conversation, then "Upload a document for this".
    await unanswered.getByRole('link', { name: /^Open the conversation/ }).click();
    await page.getByRole('heading', { name: /^Conversation: What is the parking policy/ }).waitFor();
    t.match(await page.locator('.transcript').textContent(), /Refused: no source answered this/);
    await screen(t, page, 'insights-conversation');
    await page.getByRole('link', { name: 'Upload a document for this' }).click();
    await page.getByRole('heading', { name: 'Documents', level: 1 }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: 'Upload a document that answers: “What is the parking policy?”' })
      .waitFor();
    t.equal(await page.evaluate('document.activeElement?.type'), 'file', 'the file chooser has the focus');

    // Phones: lists are cards with status and actions, nothing scrolls sideways.
    await page.setViewportSize(PHONE);
    const cards: [string, string, string][] = [
      ['documents', 'Documents', 'Ready'],
      ['users', 'Users', 'Active'],
      ['api-keys', 'API keys', 'Live'],
      ['evaluations', 'Evaluations', 'Failed'],
    ];
    for (const [path, title, status] of cards) {
      await page.goto(`${base}/app/${path}`);
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
      // The last row: the first user is the admin, who has no actions on themself.
      const row = page.locator('table.cards tbody tr').last();
      await row.waitFor();
      // A function run in the page; this program is type-checked without the DOM lib.
      const display = await row.evaluate(
        (el) =>
          (globalThis as unknown as { getComputedStyle(e: unknown): { display: string } }).getComputedStyle(
            el,
          ).display,
      );
      t.equal(display, 'block', `${path}: a row is a card`);
      const label = path === 'api-keys' ? 'Environment' : 'Status';
      const cell = row.locator(`td[data-label="${label}"]`);
      t.ok(await cell.isVisible(), `${path}: ${label} is shown`);
      t.equal((await cell.innerText()).trim().split('\n')[0], status, `${path}: in words`);
      const actions = row.locator('td.actions button');
      t.ok((await actions.count()) > 0, `${path}: actions in the card`);
      for (const b of await actions.all()) {
        const box = (await b.boundingBox())!;
        t.ok(box.x >= 0 && box.x + box.width <= PHONE.width, `${path}: "${await b.textContent()}" on screen`);
      }
      t.ok(
        (await page.evaluate<number>('document.documentElement.scrollWidth')) <= PHONE.width,
        `${path}: no sideways overflow`,
      );
      await screen(t, page, `cards-${path}`);
    }

    // The page viewer: a sheet; the chat input stays usable, at both sizes.
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await page.goto(`${base}/app/chat`);
      await page
        .getByRole('button', { name: /What do the NICS statistics represent/ })
        .first()
        .click();
      await page
        .getByRole('button', { name: /Open cited passage 1/ })
        .first()
        .click();
      const passage = page.getByRole('complementary', { name: /Cited passage/ });
      await passage.locator('mark').first().waitFor();
      await passage.getByRole('button', { name: 'Open page 1' }).click();
      const sheet = page.getByRole('dialog', { name: `Page 1 of ${PDF}` });
      await sheet.locator('figure.pdf-viewer[data-page="1"]').waitFor();
      t.ok(
        Number(await sheet.locator('figure.pdf-viewer').getAttribute('data-marks')) > 0,
        'the cited text is marked on the page',
      );
      const composer = page.getByLabel('Ask a question about your documents');
      const box = (await composer.boundingBox())!;
      t.ok(
        box.width >= (size === DESKTOP ? 400 : 280),
        `${size.width}: the chat input keeps ${Math.round(box.width)} px`,
      );
      t.ok(box.y + box.height <= size.height, `${size.width}: the chat input is on screen`);
      const onTop = await page.evaluate<boolean>(
        `document.elementFromPoint(${box.x + box.width / 2}, ${box.y + box.height / 2}) === document.getElementById('question')`,
      );
      t.ok(onTop, `${size.width}: nothing covers the chat input`);
      await composer.click();
      await page.keyboard.type('Follow-up typed while the page is open');
      t.equal(await composer.inputValue(), 'Follow-up typed while the page is open');
      await screen(t, page, 'chat-page-sheet');
      await sheet.focus();
      await page.keyboard.press('Escape');
      await sheet.waitFor({ state: 'detached' });
      t.ok(await passage.isVisible(), 'Escape closes the sheet, not the passage');
      t.equal(
        await page.evaluate('document.activeElement?.textContent'),
        'Open page 1',
        'focus back on "Open page 1"',
      );
    }
  },
);
