import t from 'tap';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerResponse } from 'node:http';
import { chromium } from 'playwright-core';
import { MODELS_DIR } from '../helpers/app.ts';
import { fakeOpenAiServer, lastUserMessage, streamChunks } from '../helpers/openai-server.ts';
import { freePort, startServer, waitFor } from '../helpers/server-process.ts';
import { buildFrontEnds, CHROMIUM, CHROMIUM_ARGS, DESKTOP } from '../helpers/browser.ts';

/**
 * Issue 40, verifiable citations: an answer that cites the same source three times, in three
 * sentences. Each of the three `[1]` chips opens the passage with every sentence that cites it
 * marked — the one next to the clicked chip among them — and Escape gives focus back to that very
 * chip (before, only the first `[n]` sentence was looked for, and focus fell to <body>). Against
 * the real server with a local OpenAI-compatible model (its wire protocol, test/helpers).
 */
const FACTS = [
  'The support desk is open from 8am to 6pm on weekdays.',
  'It is closed on public holidays.',
  'Urgent calls go to the duty engineer on 555-0100.',
];
const ANSWER = FACTS.map((s) => `${s.slice(0, -1)} [1].`).join(' ');

const skip = CHROMIUM ? false : 'no chromium';
t.test('three [1] chips, three sentences marked, focus back on each chip', { skip }, async (t) => {
  buildFrontEnds();
  const llm = await fakeOpenAiServer(t, (_req, body, res: ServerResponse) => {
    if (!body.stream) {
      res.writeHead(200, { 'content-type': 'application/json' });
      const content = lastUserMessage(body).split('Last user message: ').at(-1);
      return res.end(
        JSON.stringify({
          id: 'r',
          object: 'chat.completion',
          created: 1,
          model: 'm',
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        }),
      );
    }
    return streamChunks(res, [ANSWER.slice(0, 40), ANSWER.slice(40)]);
  });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(join(tmpdir(), 'chips-e2e-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    MODELS_DIR,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: 'a long password',
    LLM_PROVIDER: 'openai',
    OPENAI_BASE_URL: llm.baseUrl,
    OUTBOUND_ALLOWLIST: '127.0.0.1',
    RATE_LIMIT_ENABLED: 'false',
    EMBED_THREADS: '1',
  };
  const server = startServer(t, env);
  t.ok(await waitFor(`${base}/api/health`, 300_000), 'server started', {
    output: server.output().slice(-3000),
  });
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }),
  });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const auth = { authorization: `Bearer ${token}` };
  const form = new FormData();
  form.append('file', new Blob([FACTS.join(' ')]), 'support.txt');
  const up = await fetch(`${base}/api/documents/upload`, { method: 'POST', headers: auth, body: form });
  const docId = ((await up.json()) as { data: { id: string } }).data.id;
  let status = '';
  while (status !== 'VECTORIZED' && status !== 'ERROR') {
    await new Promise((r) => setTimeout(r, 300));
    const doc = await fetch(`${base}/api/documents/${docId}`, { headers: auth });
    status = ((await doc.json()) as { data: { status: string } }).data.status;
  }
  t.equal(status, 'VECTORIZED', 'the document is ready');

  const browser = await chromium.launch({ executablePath: CHROMIUM!, args: CHROMIUM_ARGS });
  t.teardown(() => browser.close());
  const page = await (await browser.newContext({ viewport: DESKTOP, locale: 'en-US' })).newPage();
  page.setDefaultTimeout(60_000);
  await page.goto(`${base}/app/chat`);
  await page.getByLabel('E-mail').fill(env.ADMIN_EMAIL);
  await page.getByLabel('Password').fill(env.ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByLabel('Ask a question about your documents').fill('When can I reach support?');
  await page.getByRole('button', { name: 'Send' }).click();
  await page.locator('.turn.assistant[data-state="done"]').waitFor();
  const chips = page
    .locator('.turn.assistant')
    .last()
    .getByRole('button', { name: /Open cited passage 1/ });
  t.equal(await chips.count(), 3, 'three [1] chips in the answer');

  for (let i = 0; i < 3; i++) {
    await chips.nth(i).click();
    const marks = page.locator('.passage mark');
    await marks.first().waitFor();
    const marked = await marks.allTextContents();
    t.ok(
      marked.some((m) => FACTS[i]!.startsWith(m.trim()) || m.includes(FACTS[i]!.slice(0, -1))),
      `chip ${i + 1}: its own sentence is marked ("${FACTS[i]}")`,
      { marked },
    );
    t.equal(marked.length, 3, `chip ${i + 1}: every sentence citing [1] is marked`);
    await page.keyboard.press('Escape');
    await page.locator('.passage').waitFor({ state: 'detached' });
    t.ok(
      await chips.nth(i).evaluate((el) => el === el.ownerDocument.activeElement),
      `chip ${i + 1}: Escape gives focus back to the chip that opened the passage`,
    );
  }
});
