import t from 'tap';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { multipartBody } from '../helpers/multipart.ts';
import { buildFrontEnds } from '../helpers/browser.ts';
import { newId } from '../../src/lib/ids.ts';
import { CONSOLE_DIST } from '../../src/routes/console.ts';

/**
 * Response compression (plugins/compression.ts): Brotli or gzip as Accept-Encoding asks, on JSON
 * lists, the console's bundle and the widget; never on SSE streams, small answers or the
 * originals' download (exact Content-Length). Prints the sizes docs/benchmarks.md quotes.
 */
const decode = (encoding: string | undefined, body: Buffer) =>
  encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;

t.test('compression negotiation, sizes, and what is never compressed', async (t) => {
  if (!existsSync(join(CONSOLE_DIST, 'index.html')) || !existsSync('widget/dist/widget.js')) buildFrontEnds();
  const { app, ctx } = await buildTestApp(t);
  const admin = await signUp(app);
  // 100 documents, as an upload of 100 files leaves them (names of real length).
  for (let i = 0; i < 100; i++) {
    await ctx.db
      .insertInto('documents')
      .values({
        id: newId('doc'),
        company_id: admin.user.companyId,
        name: `Quarterly report ${String(i).padStart(3, '0')} — sales and operations.pdf`,
        format: 'pdf',
        mime_type: 'application/pdf',
        size_bytes: 100_000 + i,
        sha256: i.toString(16).padStart(64, '0'),
        storage_key: `k${i}`,
        status: 'VECTORIZED',
        metadata: '{}',
      })
      .execute();
  }
  const get = (url: string, encoding: string | null, extra: Record<string, string> = {}) =>
    app.inject({
      url,
      headers: { ...admin.headers, ...(encoding === null ? {} : { 'accept-encoding': encoding }), ...extra },
    });

  const list = '/api/documents?limit=100';
  const plain = await get(list, null);
  t.equal(plain.headers['content-encoding'], undefined, 'no Accept-Encoding: sent as is');
  t.equal(plain.json().data.items.length, 100);
  const sizes: Record<string, [number, number, number]> = {};
  for (const [label, url, extra] of [
    ['100-document list (JSON)', list, {}],
    ['widget.js', '/widget.js', {}],
    ...readdirSync(join(CONSOLE_DIST, 'assets'))
      .filter((f) => /^index-.*\.js$/.test(f))
      .map((f) => ['console JS', `/app/assets/${f}`, {}] as const),
  ] as const) {
    const identity = await get(url, 'identity', extra);
    const br = await get(url, 'gzip, deflate, br', extra);
    const gz = await get(url, 'gzip', extra);
    t.equal(br.headers['content-encoding'], 'br', `${label}: Brotli when offered`);
    t.equal(gz.headers['content-encoding'], 'gzip', `${label}: gzip when only gzip is offered`);
    t.equal(identity.headers['content-encoding'], undefined, `${label}: identity stays plain`);
    t.match(br.headers.vary, /accept-encoding/i, `${label}: Vary: Accept-Encoding`);
    t.ok(
      decode('br', br.rawPayload).equals(identity.rawPayload),
      `${label}: Brotli decodes to the same bytes`,
    );
    t.ok(
      decode('gzip', gz.rawPayload).equals(identity.rawPayload),
      `${label}: gzip decodes to the same bytes`,
    );
    t.ok(br.rawPayload.length < identity.rawPayload.length / 2, `${label}: less than half the bytes`);
    sizes[label] = [identity.rawPayload.length, gz.rawPayload.length, br.rawPayload.length];
  }
  for (const [label, [raw, gz, br]] of Object.entries(sizes))
    t.comment(`${label}: ${raw} B plain, ${gz} B gzip, ${br} B Brotli`);

  const refuseBr = await get(list, 'br;q=0, gzip');
  t.equal(refuseBr.headers['content-encoding'], 'gzip', 'br;q=0 is honoured');
  const small = await get('/api/topics', 'br, gzip');
  t.equal(small.headers['content-encoding'], undefined, 'an answer under 1 kB goes plain');

  // The widget's ETag is weak (one tag for every encoding) and revalidates whichever form is sent back.
  const widget = await get('/widget.js', 'br');
  t.match(widget.headers.etag, /^W\/"/, 'the widget’s ETag is weak');
  const tag = String(widget.headers.etag);
  t.equal((await get('/widget.js', 'br', { 'if-none-match': tag })).statusCode, 304);
  t.equal((await get('/widget.js', 'gzip', { 'if-none-match': tag.slice(2) })).statusCode, 304);
  t.equal((await get('/widget.js', 'br', { 'if-none-match': 'W/"other"' })).statusCode, 200);

  // The original's download: its bytes and exact Content-Length, whatever the client accepts.
  const text = Buffer.from('Opening hours are 8am to 6pm on weekdays. '.repeat(200));
  const form = multipartBody({}, { filename: 'hours.txt', bytes: text, contentType: 'text/plain' });
  const up = await app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    headers: { ...admin.headers, ...form.headers },
    payload: form.payload,
  });
  t.equal(up.statusCode, 201, up.body);
  const file = await get(`/api/documents/${up.json().data.id}/file`, 'gzip, br');
  t.equal(file.statusCode, 200);
  t.equal(file.headers['content-encoding'], undefined, 'a download is never compressed');
  t.equal(Number(file.headers['content-length']), text.length, 'and keeps its exact Content-Length');
  t.ok(file.rawPayload.equals(text), 'the stored bytes');

  // A chat stream over real HTTP: SSE, never compressed, though the client accepts both.
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const stream = await fetch(`${address}/api/chat/stream`, {
    method: 'POST',
    headers: {
      ...admin.headers,
      'content-type': 'application/json',
      accept: 'text/event-stream',
      'accept-encoding': 'br, gzip',
    },
    body: JSON.stringify({ message: 'When is the support desk open?' }),
  });
  t.equal(stream.status, 200);
  t.match(stream.headers.get('content-type'), /^text\/event-stream/);
  t.equal(stream.headers.get('content-encoding'), null, 'an SSE stream is not compressed');
  t.match(await stream.text(), /"type":"done"/, 'and streams to its done event');
});
