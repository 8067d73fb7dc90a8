import t from 'tap';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { buildFrontEnds } from '../helpers/browser.ts';
import { buildTestApp, DATASETS, signUp } from '../helpers/app.ts';

/**
 * The admin console end to end in Debian's Chromium against the real app (real HTTP, embedding
 * model, ingestion worker): sign in, upload two documents and watch them reach VECTORIZED, ask a
 * question and open a citation, rate the answer, generate a key with a domain, create a READER
 * and check what they cannot see. axe-core runs on every screen; screenshots go to
 * CONSOLE_SCREENSHOTS (default: a temp dir).
 */
const chromiumPath = (() => {
  try {
    return execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
})();

const SHOTS = process.env.CONSOLE_SCREENSHOTS ?? mkdtempSync(join(tmpdir(), 'console-shots-'));
const WAIT = 240_000;

/** Serious or critical axe-core findings on the page as it is now. */
async function axeProblems(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page: page as never }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

t.test(
  'the admin console in Chromium',
  { skip: chromiumPath ? false : 'no chromium binary (command -v chromium)' },
  async (t) => {
    // Built only when stale: a forced build empties console/dist under the browser tests running beside this one.
    buildFrontEnds();
    mkdirSync(SHOTS, { recursive: true });
    const { app } = await buildTestApp(t, { worker: true });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const admin = await signUp(app);

    const browser: Browser = await chromium.launch({
      executablePath: chromiumPath!,
      args: ['--headless', '--no-sandbox', '--disable-gpu'],
    });
    t.teardown(() => browser.close());
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'en-US' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    page.on('dialog', (d) => void d.accept());
    const shot = async (name: string) => {
      await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
      t.same(await axeProblems(page), [], `${name}: axe-core finds no serious issue`);
    };
    const nav = (name: string) =>
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();

    // Sign in.
    await page.goto(`${base}/app/`);
    await shot('01-sign-in');
    await page.getByLabel('E-mail').fill(admin.email);
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid e-mail or password' }).waitFor();
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Documents', level: 1 }).waitFor();
    t.pass('signed in');

    // Upload two documents at once and watch them reach VECTORIZED.
    await page
      .getByTestId('file-input')
      .setInputFiles([
        join(DATASETS, 'documents/md/mammoth-README.md'),
        join(DATASETS, 'documents/pdf/nics-background-checks-2015-11.pdf'),
      ]);
    await page.locator('.uploads li[data-state="uploaded"]').nth(1).waitFor();
    await page.locator('tr[data-status="VECTORIZED"]').nth(1).waitFor({ timeout: WAIT });
    t.equal(await page.locator('tr[data-status="VECTORIZED"]').count(), 2, 'both documents VECTORIZED');
    await shot('02-documents');

    // The PDF's chunks with their page numbers.
    await page.getByRole('link', { name: 'nics-background-checks-2015-11.pdf' }).click();
    await page.getByRole('heading', { name: /Chunks \(\d+\)/ }).waitFor();
    t.match(await page.locator('.chunks .where').first().textContent(), /Page 1/, 'chunks show their page');
    await shot('03-document-detail');
    const pdfSize = statSync(join(DATASETS, 'documents/pdf/nics-background-checks-2015-11.pdf')).size;
    /**
     * Clicks `button`, then returns the page pdf.js drew (the viewer's `data-page`) and the size
     * of the original the console fetched for it.
     */
    const openViewer = async (button: ReturnType<Page['getByRole']>) => {
      const file = page.waitForResponse((r) => /\/api\/documents\/[^/]+\/file$/.test(r.url()));
      await button.click();
      const res = await file;
      t.equal(res.status(), 200, 'the original is fetched with the bearer token');
      await page.locator('figure.pdf-viewer[data-page] canvas').waitFor();
      const shown = (await page.locator('figure.pdf-viewer').getAttribute('data-page')) ?? '';
      t.equal(res.headers()['content-type'], 'application/pdf');
      return { shown, bytes: Number(res.headers()['content-length']) };
    };
    const fromDetail = await openViewer(page.getByRole('button', { name: 'Open page 1' }));
    t.equal(fromDetail.shown, '1', 'page 1 drawn by pdf.js (never the browser’s PDF viewer)');
    t.equal(fromDetail.bytes, pdfSize, 'holding the uploaded PDF, fetched with the bearer token');
    await page.screenshot({ path: join(SHOTS, '03b-document-pdf.png'), fullPage: true });
    await page.getByRole('button', { name: 'Close the viewer' }).click();

    // Ask, watch the stream, open a citation, rate the answer.
    await nav('Chat playground');
    await page
      .getByLabel('Ask a question about your documents')
      .fill('What does Mammoth convert .docx documents to?');
    await page.getByRole('button', { name: 'Send' }).click();
    const chip = page.getByRole('button', { name: /Open cited passage 1/ }).first();
    await chip.waitFor({ timeout: WAIT });
    await chip.click();
    const passage = page.getByRole('complementary', { name: /Cited passage/ });
    await passage.waitFor();
    t.match(await passage.locator('blockquote').textContent(), /docx/i, 'the cited passage opens');
    await page.getByRole('button', { name: 'Good answer' }).click();
    await page.locator('button[aria-pressed="true"]').waitFor();
    await shot('04-chat');

    // A question the PDF answers: its citation opens the cited page in the viewer. (The total of
    // November's checks is a figure of the PDF's table that the answerer does not find: the rules
    // quoted the disclaimer paragraph for it, the reader's gate refuses it; docs/chat.md.)
    await page
      .getByLabel('Ask a question about your documents')
      .fill('What do the NICS firearm background check statistics represent?');
    await page.getByRole('button', { name: 'Send' }).click();
    await page
      .locator('.turn.assistant')
      .nth(1)
      .getByRole('button', { name: /Open cited passage/ })
      .first()
      .waitFor({ timeout: WAIT });
    const chips = page
      .locator('.turn.assistant')
      .nth(1)
      .getByRole('button', { name: /Open cited passage/ });
    let pdfPage: string | null = null;
    let fromChat = { shown: '', bytes: 0 };
    // Each passage is closed before the next chip, so no check ever reads a stale panel.
    const closePassage = () => passage.getByRole('button', { name: 'Close', exact: true }).click();
    await closePassage();
    for (let i = 0; i < (await chips.count()) && !pdfPage; i++) {
      await chips.nth(i).click();
      await passage.locator('blockquote').waitFor();
      const open = passage.getByRole('button', { name: /^Open page \d+$/ });
      if (await open.count()) {
        pdfPage = (await open.textContent())!.replace('Open page ', '');
        fromChat = await openViewer(open);
      } else await closePassage();
    }
    t.ok(pdfPage, 'an answer about the PDF cites it, with an "Open page N" button');
    t.equal(fromChat.shown, pdfPage, 'at the cited page');
    t.equal(fromChat.bytes, pdfSize);
    t.equal(await passage.getByRole('button', { name: 'Download original' }).count(), 1, 'and a download');
    await page.screenshot({ path: join(SHOTS, '04b-chat-pdf-viewer.png'), fullPage: true });
    await passage.getByRole('button', { name: 'Close the viewer' }).click();
    t.same(await axeProblems(page), [], 'chat with the passage panel: axe-core finds no serious issue');
    const convs = await app.inject({ url: '/api/conversations', headers: admin.headers });
    const conv = convs.json().data.items[0];
    const detail = await app.inject({ url: `/api/conversations/${conv.id}`, headers: admin.headers });
    t.equal(detail.json().data.messages[1].feedback, 'up', 'the thumbs up is stored on the answer');

    // Generate a key with an authorized domain (an invalid one is refused first).
    await nav('API keys');
    await page.getByLabel('Name').fill('Website');
    await page.getByLabel('Authorized domains').fill('example.com\nnot a domain!');
    t.match(
      await page.locator('#new-domains-error').textContent(),
      /Not a valid domain/,
      'domain validation',
    );
    await page.getByLabel('Authorized domains').fill('example.com');
    // A key without a scope is refused before it is sent (the API refuses it too).
    await page.getByRole('button', { name: 'Generate new key' }).click();
    await page.getByRole('alert').filter({ hasText: 'Choose what the key answers from' }).waitFor();
    await page.locator('#new-scope').getByLabel('All documents').check();
    await page.getByRole('button', { name: 'Generate new key' }).click();
    const key = await page.getByTestId('new-key').textContent();
    t.match(key, /^svc_live_/, 'the key is shown once');
    t.match(
      await page.locator('.secret pre').textContent(),
      /data-api-key="svc_live_/,
      'with the embed snippet',
    );
    const keys = await app.inject({ url: '/api/api-keys', headers: admin.headers });
    const stored = keys.json().data.items[0];
    t.same(stored.authorizedDomains, ['example.com'], 'stored with its domain');
    t.match(
      await page.locator(`tr[data-key-id="${stored.id}"]`).textContent(),
      `${stored.keyPrefix}…${stored.keyLast4}`,
      'listed as prefix…last4',
    );
    await shot('05-api-keys');

    // Edit its domains: an invalid entry is flagged, then one more domain and HTTPS only.
    await page.getByRole('button', { name: 'Edit Website' }).click();
    const editor = page.getByRole('form', { name: 'Edit key' });
    const domainsBox = editor.getByLabel('Authorized domains');
    await domainsBox.fill('example.com\nhttps://shop.example.org/path');
    t.match(await editor.locator('.field-error').textContent(), /Not a valid domain/, 'a path is refused');
    await domainsBox.fill('example.com\nhttps://shop.example.org');
    await editor.getByLabel('HTTPS only').check();
    await shot('05b-api-key-editor');
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await editor.waitFor({ state: 'detached' });
    const edited = (await app.inject({ url: '/api/api-keys', headers: admin.headers })).json().data.items[0];
    t.same(edited.authorizedDomains, ['example.com', 'https://shop.example.org'], 'the domains are saved');
    t.equal(edited.requireHttps, true, 'and HTTPS only');
    await page.locator(`tr[data-key-id="${stored.id}"]`).getByText('HTTPS only').waitFor();
    t.match(
      await page.locator(`tr[data-key-id="${stored.id}"]`).textContent(),
      'example.com, https://shop.example.org',
      'the list shows the new domains',
    );

    // Create a READER.
    await nav('Users');
    const readerEmail = 'reader@example.com';
    await page.getByLabel('E-mail').fill(readerEmail);
    await page.getByLabel('Name').fill('Rita Reader');
    await page.locator('form[aria-labelledby="add-user"] select').selectOption('COMPANY_READER');
    await page.getByLabel('Set a password now').check();
    await page.getByLabel('Password (≥ 8)').fill('reader password 1');
    await page.getByRole('button', { name: 'Create user' }).click();
    await page.getByRole('cell', { name: readerEmail }).waitFor();
    await shot('06-users');

    // Who may read what: a group, a topic restricted to it, and a key scoped to that topic.
    await nav('Groups');
    await page.getByLabel('Name').fill('HR team');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('cell', { name: 'HR team' }).waitFor();
    await page.getByRole('button', { name: 'Members…' }).click();
    await page.getByLabel(/Rita Reader/).check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('cell', { name: 'Rita Reader' }).waitFor();
    await shot('06b-groups');
    const group = (await app.inject({ url: '/api/groups', headers: admin.headers })).json().data.items[0];
    t.same(
      group.members.map((m: { name: string }) => m.name),
      ['Rita Reader'],
      'the group holds its member',
    );
    await nav('Topics');
    await page.getByLabel('Name').fill('HR');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('cell', { name: 'HR', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Access' }).click();
    const accessForm = page.getByRole('form', { name: 'Who may read this topic' });
    await accessForm.getByRole('combobox', { name: 'All members' }).selectOption('none');
    await accessForm.getByRole('combobox', { name: 'HR team' }).selectOption('read');
    await shot('07b-topic-access');
    await accessForm.getByRole('button', { name: 'Save', exact: true }).click();
    await accessForm.waitFor({ state: 'detached' });
    const hr = (await app.inject({ url: '/api/topics', headers: admin.headers })).json().data.items[0];
    const access = await app.inject({ url: `/api/topics/${hr.id}/access`, headers: admin.headers });
    t.match(
      access.json().data,
      { allMembers: 'none', groups: [{ groupId: group.id, access: 'read' }] },
      'the topic is restricted to the group',
    );
    await nav('API keys');
    const keyRow = page.locator(`tr[data-key-id="${stored.id}"]`);
    t.match(await keyRow.textContent(), /All documents/, 'the key reads what it was created with');
    await keyRow.getByRole('button', { name: 'Scope…' }).click();
    await keyRow.getByLabel('All documents').uncheck();
    await keyRow.getByLabel('HR').check();
    await keyRow.getByLabel('Visitors may open the original files').check();
    await keyRow.getByRole('button', { name: 'Save', exact: true }).click();
    await keyRow.getByRole('button', { name: 'Scope…' }).waitFor();
    const scoped = (await app.inject({ url: '/api/api-keys', headers: admin.headers })).json().data.items[0];
    t.same(scoped.topicIds, [hr.id], 'the key answers from HR only');
    t.equal(scoped.allowOriginals, true, 'its visitors may open the originals (issue 40)');
    await keyRow.getByText('Originals', { exact: true }).waitFor();
    await keyRow.getByRole('button', { name: 'Visitor secret' }).click();
    t.match(await keyRow.locator('.secret code').textContent(), /^vis_/, 'the visitor secret is shown once');
    await shot('05c-api-key-scope');

    for (const [label, name] of [
      ['Topics', '07-topics'],
      ['RAG settings', '08-settings'],
      ['Webhooks', '09-webhooks'],
      ['Insights', '10-insights'],
    ] as const) {
      await nav(label);
      await page.getByRole('heading', { name: label, level: 1 }).waitFor();
      if (label === 'Insights') await page.getByRole('heading', { name: 'Most-cited documents' }).waitFor();
      else await page.waitForLoadState('networkidle');
      await shot(name);
    }
    t.match(await page.locator('.totals').textContent(), /Questions: 2/, 'insights count both questions');

    // A reload keeps the session through the httpOnly refresh cookie; nothing is in web storage.
    await page.reload();
    await page.getByRole('heading', { name: 'Insights', level: 1 }).waitFor();
    t.same(
      await page.evaluate('[localStorage.length, document.cookie]'),
      [0, ''],
      'no token in localStorage, the cookie is httpOnly',
    );

    // French.
    await page.getByLabel('Language').selectOption('fr');
    await page.getByRole('link', { name: 'Thèmes' }).waitFor();
    await shot('11-french');

    // The READER: no admin screens, no upload, and a clear message at an admin URL.
    const readerContext = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: 'en-US',
    });
    const rp = await readerContext.newPage();
    await rp.goto(`${base}/app/`);
    await rp.getByLabel('E-mail').fill(readerEmail);
    await rp.getByLabel('Password').fill('reader password 1');
    await rp.getByRole('button', { name: 'Sign in', exact: true }).click();
    await rp.getByRole('heading', { name: 'Documents', level: 1 }).waitFor();
    const links = await rp.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents();
    t.same(links, ['Documents', 'Topics', 'Chat playground', 'My account'], 'a READER sees no admin screens');
    t.equal(await rp.getByTestId('file-input').count(), 0, 'and cannot upload');
    t.equal(await rp.getByRole('button', { name: /^Delete/ }).count(), 0, 'or delete');
    const readerShot = async (name: string) => {
      await rp.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
      t.same(await axeProblems(rp), [], `${name}: axe-core finds no serious issue`);
    };
    await readerShot('12-reader-documents');
    for (const [label, name] of [
      ['Topics', '12b-reader-topics'],
      ['Chat playground', '12c-reader-chat'],
    ] as const) {
      await rp.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label }).click();
      await rp.getByRole('heading', { name: label, level: 1 }).waitFor();
      await rp.waitForLoadState('networkidle');
      await readerShot(name);
    }
    await rp.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Documents' }).click();
    await rp.getByRole('link', { name: 'nics-background-checks-2015-11.pdf' }).click();
    await rp.getByRole('heading', { name: /Chunks \(\d+\)/ }).waitFor();
    await rp.getByRole('button', { name: 'Open page 1' }).click();
    await rp.locator('figure.pdf-viewer[data-page="1"] canvas').waitFor();
    t.pass('a READER opens the PDF');
    await rp.getByRole('button', { name: 'Close the viewer' }).click();
    await readerShot('12d-reader-document');
    await rp.goto(`${base}/app/users`);
    await rp.getByRole('alert').filter({ hasText: 'Your role does not allow this' }).waitFor();
    await readerShot('13-reader-forbidden');
    t.pass('an admin URL shows a clear message to a READER');
    await readerContext.close();
    t.comment(`screenshots in ${SHOTS}`);
  },
);
