/**
 * EML (RFC 5322 / MIME messages) through mailparser, the parser of the Nodemailer project:
 * headers decoded (RFC 2047 words, any charset), the text part or the HTML part turned to text,
 * attachments (nested messages too) with their bytes. Inline parts that an HTML body shows
 * (signature logos, `cid:` images) are not attachments.
 */
import { simpleParser, type AddressObject } from 'mailparser';
import { DocumentParseError, type ParsedDocument } from './types.ts';
import { EMPTY_DOCUMENT } from './text-utils.ts';
import { mailDocument } from './mail.ts';

export const EML_DAMAGED = 'the e-mail message could not be read';

const addresses = (a: AddressObject | AddressObject[] | undefined): string =>
  (Array.isArray(a) ? a : a ? [a] : []).map((x) => x.text).join(', ');

/** @throws DocumentParseError EML_DAMAGED or EMPTY_DOCUMENT */
export async function parseEml(bytes: Uint8Array): Promise<ParsedDocument> {
  if (bytes.length === 0) throw new DocumentParseError(EMPTY_DOCUMENT);
  let mail;
  try {
    mail = await simpleParser(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      skipImageLinks: true,
      skipTextLinks: true,
      skipTextToHtml: true,
      keepCidLinks: false,
    });
  } catch (error) {
    throw new DocumentParseError(EML_DAMAGED, { cause: error });
  }
  return mailDocument({
    subject: mail.subject ?? '',
    from: addresses(mail.from),
    to: addresses(mail.to),
    cc: addresses(mail.cc),
    date: mail.date ?? null,
    body: mail.text ?? '',
    attachments: mail.attachments
      .filter((a) => !a.related)
      .map((a, i) => ({ name: a.filename ?? `attachment-${i + 1}`, bytes: new Uint8Array(a.content) })),
  });
}
