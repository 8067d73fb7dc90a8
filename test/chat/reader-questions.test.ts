/**
 * The three questions issue 35 was filed on, asked as a new user asks them: the shared documents
 * uploaded through the API, the extractive answerer (the shipped reader) with default settings.
 * The rules answered "2018–23–51", "Figure 2" and the Mozilla project's 1998 date; the reader
 * answers the first two right and misses the third (todo below, with the reason).
 */
import t from 'tap';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildTestApp, DATASETS, signUp } from '../helpers/app.ts';
import { finished, until, upload } from '../helpers/ingestion.ts';

const FILES = ['pdf/federal-register-2020-17221.pdf', 'pdf/tracemonkey.pdf', 'html/wikipedia-mozilla.html'];

t.test('the questions the rules got wrong are answered from a fresh start', async (t) => {
  const { app } = await buildTestApp(t, { worker: true });
  const user = await signUp(app);
  for (const file of FILES) {
    const id = await upload(
      app,
      user.headers,
      file.split('/')[1]!,
      readFileSync(join(DATASETS, 'documents', file)),
    );
    t.equal((await until(app, user.headers, id, finished)).doc.status, 'VECTORIZED', file);
  }
  const ask = async (message: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/chat/message',
      headers: user.headers,
      payload: { message },
    });
    t.equal(res.statusCode, 200);
    return res.json().data as { answer: string; sources: { name: string }[] };
  };
  const hardware = await ask('What hardware were the TraceMonkey experiments run on?');
  t.match(hardware.answer, /^MacBook Pro \[\d\]/, hardware.answer);
  t.notMatch(hardware.answer, /^Figure/);
  // A known miss of the shipped reader (docs/chat.md "Known misses"): kept as todo so that it
  // reports every run and turns green when a better reader is shipped.
  await t.test('the comment deadline', async (t) => {
    const comments = await ask(
      'By when do comments on the Boeing 737 MAX airworthiness directive have to be submitted?',
    );
    t.match(comments.answer, /^September 21, 2020 \[\d\]/, comments.answer);
  });
  await t.test(
    "the Mozilla Foundation's founding",
    {
      todo: 'the reader prefers the Mozilla project\'s infobox row "Founded | February 28, 1998" to the prose "in July 2003, the Mozilla Foundation was designated …"',
    },
    async (t) => {
      const founded = await ask('When was the Mozilla Foundation founded?');
      t.match(founded.answer, /^[^\n]*2003/, founded.answer);
      t.notMatch(founded.answer, /^[^\n]*1998/);
    },
  );
});
