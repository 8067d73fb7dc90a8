import t from 'tap';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerResponse } from 'node:http';
import { chromium } from 'playwright-core';
import { MODELS_DIR } from '../helpers/app.ts';
import {
  completionChunk,
  fakeOpenAiServer,
  lastUserMessage,
  streamChunks,
} from '../helpers/openai-server.ts';
import { freePort, startServer, waitFor, type ServerProcess } from '../helpers/server-process.ts';
import { buildFrontEnds, CHROMIUM, CHROMIUM_ARGS, DESKTOP, PHONE, screen } from '../helpers/browser.ts';

/**
 * Issue 24, the chat: against the real server process (`node src/server.ts`) with a local
 * OpenAI-compatible model that either streams forever (slow) or answers with a citation. A stream
 * is stopped; an answer is copied and regenerated; its sources are listed under it and the cited
 * sentence is marked in the passage; the server is killed mid-question and restarted, the
 * connection banner comes and goes, and Retry sends the same question without retyping; the
 * history is renamed, searched and deleted; the topic picker sends its topic.
 */
const ANSWER = 'The support desk is open from 8am to 6pm on weekdays [1].';

t.test('a chat that behaves like one', { skip: CHROMIUM ? false : 'no chromium' }, async (t) => {
  buildFrontEnds();
  let mode: 'slow' | 'answer' = 'answer';
  let answers = 0;
  // "Searching your documents…" shows until the first words: 80 to 550 ms in runs here. A wait
  // that polls for it can come too late on a loaded machine, and the wait's other branch (a
  // `[data-state]` inside the answer) never matched, the state being on the answer itself: the
  // wait then sat out its 60 s on the endless slow stream (the todo of 6f087e4). So the slow
  // model holds its first words until `firstWords` settles, once the test has seen the state.
  let firstWords = Promise.resolve();
  const llm = await fakeOpenAiServer(t, (_req, body, res: ServerResponse) => {
    if (!body.stream) {
      // A follow-up question is first rewritten to stand alone (not streamed): keep it as asked.
      const last = lastUserMessage(body).split('Last user message: ').at(-1);
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({
          id: 'r1',
          object: 'chat.completion',
          created: 1,
          model: 'm',
          choices: [{ index: 0, message: { role: 'assistant', content: last }, finish_reason: 'stop' }],
        }),
      );
    }
    if (mode === 'answer')
      return streamChunks(res, [ANSWER.slice(0, 20), `${ANSWER.slice(20)} (v${++answers})`]);
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.flushHeaders();
    let tick: NodeJS.Timeout | undefined;
    res.on('close', () => clearInterval(tick));
    void firstWords.then(() => {
      if (res.destroyed) return;
      // A first valid [n] releases a generated answer at once (src/chat/grounding.ts).
      res.write(completionChunk({ role: 'assistant', content: 'The support desk [1] is' }));
      tick = setInterval(() => res.write(completionChunk({ content: ' …' })), 150);
    });
  });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(join(tmpdir(), 'chat-e2e-'));
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
  // Starting on a fresh DATA_DIR took 22 s here, and 55 to 124 s with another server starting
  // and two busy loops beside it: waitFor's 120 s default is too tight for a loaded machine.
  const START_MS = 300_000;
  let server: ServerProcess = startServer(t, env);
  t.ok(await waitFor(`${base}/api/health`, START_MS), 'server started', {
    output: server.output().slice(-3000),
  });

  // A document and a topic, through the API.
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }),
  });
  const auth = {
    authorization: `Bearer ${((await login.json()) as { data: { accessToken: string } }).data.accessToken}`,
  };
  const topic = await fetch(`${base}/api/topics`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Support' }),
  });
  const topicId = ((await topic.json()) as { data: { id: string } }).data.id;
  const form = new FormData();
  form.append('topicId', topicId);
  form.append(
    'file',
    new Blob(['The support desk is open from 8am to 6pm on weekdays. It is closed on public holidays.']),
    'hours.txt',
  );
  const up = await fetch(`${base}/api/documents/upload`, { method: 'POST', headers: auth, body: form });
  const docId = ((await up.json()) as { data: { id: string } }).data.id;
  let status = '';
  while (status !== 'VECTORIZED' && status !== 'ERROR') {
    await new Promise((r) => setTimeout(r, 300));
    status = (
      (await (await fetch(`${base}/api/documents/${docId}`, { headers: auth })).json()) as {
        data: { status: string };
      }
    ).data.status;
  }
  t.equal(status, 'VECTORIZED', 'the document is ready');

  const browser = await chromium.launch({ executablePath: CHROMIUM!, args: CHROMIUM_ARGS });
  t.teardown(() => browser.close());
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  const bodies: string[] = [];
  page.on('request', (r) => r.url().endsWith('/api/chat/stream') && bodies.push(r.postData() ?? ''));
  await page.goto(`${base}/app/chat`);
  await page.getByLabel('E-mail').fill(env.ADMIN_EMAIL);
  await page.getByLabel('Password').fill(env.ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: 'Chat playground', level: 1 }).waitFor();
  const composer = page.getByLabel('Ask a question about your documents');
  const answer = page.locator('.turn.assistant').last();

  // "Searching your documents…" until the first words; then stop the stream.
  mode = 'slow';
  let speak = () => {};
  firstWords = new Promise((r) => (speak = r));
  await composer.fill('When is the support desk open?');
  await page.getByRole('button', { name: 'Send' }).click();
  await page
    .locator('.turn.assistant[data-state="searching"]')
    .getByText('Searching your documents…')
    .waitFor()
    .finally(speak);
  t.pass('"Searching your documents…" while no words have come');
  await page.locator('.turn.assistant[data-state="streaming"]').waitFor();
  t.notOk(await page.getByText('Searching your documents…').count(), 'the first words replace it');
  await page.getByRole('button', { name: 'Stop' }).click();
  await page.locator('.turn.assistant[data-state="stopped"]').waitFor();
  t.match(
    await answer.textContent(),
    /The support desk.*Stopped\./,
    'stopped: the words so far and "Stopped."',
  );
  await page.getByRole('button', { name: 'Send' }).waitFor();
  t.pass('Send is back after Stop');

  // Regenerate the stopped answer, copy it, regenerate again.
  mode = 'answer';
  await answer.getByRole('button', { name: 'Regenerate' }).click();
  await page.locator('.turn.assistant[data-state="done"]').waitFor();
  const first = (await answer.locator('p.text').textContent()) ?? '';
  t.match(first, /8am to 6pm.*\(v1\)/, 'a full answer');
  t.match(await answer.locator('.sources').textContent(), /\[1\] hours\.txt/, 'its source listed under it');
  await answer.getByRole('button', { name: 'Copy' }).click();
  await answer.getByRole('button', { name: 'Copied' }).waitFor();
  const copied = await page.evaluate<string>('navigator.clipboard.readText()');
  t.equal(
    copied,
    'The support desk is open from 8am to 6pm on weekdays. (v1)',
    'the answer copied without markers',
  );
  await answer.getByRole('button', { name: 'Regenerate' }).click();
  await answer.locator('p.text').filter({ hasText: '(v2)' }).waitFor();
  t.equal(
    await page.locator('.turn.assistant').count(),
    1,
    'the regenerated answer takes the old one’s place',
  );
  t.equal(await page.locator('.turn.user').count(), 1, 'the question is asked once');

  // The cited sentence, marked in the passage; Escape closes it.
  await answer.getByRole('button', { name: /Open cited passage 1/ }).click();
  const mark = page.locator('.passage mark');
  t.equal(
    await mark.textContent(),
    'The support desk is open from 8am to 6pm on weekdays',
    'cited sentence marked',
  );
  await screen(t, page, 'chat-passage');
  await page.setViewportSize(PHONE);
  const sheet = (await page.locator('.passage').boundingBox())!;
  t.same(
    [sheet.x, sheet.y, sheet.width].map(Math.round),
    [0, 0, PHONE.width],
    'a full-screen sheet on a phone',
  );
  await screen(t, page, 'chat-passage');
  await page.keyboard.press('Escape');
  await page.locator('.passage').waitFor({ state: 'detached' });
  t.pass('Escape closes the passage');
  t.match(
    await page.evaluate<string>('document.activeElement?.textContent ?? ""'),
    /1/,
    'focus is back on the chip that opened it, not on <body>',
  );
  t.not(await page.evaluate<string>('document.activeElement?.tagName ?? ""'), 'BODY');
  await screen(t, page, 'chat');
  const send = (await page.locator('form.ask').boundingBox())!;
  t.ok(send.y + send.height <= PHONE.height, 'the composer is on screen on a phone');
  await page.setViewportSize(DESKTOP);

  // The server dies mid-question; the question comes back with Retry once it is up again.
  mode = 'slow';
  await page.getByLabel('Answer from').selectOption({ label: 'Support' });
  await composer.fill('What are the opening hours on weekdays?');
  await page.getByRole('button', { name: 'Send' }).click();
  await page.locator('.turn.assistant[data-state="streaming"]').waitFor();
  server.child.kill('SIGKILL');
  await server.exited;
  await page.locator('.turn.assistant[data-state="error"]').waitFor();
  t.match(
    await answer.getByRole('alert').textContent(),
    /connection was lost/,
    'an inline error, not an empty bubble',
  );
  await page.getByRole('alert').filter({ hasText: 'Connection to the server lost' }).waitFor();
  t.pass('the connection-lost banner shows');
  t.equal(
    await page.locator('.turn.user p.text').last().textContent(),
    'What are the opening hours on weekdays?',
    'the question stays',
  );
  await screen(t, page, 'chat-offline');
  mode = 'answer';
  server = startServer(t, env);
  t.ok(await waitFor(`${base}/api/health`, START_MS), 'server restarted', {
    output: server.output().slice(-3000),
  });
  await page
    .getByRole('alert')
    .filter({ hasText: 'Connection to the server lost' })
    .waitFor({ state: 'detached' });
  t.pass('the banner goes by itself once the server answers');
  await answer.getByRole('button', { name: 'Retry' }).click();
  await page.locator('.turn.assistant[data-state="done"]').nth(1).waitFor();
  t.match(
    await answer.locator('p.text').textContent(),
    /8am to 6pm/,
    'answered after Retry, nothing retyped',
  );
  t.match(
    bodies.at(-1) ?? '',
    /"message":"What are the opening hours on weekdays\?"/,
    'the same question was sent',
  );
  t.match(bodies.at(-1) ?? '', new RegExp(`"topicId":"${topicId}"`), 'with the topic picked');

  // History: dates, rename, search, delete.
  const history = page.getByRole('navigation', { name: 'Conversations' });
  await history.locator('li').first().waitFor();
  t.match(await history.locator('li small').first().textContent(), /\d/, 'each conversation shows its date');
  await history
    .getByRole('button', { name: /^Rename / })
    .first()
    .click();
  await history.getByRole('textbox', { name: /^New title for / }).fill('Desk hours');
  await history.getByRole('button', { name: 'Save' }).click();
  await history.getByRole('button', { name: /^Desk hours/ }).waitFor();
  await history.getByLabel('Search conversations').fill('nothing like this');
  t.equal(await history.locator('li').count(), 0, 'search filters the list');
  await history.getByLabel('Search conversations').fill('desk');
  await history.getByRole('button', { name: /^Desk hours/ }).click();
  await page.locator('.turn.user').first().waitFor();
  t.ok((await page.locator('.turn').count()) >= 2, 'a conversation reopens');
  await screen(t, page, 'chat');
  await history.getByRole('button', { name: 'Delete Desk hours' }).click();
  await history.getByRole('button', { name: 'Yes, delete' }).click();
  await history.getByRole('button', { name: /^Desk hours/ }).waitFor({ state: 'detached' });
  t.pass('deleted, with a confirmation in place');
  server.child.kill('SIGTERM');
  await server.exited;
});
