import { Zip, ZipDeflate, ZipPassThrough, strToU8, zipSync } from 'fflate';

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';
const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

/**
 * The element bomb of the ingestion issue: a valid DOCX whose `word/document.xml` is `mb` MB of
 * well-formed empty paragraphs; 64 MB compresses to about 100 kB.
 */
export function elementBombDocx(mb = 64): Uint8Array {
  const paragraphs = '<w:p/>'.repeat(Math.floor((mb * 1024 * 1024) / 6));
  return zipSync(
    {
      '[Content_Types].xml': strToU8(CONTENT_TYPES),
      '_rels/.rels': strToU8(RELS),
      'word/document.xml': strToU8(`<w:document xmlns:w="${W}"><w:body>${paragraphs}</w:body></w:document>`),
    },
    { level: 9 },
  );
}

/**
 * A classic zip bomb in a DOCX: a normal document plus an entry of `mb` MB of zeros, deflated
 * in a stream so the test never holds the inflated bytes (1 GB → about 1 MB).
 */
export function zipBombDocx(mb = 1024): Uint8Array {
  const parts: Uint8Array[] = [];
  const zip = new Zip((err, chunk) => {
    if (err) throw err;
    parts.push(chunk);
  });
  const add = (name: string, text: string) => {
    const file = new ZipPassThrough(name);
    zip.add(file);
    file.push(strToU8(text), true);
  };
  add('[Content_Types].xml', CONTENT_TYPES);
  add('_rels/.rels', RELS);
  add(
    'word/document.xml',
    `<w:document xmlns:w="${W}"><w:body><w:p><w:r><w:t>Quarterly report</w:t></w:r></w:p></w:body></w:document>`,
  );
  const bomb = new ZipDeflate('word/media/image1.bin', { level: 9 });
  zip.add(bomb);
  const zeros = new Uint8Array(1024 * 1024);
  for (let i = 0; i < mb; i++) bomb.push(zeros, i === mb - 1);
  zip.end();
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
