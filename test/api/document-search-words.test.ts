import t from 'tap';
import { createHash } from 'node:crypto';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { multipartBody } from '../helpers/multipart.ts';

/**
 * Issue 24: `GET /api/documents?search=` matches words of the name in any order (not only one
 * substring), and `?sha256=` finds an upload of the same bytes (the console's duplicate warning);
 * another company's identical file is never found.
 */
t.test('document search by words and by content hash', async (t) => {
  const { app } = await buildTestApp(t);
  const admin = await signUp(app);
  const other = await signUp(app);
  const upload = async (headers: Record<string, string>, filename: string, text: string) => {
    const body = multipartBody({}, { filename, bytes: Buffer.from(text) });
    const res = await app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    t.equal(res.statusCode, 201, `${filename} uploaded`);
    return res.json().data.id as string;
  };
  const names = async (query: string, headers = admin.headers) => {
    const res = await app.inject({ method: 'GET', url: `/api/documents?${query}`, headers });
    t.equal(res.statusCode, 200, query);
    return (res.json().data.items as { name: string }[]).map((d) => d.name).sort();
  };
  const readme = await upload(admin.headers, 'mammoth-README.md', '# Mammoth\nConverts docx files.');
  await upload(admin.headers, 'nics-background-checks.txt', 'Background checks per month.');
  await upload(other.headers, 'mammoth-README.md', '# Mammoth\nConverts docx files.');

  t.same(await names('search=readme%20mammoth'), ['mammoth-README.md'], 'words in any order');
  t.same(await names('search=checks%20BACKGROUND'), ['nics-background-checks.txt'], 'case-insensitive');
  t.same(await names('search=mammoth%20checks'), [], 'every word must appear');
  t.same(await names('search=%25'), [], 'a % is a character, not a wildcard');

  const hash = createHash('sha256').update('# Mammoth\nConverts docx files.').digest('hex');
  const same = await app.inject({
    method: 'GET',
    url: `/api/documents?sha256=${hash}`,
    headers: admin.headers,
  });
  t.same(
    same.json().data.items.map((d: { id: string }) => d.id),
    [readme],
    'the same bytes are found, only in the caller’s company',
  );
  t.same(await names(`sha256=${hash.toUpperCase()}`), ['mammoth-README.md'], 'hex in either case');
  t.same(await names(`sha256=${'0'.repeat(64)}`), [], 'no other bytes match');
  const bad = await app.inject({ method: 'GET', url: '/api/documents?sha256=xyz', headers: admin.headers });
  t.equal(bad.statusCode, 400, 'a malformed hash is a 400, not a 500');
});
