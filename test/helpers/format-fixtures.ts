/**
 * Real files of the formats without a public sample at hand, each written by that format's own
 * library: PPTX by PptxGenJS, EML by Nodemailer's MIME composer, MSG as a Compound File (SheetJS
 * `cfb`) holding the MAPI property streams of [MS-OXMSG]. ODS, ODT, ODP and EPUB are committed
 * under test/fixtures/formats/ (written by odfpy and EbookLib: scripts/fixtures/).
 */
import { readFileSync } from 'node:fs';
import PptxGenJSModule from 'pptxgenjs';
import MailComposerModule from 'nodemailer/lib/mail-composer';
import CFB from 'cfb';
import iconv from 'iconv-lite';

// CommonJS with `exports.default`: Node's ESM import may see it one level down.
const PptxGenJS = ((PptxGenJSModule as unknown as { default?: unknown }).default ??
  PptxGenJSModule) as unknown as typeof import('pptxgenjs').default;

/**
 * Nodemailer 10 ships CJS and ESM builds whose declarations disagree on the default export under
 * tap's TypeScript loader, so the composer is typed here by the two calls this file makes.
 */
type MailComposerClass = new (mail: Record<string, unknown>) => {
  compile(): { build(): Promise<Buffer> };
};
const MailComposer = ((MailComposerModule as unknown as { default?: unknown }).default ??
  MailComposerModule) as unknown as MailComposerClass;

/** A committed fixture of test/fixtures/formats/. */
export const fixture = (name: string): Uint8Array =>
  new Uint8Array(readFileSync(new URL(`../fixtures/formats/${name}`, import.meta.url)));

/** Three slides with speaker notes; slide 2's note holds a fact found nowhere else. */
export async function pptxDeck(): Promise<Uint8Array> {
  const deck = new PptxGenJS();
  deck.title = 'Warehouse automation pitch';
  const slides = [
    ['Warehouse automation', 'A proposal for the Rotterdam site.', 'Introduce the team.'],
    [
      'Robots',
      'The Rotterdam warehouse will run 64 picking robots from June.',
      'If asked: the robots are leased from Kivo Systems for 7 years.',
    ],
    ['Next steps', 'Board approval is expected in April.', 'Thank the audience.'],
  ];
  for (const [title, body, note] of slides) {
    const slide = deck.addSlide();
    slide.addText(title!, { x: 0.5, y: 0.3, w: 9, h: 1, fontSize: 32 });
    slide.addText(body!, { x: 0.5, y: 1.8, w: 9, h: 1 });
    slide.addNotes(note!);
  }
  return new Uint8Array((await deck.write({ outputType: 'nodebuffer' })) as Buffer);
}

/**
 * An RFC 5322 message; its attachments by default a Latin-1 text file and an ODT. `contentType`
 * as Nodemailer takes it (from the file name when absent).
 */
export async function emlMessage(
  attachments?: { filename: string; content: Uint8Array; contentType?: string }[],
): Promise<Uint8Array> {
  const mail = new MailComposer({
    from: 'Greta Lindqvist <greta@example.com>',
    to: 'Ops team <ops@example.com>',
    subject: 'Ferry timetable change',
    date: new Date('2026-03-02T09:15:00Z'),
    text: 'Hello all,\n\nFrom 1 April the morning ferry to Vaxholm leaves at 07:40 instead of 07:10.\n\nGreta',
    attachments: (
      attachments ?? [
        {
          filename: 'minutes.txt',
          content: iconv.encode(
            'Minutes of the harbour board.\n\nThe board approved a café kiosk on pier 4, run by Søren Bækgaard.',
            'latin1',
          ),
        },
        { filename: 'harbour-handbook.odt', content: fixture('harbour-handbook.odt') },
      ]
    ).map((a) => ({ ...a, content: Buffer.from(a.content) })),
  });
  return new Uint8Array(await mail.compile().build());
}

const utf16 = (s: string) => Buffer.from(s + '\0', 'utf16le');

/** A MAPI property stream entry: tag, flags (readable/writable), 8-byte value. */
function property(tag: number, value: Buffer): Buffer {
  const entry = Buffer.alloc(16);
  entry.writeUInt32LE(tag, 0);
  entry.writeUInt32LE(6, 4);
  value.copy(entry, 8, 0, 8);
  return entry;
}

/** Variable-length properties carry their size in the property stream ([MS-OXMSG] 2.4.2.2). */
const sized = (tag: number, bytes: Buffer) => {
  const v = Buffer.alloc(8);
  v.writeUInt32LE(bytes.length, 0);
  return property(tag, v);
};

