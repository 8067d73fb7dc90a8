import t from 'tap';
import { readFileSync } from 'node:fs';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { multipartBody, waitForDocument } from '../helpers/multipart.ts';
import { fakeOpenAiServer, lastUserMessage, streamChunks } from '../helpers/openai-server.ts';
import { chatDepsOf } from '../../src/context.ts';
import { principalOfUser, runQuestion } from '../../src/evaluations/runner.ts';
import type { Question } from '../../src/evaluations/question-set.ts';

const fixture = (name: string) => new URL(`../fixtures/evaluations/${name}`, import.meta.url);

t.test('a follow-up is asked after its history in one conversation, as the chat routes do', async (t) => {
  let failing = false;
  const fake = await fakeOpenAiServer(t, (_req, body, res) => {
    if (failing) {
      res.writeHead(500, { 'content-type': 'application/json' });
      return res.end('{"error":{"message":"down"}}');
    }
    if (!body.stream) {
      // The condense call: the follow-up rewritten as a standalone question.
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({
          id: 'c',
          object: 'chat.completion',
          created: 1,
          model: 'm',
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: 'Behind which gate are bicycles parked?' },
              finish_reason: 'stop',
            },
          ],
        }),
      );
    }
    streamChunks(
      res,
      lastUserMessage(body).includes('Behind which gate')
        ? ['Behind gate ', 'B [1].']
        : ['In the courtyard [1].'],
    );
  });
  const { app, ctx } = await buildTestApp(t, {
    worker: true,
    env: { LLM_PROVIDER: 'openai', OPENAI_BASE_URL: fake.baseUrl, OPENAI_MODEL: 'scripted' },
  });
  const admin = await signUp(app);
  const body = multipartBody(
    {},
    { filename: 'northwind-office.md', bytes: readFileSync(fixture('northwind-office.md')) },
  );
  const up = await app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    headers: { ...admin.headers, ...body.headers },
    payload: body.payload,
  });
  t.equal((await waitForDocument(app, admin.headers, up.json().data.id)).status, 'VECTORIZED');
  const principal = (await principalOfUser(ctx.db, admin.user.companyId, admin.user.id))!;
  const question: Question = {
    id: 'gate',
    question: 'Behind which gate?',
    expected: ['gate B'],
    documents: ['northwind-office.md'],
    unanswerable: false,
    kind: 'followup',
    history: ['Where are bicycles parked?'],
  };
  const result = await runQuestion(chatDepsOf(ctx), principal, question);
  t.equal(result.answer, 'Behind gate B [1].');
  t.same(result.citedDocuments, ['northwind-office.md']);
  t.same(result.retrievedDocuments, ['northwind-office.md']);
  t.match(result.scores, { hit: true, rightCitation: true, contains: true });
  t.ok(result.ttftMs !== null && result.ttftMs <= result.latencyMs, 'first token before the end');

  const [first, condense, followup] = fake.requests.map((r) => r.body);
  t.equal(fake.requests.length, 3, 'history answered, then condense, then the follow-up');
  t.equal(first!.stream, true);
  t.match(lastUserMessage(first!), /Where are bicycles parked\?/);
  t.notOk(condense!.stream, 'the follow-up is condensed with the conversation');
  t.match(JSON.stringify(condense!.messages), /Where are bicycles parked\?/);
  const history = (followup!.messages as { role: string; content: string }[]).map((m) => m.content);
  t.ok(history.includes('Where are bicycles parked?'), 'the earlier question is in the history');
  t.ok(history.includes('In the courtyard [1].'), 'and its answer as shown');

  t.equal(
    (await ctx.db.selectFrom('conversations').select('id').execute()).length,
    0,
    'no conversation left',
  );
  t.equal((await ctx.db.selectFrom('messages').select('id').execute()).length, 0, 'no message left');
  t.same(
    (await ctx.db.selectFrom('outbox').select('event').execute()).filter(
      (e) => e.event === 'conversation.created',
    ),
    [],
    'no conversation.created event for a scratch conversation',
  );

  failing = true;
  // A question the answerability gate lets through (alone, "Behind which gate?" is refused before
  // the model is asked), so the model's failure is what the result records.
  const failed = await runQuestion(chatDepsOf(ctx), principal, {
    ...question,
    question: 'Where are bicycles parked?',
    history: [],
  });
  t.equal(failed.refused, true, 'an unreachable model counts as a refusal');
  t.match(failed.error, /not available|down|500/);
  t.equal(failed.scores.contains, false);
});
