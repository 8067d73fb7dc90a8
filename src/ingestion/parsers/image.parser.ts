/**
 * Images (PNG, JPEG, WebP, TIFF): the picture is read by OCR (src/ingestion/ocr/), one page.
 * PNG and JPEG go to tesseract as they are; WebP is decoded by @napi-rs/canvas and re-encoded as
 * PNG; TIFF is read by tesseract's own decoder (leptonica), first page only.
 */
import { loadImage, createCanvas } from '@napi-rs/canvas';
import { DocumentParseError, type ParsedDocument, type ParseOptions } from './types.ts';
import { finishDocument, hasWordCharacters, normaliseInline } from './text-utils.ts';
import { ocrImage } from '../ocr/ocr.ts';

export const IMAGE_NO_OCR = 'the file is an image and OCR is turned off (OCR_ENABLED)';
export const IMAGE_NO_TEXT = 'no text: OCR found nothing readable in the image';
export const IMAGE_DAMAGED = 'the image is damaged or in a form that cannot be read';

/** Most pixels read; larger images are refused rather than exhaust the parser (≈ A4 at 600 DPI). */
const MAX_PIXELS = 40_000_000;

/** @throws DocumentParseError IMAGE_NO_OCR, IMAGE_DAMAGED, IMAGE_NO_TEXT, or too many pixels */
export async function parseImage(bytes: Uint8Array, options: ParseOptions = {}): Promise<ParsedDocument> {
  if (!options.ocr) throw new DocumentParseError(IMAGE_NO_OCR);
  const isWebp = bytes.length > 12 && new TextDecoder('latin1').decode(bytes.subarray(8, 12)) === 'WEBP';
  const isTiff = bytes[0] === 0x49 || bytes[0] === 0x4d;
  let input: Buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (!isTiff) {
    let image;
    try {
      image = await loadImage(input);
    } catch (error) {
      throw new DocumentParseError(IMAGE_DAMAGED, { cause: error });
    }
    if (image.width * image.height > MAX_PIXELS) {
      throw new DocumentParseError(`the image has more than ${MAX_PIXELS.toLocaleString('en')} pixels`);
    }
    if (isWebp) {
      const canvas = createCanvas(image.width, image.height);
      canvas.getContext('2d').drawImage(image, 0, 0);
      input = canvas.toBuffer('image/png');
    }
  }
  // The picture's one page: reported once it has passed the pixel limit, so a refused image is granted nothing.
  options.onProgress?.({ ocrPage: 1 });
  let page;
  try {
    page = await ocrImage(input, options.language);
  } catch (error) {
    throw new DocumentParseError(IMAGE_DAMAGED, { cause: error });
  }
  const blocks = page.text
    .split(/\n\s*\n/)
    .map((p) => normaliseInline(p))
    .filter((text) => hasWordCharacters(text))
    .map((text) => ({ kind: 'paragraph' as const, text, page: 1 }));
  if (blocks.length === 0) throw new DocumentParseError(IMAGE_NO_TEXT);
  return { ...finishDocument(blocks, { pageCount: 1 }), ocr: [{ page: 1, confidence: page.confidence }] };
}