/** The attached file of `msgMessage()` by default. */
const FORKLIFT_REPORT = {
  name: 'forklift-report.txt',
  bytes: Buffer.from(
    'Forklift inspection report\n\nForklift FL-7 at Gdansk failed its brake test and is out of service until 20 February.\n',
  ),
};

/**
 * An Outlook message: subject, sender, one To recipient, plain-text body and attached files (by
 * default one report), laid out as Outlook writes them ([MS-OXMSG] 2.2–2.4).
 */
export function msgMessage(
  attachments: { name: string; bytes: Uint8Array }[] = [FORKLIFT_REPORT],
): Uint8Array {
  const cfb = CFB.utils.cfb_new();
  const add = (path: string, bytes: Buffer) => CFB.utils.cfb_add(cfb, path, bytes);
  const strings: [number, string][] = [
    [0x0037001f, 'Quarterly audit of the Gdansk depot'],
    [0x0c1a001f, 'Tomasz Wojcik'],
    [0x0c1f001f, 'tomasz@example.com'],
    [0x5d01001f, 'tomasz@example.com'],
    [0x0e04001f, 'Audit Team'],
    [0x1000001f, 'Hi,\r\n\r\nThe Gdansk depot audit found 3 forklifts overdue for inspection.\r\n\r\nTomasz'],
  ];
  const props: Buffer[] = [];
  for (const [tag, text] of strings) {
    add(`/__substg1.0_${tag.toString(16).toUpperCase().padStart(8, '0')}`, utf16(text));
    props.push(sized(tag, utf16(text)));
  }
  const sent = Buffer.alloc(8);
  sent.writeBigUInt64LE((BigInt(Date.UTC(2026, 0, 15, 8, 30)) + 11644473600000n) * 10000n);
  props.push(property(0x00390040, sent)); // PR_CLIENT_SUBMIT_TIME, a FILETIME
  const header = Buffer.alloc(32);
  header.writeUInt32LE(1, 8); // next recipient id
  header.writeUInt32LE(attachments.length, 12); // next attachment id
  header.writeUInt32LE(1, 16); // recipient count
  header.writeUInt32LE(attachments.length, 20); // attachment count
  add('/__properties_version1.0', Buffer.concat([header, ...props]));
  add('/__nameid_version1.0/__substg1.0_00020102', Buffer.alloc(0));

  const recip = '/__recip_version1.0_#00000000';
  add(`${recip}/__substg1.0_3001001F`, utf16('Audit Team'));
  add(`${recip}/__substg1.0_39FE001F`, utf16('audit@example.com'));
  const to = Buffer.alloc(8);
  to.writeUInt32LE(1, 0); // MAPI_TO
  add(`${recip}/__properties_version1.0`, Buffer.concat([Buffer.alloc(8), property(0x0c150003, to)]));

  for (const [i, file] of attachments.entries()) {
    const attach = `/__attach_version1.0_#${i.toString(16).toUpperCase().padStart(8, '0')}`;
    const bytes = Buffer.from(file.bytes);
    const extension = file.name.includes('.') ? file.name.slice(file.name.lastIndexOf('.')) : '';
    add(`${attach}/__substg1.0_3707001F`, utf16(file.name));
    add(`${attach}/__substg1.0_3704001F`, utf16(file.name.slice(0, 8) + extension));
    add(`${attach}/__substg1.0_37010102`, bytes);
    const method = Buffer.alloc(8);
    method.writeUInt32LE(1, 0); // ATTACH_BY_VALUE
    add(
      `${attach}/__properties_version1.0`,
      Buffer.concat([Buffer.alloc(8), property(0x37050003, method), sized(0x37010102, bytes)]),
    );
  }
  return new Uint8Array(CFB.write(cfb, { type: 'buffer' }) as Buffer);
}

/** An RTF document with a title and escaped Latin-1 and Unicode characters, as Word writes them. */
export const rtfDocument = (): Uint8Array =>
  Buffer.from(
    String.raw`{\rtf1\ansi\ansicpg1252\deff0{\fonttbl{\f0 Times New Roman;}}` +
      String.raw`{\info{\title Glacier survey notes}}\f0\fs24 {\b Glacier survey}\par ` +
      String.raw`The Vatnaj\'f6kull survey found the ice front retreated 412 metres since 1995.\par ` +
      String.raw`The survey cost 18 000 \u8364? in total.\par }`,
    'latin1',
  );
