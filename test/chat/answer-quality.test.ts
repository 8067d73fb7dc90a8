import t from 'tap';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildTestApp, DATASETS, signUp } from '../helpers/app.ts';
import { multipartBody, waitForDocument } from '../helpers/multipart.ts';
import { loadQuestionSet, scoreAnswers, type ObservedAnswer } from '../../scripts/bench/answer-quality.ts';

/** Documents of the question set this test indexes (the full set runs in `npm run bench:chat`). */
const FILES = ['pdf/federal-register-2020-17221.pdf', 'html/wikipedia-mozilla.html', 'md/mammoth-README.md'];

t.test('the extractive answerer answers from the documents and refuses what they do not say', async (t) => {
  const { app } = await buildTestApp(t, { worker: true });
  const user = await signUp(app);
  for (const file of FILES) {
    const body = multipartBody(
      {},
      { filename: file.split('/')[1]!, bytes: readFileSync(join(DATASETS, 'documents', file)) },
    );
    const up = await app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
    t.equal((await waitForDocument(app, user.headers, up.json().data.id)).status, 'VECTORIZED', file);
  }
  const names = new Set(FILES.map((f) => f.split('/')[1]!));
  const full = loadQuestionSet();
  const set = {
    answerable: full.answerable.filter((q) => q.documents.some((d) => names.has(d))),
    unanswerable: full.unanswerable,
  };
  t.ok(set.answerable.length >= 5, 'questions about these documents');

  const ask = async (message: string): Promise<ObservedAnswer> => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/chat/message',
      headers: user.headers,
      payload: { message },
    });
    t.equal(res.statusCode, 200);
    const data = res.json().data as {
      answer: string;
      citationMap: Record<string, { documentId: string }>;
      sources: { id: string; name: string }[];
    };
    const citedIds = new Set(Object.values(data.citationMap).map((c) => c.documentId));
    return {
      text: data.answer,
      citedDocuments: data.sources.filter((s) => citedIds.has(s.id)).map((s) => s.name),
    };
  };
  const answerable = [];
  for (const q of set.answerable) answerable.push(await ask(q.q));
  const unanswerable = [];
  for (const q of set.unanswerable) unanswerable.push(await ask(q.q));
  const report = scoreAnswers(set, answerable, unanswerable);
  t.comment(JSON.stringify(report));
  // Measured with the full set (docs/benchmarks.md "Answers"): fact 75%, right document 94%,
  // unanswerable refused 100%; here 5 of 6 (the fax number sits in a 17-character line, too short
  // to be quoted as a sentence).
  t.ok(report.correct >= 0.8, `expected fact in ${report.correct * 100}% of answers`);
  t.ok(report.rightDocument >= 0.8, `right document cited in ${report.rightDocument * 100}%`);
  t.ok(report.falseRefusals <= 0.2, `answerable questions refused: ${report.falseRefusals * 100}%`);
  t.ok(report.refused >= 0.875, `unanswerable questions refused: ${report.refused * 100}%`);
});
