/**
 * Outlook MSG (a Compound File of MAPI properties, [MS-OXMSG]) through @kenjiuno/msgreader:
 * subject, sender, recipients, sending time, plain-text body and attached files. Attached
 * Outlook items (a message inside a message) carry no file bytes in the format, so they are named
 * but not ingested.
 */
import MsgReaderModule, { type FieldsData } from '@kenjiuno/msgreader';
import { DocumentParseError, type ParsedDocument } from './types.ts';
import { EMPTY_DOCUMENT } from './text-utils.ts';
import { mailDocument, MAX_ATTACHMENTS } from './mail.ts';

export const MSG_DAMAGED = 'the Outlook message (.msg) could not be read';

// The package is CommonJS with `exports.default`: Node's ESM import sees it one level down.
const MsgReader = ((MsgReaderModule as unknown as { default?: unknown }).default ??
  MsgReaderModule) as unknown as typeof import('@kenjiuno/msgreader/lib/MsgReader.js').default;

/** @throws DocumentParseError MSG_DAMAGED or EMPTY_DOCUMENT */
export async function parseMsg(bytes: Uint8Array): Promise<ParsedDocument> {
  if (bytes.length === 0) throw new DocumentParseError(EMPTY_DOCUMENT);
  try {
    const copy = bytes.slice();
    const reader = new MsgReader(copy.buffer);
    const data = reader.getFileData();
    if (data.error) throw new Error(data.error);
    const people = (type: string) =>
      (data.recipients ?? [])
        .filter((r: FieldsData) => (r.recipType ?? 'to') === type)
        .map((r: FieldsData) => person(r.name, r.smtpAddress ?? r.email))
        .join(', ');
    const files = (data.attachments ?? []).filter(
      (a: FieldsData) => !a.innerMsgContent && !a.attachmentHidden,
    );
    const date = data.clientSubmitTime ?? data.messageDeliveryTime ?? data.creationTime;
    return mailDocument({
      subject: data.subject ?? '',
      from: person(data.senderName, data.senderSmtpAddress ?? data.senderEmail),
      to: people('to'),
      cc: people('cc'),
      date: date ? new Date(date) : null,
      body: data.body ?? '',
      attachments: files.slice(0, MAX_ATTACHMENTS).map((a: FieldsData, i: number) => {
        const file = reader.getAttachment(a);
        return { name: file.fileName || `attachment-${i + 1}`, bytes: file.content };
      }),
    });
  } catch (error) {
    if (error instanceof DocumentParseError) throw error;
    throw new DocumentParseError(MSG_DAMAGED, { cause: error });
  }
}

/** "Name <address>", or whichever of the two there is. */
function person(name?: string, address?: string): string {
  if (name && address && name !== address) return `${name} <${address}>`;
  return name || address || '';
}
