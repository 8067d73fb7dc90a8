import t from 'tap';
import { chromium, type Page } from 'playwright-core';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { seedTurn } from '../helpers/conversations.ts';
import { RAG_DEFAULTS } from '../../console/src/settings/defaults.ts';
import { DEFAULT_GATE_THRESHOLD } from '../../src/chat/reader/answerability.ts';
import { SOURCES_PER_ANSWER } from '../../src/chat/chat.service.ts';
import { buildFrontEnds, CHROMIUM, CHROMIUM_ARGS, DESKTOP, PHONE, screen } from '../helpers/browser.ts';

/**
 * Issue 24: every screen at 1280 × 800 and 390 × 844 (screenshots, axe-core, no sideways scroll
 * on the phone), the navigation as a menu on the phone, the settings' defaults, reset and answer
 * mode banner, the API's reason shown for a refused webhook URL, the embed builder's live preview
 * and snippet, and the new texts in French.
 */
const SCREENS = [
  ['documents', 'Documents'],
  ['topics', 'Topics'],
  ['chat', 'Chat playground'],
  ['api-keys', 'API keys'],
  ['users', 'Users'],
  ['groups', 'Groups'],
  ['settings', 'RAG settings'],
  ['webhooks', 'Webhooks'],
  ['connectors', 'Connectors'],
  ['insights', 'Insights'],
  // Issue 40: a conversation opened from the insights, and the upload it leads to.
  ['insights/conv_screens', 'Insights'],
  ['documents?for=What%20is%20the%20parking%20policy%3F', 'Documents'],
  ['evaluations', 'Evaluations'],
  ['audit', 'Audit log'],
] as const;

t.test('the settings screen’s defaults are the server’s', async (t) => {
  t.equal(RAG_DEFAULTS.answerThreshold, DEFAULT_GATE_THRESHOLD, 'answer threshold');
  t.equal(RAG_DEFAULTS.topK, SOURCES_PER_ANSWER, 'passages per answer');
});

