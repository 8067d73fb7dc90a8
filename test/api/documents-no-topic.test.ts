import t from 'tap';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { multipartBody } from '../helpers/multipart.ts';

/** Issue 40: the documents screen's "No topic" filter is `GET /api/documents?topicId=none`. */
t.test('topicId=none lists the documents in no topic', async (t) => {
  const { app } = await buildTestApp(t);
  const admin = await signUp(app);
  const topic = await app.inject({
    method: 'POST',
    url: '/api/topics',
    headers: admin.headers,
    payload: { name: 'Support' },
  });
  const topicId = topic.json().data.id as string;
  const upload = async (filename: string, fields: Record<string, string>) => {
    const body = multipartBody(fields, {
      filename,
      bytes: new TextEncoder().encode(`# ${filename}\n\nSome text.`),
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      headers: { ...admin.headers, ...body.headers },
      payload: body.payload,
    });
    t.equal(res.statusCode, 201, filename);
  };
  await upload('loose.md', {});
  await upload('filed.md', { topicId });
  const names = async (query: string) =>
    (await app.inject({ url: `/api/documents?${query}`, headers: admin.headers }))
      .json()
      .data.items.map((d: { name: string }) => d.name);
  t.same(await names('topicId=none'), ['loose.md'], 'only the document in no topic');
  t.same(await names(`topicId=${topicId}`), ['filed.md'], 'a topic still filters as before');
  t.same((await names('')).sort(), ['filed.md', 'loose.md'], 'no filter: both');
});
