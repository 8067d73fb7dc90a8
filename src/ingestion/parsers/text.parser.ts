/** Plain text: one paragraph per blank-line-separated run of lines. */
import type { DocumentBlock, ParsedDocument } from './types.ts';
import { addBlock, decodeText, finishDocument, guard } from './text-utils.ts';

/**
 * Parses plain text (UTF-8 with or without BOM, UTF-16 with BOM, else Windows-1252). Lines
 * within a paragraph are joined with spaces; form feeds count as paragraph breaks. No title.
 * @throws DocumentParseError "the document is empty" for empty or whitespace-only text.
 */
export async function parseText(bytes: Uint8Array): Promise<ParsedDocument> {
  return guard('the text file could not be read', async () => {
    const text = decodeText(bytes).replace(/\r\n?/g, '\n');
    const blocks: DocumentBlock[] = [];
    for (const paragraph of text.split(/\n[ \t]*(?:\n|\f)|\f/)) addBlock(blocks, 'paragraph', paragraph);
    return finishDocument(blocks);
  });
}
