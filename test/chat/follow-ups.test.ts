import t from 'tap';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { multipartBody, waitForDocument } from '../helpers/multipart.ts';

const REPORT = `# Harbor ferry report

Monthly figures of the harbor ferry service.

| Month | Sailings | Passengers |
| --- | --- | --- |
| October 2024 | 310 | 18,450 |
| November 2024 | 287 | 15,020 |
| December 2024 | 265 | 13,900 |

## Fleet

The service runs three boats on the harbour route. Its newest boat, the Skarv, was built in
Bergen and entered service in 2019.
`;

t.test('follow-ups without a model lean on the completed conversation (issue 20)', async (t) => {
  const { app } = await buildTestApp(t, { worker: true });
  const user = await signUp(app);
  const body = multipartBody({}, { filename: 'ferry.md', bytes: Buffer.from(REPORT) });
  const up = await app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
  t.equal((await waitForDocument(app, user.headers, up.json().data.id)).status, 'VECTORIZED');

  let conversationId: string | undefined;
  const ask = async (message: string): Promise<string> => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/chat/message',
      headers: user.headers,
      payload: { message, ...(conversationId ? { conversationId } : {}) },
    });
    t.equal(res.statusCode, 200, message);
    conversationId = res.json().data.conversationId;
    return res.json().data.answer as string;
  };

  t.match(await ask('How many sailings did the ferry make in October 2024?'), /310/);
  // November replaces October: a month replaces a month, the year stays.
  t.match(await ask('And in November?'), /287/);
  // A follow-up of a follow-up leans on the completed question (November's sailings), and
  // "those" points back.
  t.match(await ask('How many passengers did those sailings carry?'), /15,020/);
});