t.test('every screen, on a desktop and on a phone', { skip: CHROMIUM ? false : 'no chromium' }, async (t) => {
  buildFrontEnds();
  const { app } = await buildTestApp(t);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const admin = await signUp(app);
  await app.inject({
    method: 'POST',
    url: '/api/topics',
    headers: admin.headers,
    payload: { name: 'Support' },
  });
  // Something for the insights to show: a refused question (issue 40).
  await seedTurn(app, {
    companyId: admin.user.companyId,
    userId: admin.user.id,
    id: 'conv_screens',
    question: 'What is the parking policy?',
    refused: true,
    feedback: 'down',
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM!, args: CHROMIUM_ARGS });
  t.teardown(() => browser.close());
  const page: Page = await (await browser.newContext({ viewport: PHONE, locale: 'en-US' })).newPage();
  page.setDefaultTimeout(30_000);

  await page.goto(`${base}/app/`);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await screen(t, page, 'sign-in');
  await page.setViewportSize(DESKTOP);
  await screen(t, page, 'sign-in');
  await page.getByLabel('E-mail').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: 'Documents', level: 1 }).waitFor();

  for (const [path, title] of SCREENS) {
    await page.goto(`${base}/app/${path}`);
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.setViewportSize(DESKTOP);
    const name = `screen-${path.replace(/[/?].*$/, (rest) => (rest.startsWith('/') ? '-conversation' : '-upload-for'))}`;
    await screen(t, page, name);
    await page.setViewportSize(PHONE);
    await screen(t, page, name);
  }

  // The phone's navigation is a menu.
  const nav = page.getByRole('navigation', { name: 'Main' });
  t.notOk(await nav.isVisible(), 'the navigation is folded on a phone');
  await page.getByRole('button', { name: 'Menu' }).click();
  await nav.getByRole('link', { name: 'Topics' }).click();
  await page.getByRole('heading', { name: 'Topics', level: 1 }).waitFor();
  t.notOk(await nav.isVisible(), 'and folds again after a choice');
  await page.getByRole('button', { name: 'Menu' }).click();
  await screen(t, page, 'menu');
  await page.setViewportSize(DESKTOP);

  // Settings: the mode banner, defaults, a cleared field saves the default, reset.
  await page.goto(`${base}/app/settings`);
  const banner = page.getByTestId('mode-banner');
  await banner.waitFor();
  t.match(
    await banner.textContent(),
    /Answer mode: extractive.*ignores: System prompt, Temperature/,
    'banner names the mode',
  );
  const topK = page.getByRole('spinbutton', { name: /Passages per answer/ });
  t.equal(await topK.getAttribute('placeholder'), 'Default: 6', 'the default is shown');
  await topK.fill('3');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
  const stored = async () =>
    (
      await app.inject({
        method: 'GET',
        url: `/api/companies/${admin.user.companyId}`,
        headers: admin.headers,
      })
    ).json().data.settings;
  t.equal((await stored()).topK, 3);
  await page.getByRole('button', { name: 'Reset to defaults' }).click();
  t.equal(await topK.inputValue(), '', 'reset empties the field to its default');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
  t.match(
    await stored(),
    { topK: SOURCES_PER_ANSWER, temperature: 0.1, answerThreshold: DEFAULT_GATE_THRESHOLD },
    'defaults saved',
  );

  // The API's reason for a refused webhook URL.
  await page.goto(`${base}/app/webhooks`);
  await page.getByRole('form', { name: 'Add webhook' }).getByLabel('URL').fill('http://127.0.0.1:9/hook');
  await page.getByRole('form', { name: 'Add webhook' }).getByRole('checkbox').first().check();
  await page.getByRole('button', { name: 'Add webhook' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'The webhook URL is not allowed' });
  await alert.waitFor();
  t.match(await alert.textContent(), /not allowed: url: .+/, 'the reason is shown');
  await screen(t, page, 'webhooks-error');

  // The embed builder's live preview, for a key scoped to one topic: it offers that topic only.
  await page.goto(`${base}/app/api-keys`);
  const keyForm = page.getByRole('form', { name: 'Generate new key' });
  await keyForm.getByLabel('Name').fill('Help desk site');
  const firstTopic = keyForm.locator('#new-scope label').nth(1);
  const topicName = ((await firstTopic.textContent()) ?? '').trim();
  await firstTopic.locator('input').check();
  await keyForm.getByRole('button', { name: 'Generate new key' }).click();
  await page.getByTestId('new-key').waitFor();
  const builder = page.getByRole('region', { name: 'Widget embed builder' });
  t.same(
    (await builder.getByLabel('Topic').locator('option').allTextContents()).map((o) =>
      o.replace(/ \(.*\)$/, ''),
    ),
    ['All of the key’s topics', topicName],
    'the builder offers the key’s topic only',
  );
  await builder.getByLabel('Title').fill('Help desk');
  await builder.getByLabel('Corner').selectOption('bottom-left');
  await builder.getByLabel('Language').selectOption('fr');
  await builder.getByLabel('Topic').selectOption({ index: 1 });
  const preview = page.getByTestId('widget-preview');
  t.match(await preview.textContent(), /Help desk.*Bonjour/, 'the preview follows title and language');
  t.match(await preview.getAttribute('class'), /bottom-left/, 'and the corner');
  const snippet = (await page.getByTestId('embed-snippet').textContent()) ?? '';
  t.match(snippet, /data-title="Help desk"/);
  t.match(snippet, /data-topic-id="top_/, 'the topic id is filled in');
  t.match(snippet, /data-lang="fr"[\s\S]*data-position="bottom-left"/);
  t.match(
    snippet,
    /src="[^"]+\/widget\/widget\.[0-9a-f]{16}\.js"\s+integrity="sha384-[A-Za-z0-9+/=]{64}"\s+crossorigin="anonymous"/,
    'pinned with its integrity (issue 40)',
  );
  await builder.getByLabel('Colour').fill('#0a7d5a');
  await builder.getByLabel('Greeting').fill('Welcome!');
  await builder.getByLabel(/Suggested questions/).fill('Opening hours?\nRefunds?\n\nA\nB\nC');
  const branded = (await page.getByTestId('embed-snippet').textContent()) ?? '';
  t.match(branded, /data-color="#0a7d5a"[\s\S]*data-greeting="Welcome!"/, 'the brand');
  t.match(branded, /data-suggestions="Opening hours\?\|Refunds\?\|A\|B"/, 'at most 4 suggestions');
  t.match(await preview.textContent(), /Welcome!.*Opening hours\?/, 'the preview shows them');
  await screen(t, page, 'embed-builder');
  const newKey = (await page.getByTestId('new-key').textContent()) ?? '';

  // An existing key (its secret is gone after a reload): its topics, its prefix…last4 until pasted.
  await page.reload();
  await builder
    .getByLabel(/^Key/)
    .selectOption({ label: `Help desk site (${newKey.slice(0, 13)}…${newKey.slice(-4)})` });
  t.same(
    (await builder.getByLabel('Topic').locator('option').allTextContents()).map((o) =>
      o.replace(/ \(.*\)$/, ''),
    ),
    ['All of the key’s topics', topicName],
    'an existing key: its topic only',
  );
  t.match(
    await page.getByTestId('embed-snippet').textContent(),
    `data-api-key="${newKey.slice(0, 13)}…${newKey.slice(-4)}"`,
    'its prefix and last characters',
  );
  await builder.getByLabel(/Paste the key/).fill(newKey);
  t.match(
    await page.getByTestId('embed-snippet').textContent(),
    `data-api-key="${newKey}"`,
    'the pasted key',
  );

  // French: the new texts too.
  await page.locator('header.top select').selectOption('fr');
  await page.goto(`${base}/app/settings`);
  await page.getByRole('button', { name: 'Rétablir les valeurs par défaut' }).waitFor();
  t.match(await page.getByTestId('mode-banner').textContent(), /Mode de réponse/, 'the banner in French');
  await page.goto(`${base}/app/users`);
  await page.getByRole('heading', { name: 'Utilisateurs', level: 1 }).waitFor();
  await page.locator('tbody tr').first().waitFor();
  t.match(await page.locator('tbody').textContent(), /Administrateur/, 'roles in French');
  const add = page.getByRole('form', { name: 'Ajouter un utilisateur' });
  await add.getByLabel('Adresse e-mail').fill(admin.email);
  await add.getByLabel('Nom').fill('Doublon');
  await add.getByRole('button', { name: 'Inviter', exact: true }).click();
  await page.getByRole('alert').filter({ hasText: 'Cela entre en conflit' }).waitFor();
  t.pass('a server error in French');
  await screen(t, page, 'french-users');
});
