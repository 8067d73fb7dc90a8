import t from 'tap';
import { strToU8, zipSync } from 'fflate';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { multipartBody, waitForDocument } from '../helpers/multipart.ts';
import { emlMessage, fixture } from '../helpers/format-fixtures.ts';
import { parseDocument, DocumentParseError } from '../../src/ingestion/parsers/index.ts';
import { sniffFormat } from '../../src/ingestion/sniff.ts';
import { MAX_ATTACHMENTS } from '../../src/ingestion/parsers/mail.ts';
import { MAX_ATTACHMENT_DEPTH } from '../../src/ingestion/attachments.ts';

/** An ODF package: the `mimetype` entry first and stored, as the OpenDocument spec requires. */
function odf(mimetype: string, content: string, extra: Record<string, Uint8Array> = {}): Uint8Array {
  return zipSync(
    {
      mimetype: [strToU8(mimetype), { level: 0 }],
      'content.xml': strToU8(content),
      'META-INF/manifest.xml': strToU8(
        '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"/>',
      ),
      ...extra,
    },
    { level: 9 },
  );
}

t.test('hostile OpenDocument and slide files end in a clear parse error', async (t) => {
  const rows = '<table:table-row/>'.repeat(2_100_000);
  const elementBomb = odf(
    'application/vnd.oasis.opendocument.spreadsheet',
    `<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"><office:body><office:spreadsheet><table:table table:name="A">${rows}</table:table></office:spreadsheet></office:body></office:document-content>`,
  );
  t.ok(elementBomb.length < 1024 * 1024, `the element bomb is ${elementBomb.length} bytes`);
  t.match(await sniffFormat(elementBomb), { format: 'ods' });
  await t.rejects(parseDocument('ods', elementBomb), {
    message: /more than 2,000,000 elements|zip bomb/,
  });

  const zeros = zipSync(
    {
      mimetype: [strToU8('application/vnd.oasis.opendocument.text'), { level: 0 }],
      'content.xml': new Uint8Array(200 * 1024 * 1024),
    },
    { level: 9 },
  );
  await t.rejects(parseDocument('odt', zeros), { message: /zip bomb/ }, 'a classic zip bomb');
  const unsafe = odf('application/vnd.oasis.opendocument.text', '<x/>', { '../evil.xml': strToU8('<x/>') });
  await t.rejects(parseDocument('odt', unsafe), { message: /unsafe name/ });
  const handbook = fixture('harbour-handbook.odt');
  for (const format of ['odt', 'ods', 'odp', 'pptx', 'epub', 'rtf', 'eml', 'msg'] as const) {
    for (const bytes of [
      handbook.subarray(0, 700),
      Uint8Array.from({ length: 300 }, (_, i) => (i * 37) % 256),
    ]) {
      await t.rejects(parseDocument(format, bytes), DocumentParseError, `${format}: damaged input`);
    }
  }
});

t.test(`at most ${MAX_ATTACHMENTS} attachments per message are kept`, async (t) => {
  const many = Array.from({ length: MAX_ATTACHMENTS + 5 }, (_, i) => ({
    filename: `note-${i}.txt`,
    content: strToU8(`Note number ${i}.`),
  }));
  const parsed = await parseDocument('eml', await emlMessage(many));
  t.equal(parsed.attachments?.length, MAX_ATTACHMENTS);
  t.match(parsed.blocks.map((b) => b.text).join('\n'), /note-24\.txt/, 'all are named in the text');
});

t.test(`messages nested more than ${MAX_ATTACHMENT_DEPTH} deep are named, not ingested`, async (t) => {
  const { app } = await buildTestApp(t, { worker: true });
  const { headers } = await signUp(app);
  let message = await emlMessage([{ filename: 'deepest.txt', content: strToU8('The innermost note.') }]);
  for (let level = 0; level < MAX_ATTACHMENT_DEPTH; level++) {
    // As a file, not a message/rfc822 part: mailparser lifts the attachments of those to the top.
    message = await emlMessage([
      { filename: `forward-${level}.eml`, content: message, contentType: 'application/octet-stream' },
    ]);
  }
  const body = multipartBody({}, { filename: 'thread.eml', bytes: message });
  const up = await app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  let id = up.json().data.id as string;
  for (let depth = 0; depth <= MAX_ATTACHMENT_DEPTH; depth++) {
    const doc = await waitForDocument(app, headers, id);
    t.equal(doc.status, 'VECTORIZED', `depth ${depth}`);
    const outcome = (doc.metadata as { attachments: { documentId: string | null; skipped?: string }[] })
      .attachments[0]!;
    if (depth < MAX_ATTACHMENT_DEPTH) {
      t.ok(outcome.documentId, `depth ${depth}: its attachment is a child document`);
      id = outcome.documentId!;
    } else {
      t.match(
        outcome,
        { documentId: null, skipped: /nested more than 2 messages deep/ },
        'the deepest is not',
      );
    }
  }
  const all = (await app.inject({ method: 'GET', url: '/api/documents?limit=100', headers })).json().data;
  t.equal(all.pagination.total, MAX_ATTACHMENT_DEPTH + 1, 'the upload and its nested messages');
});
