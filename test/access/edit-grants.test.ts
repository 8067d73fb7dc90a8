import t from 'tap';
import { buildTestApp } from '../helpers/app.ts';
import { multipartBody } from '../helpers/multipart.ts';
import { accessFixture } from './fixture.ts';

/**
 * Editing needs the role and an `edit` grant on the topic (docs/auth.md "Who may read what"): an
 * unreadable topic or document is 404, a readable one without `edit` is 403, and a reader never
 * writes whatever the grant.
 */
t.test('edit grants: upload, move, rename, reprocess, delete and topic changes', async (t) => {
  const { app } = await buildTestApp(t, { worker: true });
  const f = await accessFixture(app);
  const { editorIn, editorOut, readerIn } = f.users;
  const upload = (headers: Record<string, string>, topicId: string) => {
    const body = multipartBody(
      { topicId },
      { filename: 'memo.md', bytes: Buffer.from('# Memo\n\nA short memo.\n') },
    );
    return app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  const put = (headers: Record<string, string>, url: string, payload: object) =>
    app.inject({ method: 'PUT', url, headers, payload });
  const del = (headers: Record<string, string>, url: string) =>
    app.inject({ method: 'DELETE', url, headers });

  t.equal((await upload(editorIn.headers, f.topics.hrId)).statusCode, 201, 'HR editor uploads into HR');
  t.equal((await upload(editorOut.headers, f.topics.hrId)).statusCode, 404, 'an unreadable topic is unknown');
  t.equal(
    (await upload(editorOut.headers, f.topics.publicId)).statusCode,
    403,
    'all members may only read Public',
  );
  t.equal((await upload(readerIn.headers, f.topics.hrId)).statusCode, 403, 'a reader never writes');
  t.equal(
    (await put(editorIn.headers, `/api/documents/${f.docs.publicId}`, { name: 'renamed' })).statusCode,
    403,
    'readable, not editable',
  );
  t.equal(
    (await put(editorOut.headers, `/api/documents/${f.docs.hrId}`, { name: 'renamed' })).statusCode,
    404,
    'unreadable: 404',
  );
  t.equal(
    (await put(editorIn.headers, `/api/documents/${f.docs.unfiledId}`, { topicId: f.topics.publicId }))
      .statusCode,
    403,
    'moving into a topic needs edit there too',
  );
  t.equal(
    (await put(editorIn.headers, `/api/documents/${f.docs.unfiledId}`, { topicId: f.topics.hrId }))
      .statusCode,
    200,
    'moving into an editable topic',
  );
  t.equal((await put(editorOut.headers, `/api/topics/${f.topics.hrId}`, { name: 'People' })).statusCode, 404);
  t.equal(
    (await put(editorOut.headers, `/api/topics/${f.topics.publicId}`, { name: 'Pub' })).statusCode,
    403,
  );

  // Down to `read` for the HR group: the same editor can no longer change HR documents.
  const readOnly = await put(f.admin.headers, `/api/topics/${f.topics.hrId}/access`, {
    groups: [{ groupId: f.hrGroupId, access: 'read' }],
  });
  t.equal(readOnly.statusCode, 200);
  t.equal((await upload(editorIn.headers, f.topics.hrId)).statusCode, 403, 'read grant: no upload');
  const reprocess = await app.inject({
    method: 'POST',
    url: `/api/documents/${f.docs.hrId}/reprocess`,
    headers: editorIn.headers,
  });
  t.equal(reprocess.statusCode, 403, 'read grant: no reprocess');
  t.equal(
    (await del(editorIn.headers, `/api/documents/${f.docs.hrId}`)).statusCode,
    403,
    'read grant: no delete',
  );
  t.equal((await del(editorOut.headers, `/api/documents/${f.docs.hrId}`)).statusCode, 404);
  t.equal(
    (await app.inject({ url: `/api/documents/${f.docs.hrId}`, headers: editorIn.headers })).statusCode,
    200,
  );
  t.equal((await del(f.admin.headers, `/api/documents/${f.docs.hrId}`)).statusCode, 200, 'admins may');
});
