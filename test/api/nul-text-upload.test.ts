import t from 'tap';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { multipartBody } from '../helpers/multipart.ts';

/** Issue 38: a 6-byte ".txt" holding NUL bytes was stored as text; it is an unsupported type. */
t.test('a few bytes with NULs named .txt: 415 UNSUPPORTED_MEDIA_TYPE, nothing stored', async (t) => {
  const { app } = await buildTestApp(t);
  const admin = await signUp(app);
  const upload = (bytes: Uint8Array) => {
    const form = multipartBody({}, { filename: 'notes.txt', bytes, contentType: 'text/plain' });
    return app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      headers: { ...admin.headers, ...form.headers },
      payload: form.payload,
    });
  };
  for (const bytes of [
    [0, 1, 2, 3, 4, 5],
    [0x61, 0, 0x62, 0, 0x63, 0],
  ]) {
    const res = await upload(Uint8Array.from(bytes));
    t.equal(res.statusCode, 415, `${bytes.join(' ')}: refused`);
    t.equal(res.json().error.code, 'UNSUPPORTED_MEDIA_TYPE');
    t.match(res.json().error.message, /^Unsupported file type/);
  }
  t.equal((await app.inject({ url: '/api/documents', headers: admin.headers })).json().data.items.length, 0);
  const text = await upload(new TextEncoder().encode('Opening hours: 8 to 6.\n'));
  t.equal(text.statusCode, 201, 'plain text still uploads');
});
