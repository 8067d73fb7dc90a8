import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A one-page PDF with `text` in Helvetica (enough for the PDF parser). */
export function onePagePdf(text: string): Buffer {
  const content = `BT /F1 12 Tf 72 700 Td (${text}) Tj ET`;
  const objs = [
    '',
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let i = 1; i < objs.length; i++) {
    offsets[i] = out.length;
    out += `${i} 0 obj\n${objs[i]}\nendobj\n`;
  }
  const xref = out.length;
  out += `xref\n0 ${objs.length}\n0000000000 65535 f \n`;
  for (let i = 1; i < objs.length; i++) out += `${String(offsets[i]).padStart(10, '0')} 00000 n \n`;
  return Buffer.from(`${out}trailer\n<< /Size ${objs.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
}

export interface Page {
  body?: Buffer | string;
  type?: string;
  /** A redirect target instead of a body. */
  location?: string;
  /** An error status (e.g. 503) answered instead of the page. */
  status?: number;
}

/**
 * A local web site on 127.0.0.1 serving `pages` (changed by the test between syncs) with ETags
 * and 304s for If-None-Match, and logging every request with its status.
 */
export async function startSite(pages: Map<string, Page>) {
  const log: { path: string; status: number }[] = [];
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const page = pages.get(path);
    const done = (status: number) => log.push({ path, status });
    if (!page) {
      res.writeHead(404).end('not found');
      return done(404);
    }
    if (page.status) {
      res.writeHead(page.status).end('unavailable');
      return done(page.status);
    }
    if (page.location) {
      res.writeHead(301, { location: page.location }).end();
      return done(301);
    }
    const body = Buffer.from(page.body ?? '');
    const etag = `"${createHash('sha1').update(body).digest('hex')}"`;
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, { etag }).end();
      return done(304);
    }
    res.writeHead(200, { 'content-type': page.type ?? 'text/html; charset=utf-8', etag }).end(body);
    done(200);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, log, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** A small HTML page with a title, a paragraph and links. */
export const html = (title: string, text: string, links: string[] = []) =>
  `<!doctype html><html><head><title>${title}</title></head><body><article><h1>${title}</h1><p>${text}</p>` +
  `<p>${text} This paragraph repeats so readability keeps the article body intact for the parser.</p>` +
  links.map((l) => `<a href="${l}">${l}</a>`).join(' ') +
  `</article></body></html>`;
