/**
 * Shared by the e-mail parsers (EML, MSG): a message becomes its subject as a heading, one line per
 * header (From, To, Cc, Date) so a question about who wrote or when finds it, then the body's
 * paragraphs. Attachments are handed back to ingestion, which makes each a child document of the
 * message (src/ingestion/attachments.ts); at most MAX_ATTACHMENTS are kept per message.
 */
import type { DocumentBlock, ParsedDocument } from './types.ts';
import { addBlock, finishDocument, normaliseInline } from './text-utils.ts';

/**
 * Attachments kept per message, the rest named in the text but not ingested: a message with
 * hundreds of parts is a bomb or a mail merge, not a document set. Outlook's own default limit is
 * 20 MB per message, which rarely carries more than a few dozen files.
 */
export const MAX_ATTACHMENTS = 20;

/** One message, as either parser reads it. */
export interface MailMessage {
  subject: string;
  from: string;
  to: string;
  cc: string;
  /** The sending date, or null when the message has none. */
  date: Date | null;
  /** The plain-text body (from HTML when the message has only HTML). */
  body: string;
  attachments: { name: string; bytes: Uint8Array }[];
}

/** Builds the blocks of a message; title: its subject. @throws EMPTY_DOCUMENT with no text at all */
export function mailDocument(mail: MailMessage): ParsedDocument {
  const blocks: DocumentBlock[] = [];
  addBlock(blocks, 'heading', mail.subject, { level: 1 });
  const headers: [string, string][] = [
    ['From', mail.from],
    ['To', mail.to],
    ['Cc', mail.cc],
    ['Date', mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date.toISOString() : ''],
    ['Subject', mail.subject],
  ];
  const named = mail.attachments.map((a) => a.name);
  if (named.length > 0) headers.push(['Attachments', named.join(', ')]);
  for (const [name, value] of headers) {
    if (normaliseInline(value)) addBlock(blocks, 'paragraph', `${name}: ${value}`);
  }
  const body = mail.body.replace(/\r\n?/g, '\n');
  for (const paragraph of body.split(/\n[ \t]*\n/)) addBlock(blocks, 'paragraph', paragraph);
  const attachments = mail.attachments
    .filter((a) => a.bytes.length > 0)
    .slice(0, MAX_ATTACHMENTS)
    .map((a) => ({ name: safeName(a.name), bytes: a.bytes }));
  return { ...finishDocument(blocks, { title: mail.subject || null }), attachments };
}

/** A file name fit to show and store: no path, no control characters, at most 255 characters. */
function safeName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return normaliseInline(base).slice(0, 255) || 'attachment';
}
