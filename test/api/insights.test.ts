import t from 'tap';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { addUser } from '../helpers/users.ts';
import { createApiKey } from '../../src/api-keys/api-keys.repository.ts';
import { seedTurn } from '../helpers/conversations.ts';

t.test('insights: channels, thumbs-down, conversations, CSV, admin only, one company', async (t) => {
  const { app } = await buildTestApp(t);
  const admin = await signUp(app);
  const other = await signUp(app);
  const reader = await addUser(app, admin, 'COMPANY_READER');
  const companyId = admin.user.companyId;
  const key = await createApiKey(app.ctx.db, {
    companyId,
    name: 'site',
    environment: 'live',
    authorizedDomains: [],
    requireHttps: false,
    allDocuments: true,
  });
  const yesterday = new Date(Date.now() - 86_400_000);
  await seedTurn(app, {
    companyId,
    userId: admin.user.id,
    id: 'conv_c1',
    question: 'What is the refund policy?',
  });
  await seedTurn(app, {
    companyId,
    userId: admin.user.id,
    id: 'conv_c2',
    question: 'Boiling point of tungsten?',
    refused: true,
  });
  await seedTurn(app, {
    companyId,
    apiKeyId: key.id,
    id: 'conv_w1',
    question: '=HYPERLINK("http://x")',
    refused: true,
    at: yesterday,
  });
  await seedTurn(app, {
    companyId,
    apiKeyId: key.id,
    id: 'conv_w2',
    question: 'Opening hours, "Sunday"?',
    feedback: 'down',
  });
  await seedTurn(app, {
    companyId,
    apiKeyId: key.id,
    id: 'conv_w3',
    question: 'Where is the office?',
    feedback: 'up',
  });
  await seedTurn(app, {
    companyId: other.user.companyId,
    userId: other.user.id,
    id: 'conv_x',
    question: 'Secret of the other company',
    refused: true,
  });

  const res = await app.inject({ url: '/api/insights?days=7', headers: admin.headers });
  t.equal(res.statusCode, 200);
  const d = res.json().data;
  t.same(d.totals, { questions: 5, refused: 2, thumbsUp: 1, thumbsDown: 1, console: 2, widget: 3 });
  t.equal(d.questionsPerDay.length, 7);
  t.same(d.questionsPerDay.at(-1), {
    date: new Date().toISOString().slice(0, 10),
    questions: 4,
    refused: 1,
    thumbsUp: 1,
    thumbsDown: 1,
    console: 2,
    widget: 2,
  });
  t.same(d.questionsPerDay.at(-2).widget, 1, "yesterday's widget question");
  t.same(
    d.unanswered.map((u: { question: string; conversationId: string; channel: string }) => [
      u.question,
      u.conversationId,
      u.channel,
    ]),
    [
      ['Boiling point of tungsten?', 'conv_c2', 'console'],
      ['=HYPERLINK("http://x")', 'conv_w1', 'widget'],
    ],
    'refused questions, newest first, with their channel',
  );
  t.equal(d.thumbsDown.length, 1);
  t.match(d.thumbsDown[0], {
    question: 'Opening hours, "Sunday"?',
    conversationId: 'conv_w2',
    channel: 'widget',
    answer: 'An answer [1].',
  });
  t.notMatch(res.body, /Secret of the other company|conv_x/, "another company's questions are absent");

  const conv = await app.inject({ url: '/api/insights/conversations/conv_w1', headers: admin.headers });
  t.equal(conv.statusCode, 200);
  t.equal(conv.json().data.channel, 'widget');
  t.same(
    conv.json().data.messages.map((m: { role: string; refused: boolean }) => [m.role, m.refused]),
    [
      ['user', false],
      ['assistant', true],
    ],
  );
  const foreign = await app.inject({ url: '/api/insights/conversations/conv_x', headers: admin.headers });
  t.equal(foreign.statusCode, 404, "another company's conversation is not found");
  const audit = await app.inject({
    url: '/api/audit-events?action=insights.conversation_read',
    headers: admin.headers,
  });
  t.same(
    audit.json().data.items.map((e: { target: { id: string }; outcome: string }) => [e.target.id, e.outcome]),
    [
      ['conv_x', 'failure'],
      ['conv_w1', 'success'],
    ],
    "an admin's read of someone's conversation is in the audit log (newest first), the 404 too",
  );

  const csv = await app.inject({ url: '/api/insights.csv?days=7', headers: admin.headers });
  t.equal(csv.statusCode, 200);
  t.match(csv.headers['content-type'], /^text\/csv/);
  t.match(
    csv.headers['content-disposition'],
    /^attachment; filename="insights-days-7d-\d{4}-\d\d-\d\d\.csv"/,
  );
  const lines = csv.body.trimEnd().split('\r\n');
  t.equal(lines[0], '\uFEFF"date","questions","refused","thumbs_up","thumbs_down","console","widget"');
  t.equal(lines.length, 8, 'a header and 7 days');
  t.match(lines[7], /,"4","1","1","1","2","2"$/);
  const qs = await app.inject({ url: '/api/insights.csv?days=7&table=questions', headers: admin.headers });
  t.match(
    qs.body,
    /"unanswered","[^"]+","widget","'=HYPERLINK\(""http:\/\/x""\)","conv_w1"/,
    "a formula is neutralised with ' and quotes doubled",
  );
  t.match(qs.body, /"thumbs_down","[^"]+","widget","Opening hours, ""Sunday""\?","conv_w2"/);
  t.notMatch(qs.body, /Secret/);

  for (const url of ['/api/insights', '/api/insights.csv', '/api/insights/conversations/conv_c1']) {
    const r = await app.inject({ url, headers: reader.headers });
    t.equal(r.statusCode, 403, `${url}: admins only`);
  }
  t.equal((await app.inject({ url: '/api/insights.csv' })).statusCode, 401);
  const empty = (await app.inject({ url: '/api/insights', headers: other.headers })).json().data;
  t.same(
    empty.totals,
    { questions: 1, refused: 1, thumbsUp: 0, thumbsDown: 0, console: 1, widget: 0 },
    'per company',
  );
  for (const q of ['days=0', 'days=366', 'days=abc', 'days=7&extra=1']) {
    const r = await app.inject({ url: `/api/insights?${q}`, headers: admin.headers });
    t.equal(r.statusCode, 400, q);
    t.equal(r.json().success, false, 'the error envelope');
  }
  t.equal(
    (await app.inject({ url: '/api/insights.csv?table=nope', headers: admin.headers })).statusCode,
    400,
  );
});
