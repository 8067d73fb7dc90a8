import t from 'tap';
import { contentDisposition } from '../../src/lib/content-disposition.ts';

t.test('RFC 6266 Content-Disposition with an ASCII fallback and a UTF-8 filename*', async (t) => {
  t.equal(
    contentDisposition('attachment', 'Été "2024" 100%.docx'),
    `attachment; filename="_t_ _2024_ 100_.docx"; filename*=UTF-8''%C3%89t%C3%A9%20%222024%22%20100%25.docx`,
  );
  t.equal(
    contentDisposition('inline', "it's (a) *.pdf"),
    `inline; filename="it's (a) *.pdf"; filename*=UTF-8''it%27s%20%28a%29%20%2A.pdf`,
    "RFC 8187 attr-char: ' ( ) * are percent-encoded",
  );
  const hostile = contentDisposition('attachment', '../../etc/passwd\r\nSet-Cookie: a=b\\x');
  t.notMatch(hostile, /[\r\n\\/]/, 'no header break, no path separator');
  t.match(hostile, /filename="\.\.\.\.etcpasswdSet-Cookie: a=bx"/);
  t.equal(
    contentDisposition('attachment', ' \u0000\t/ '),
    `attachment; filename="download"; filename*=UTF-8''download`,
  );
  t.equal(contentDisposition('attachment', '', 'file'), `attachment; filename="file"; filename*=UTF-8''file`);
});
