/** A multipart/form-data body for `inject`, built by hand so tests control every byte. */
export function multipartBody(
  fields: Record<string, string>,
  file?: { field?: string; filename: string; bytes: Uint8Array; contentType?: string },
) {
  const boundary = `----cograg${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Polls the document until it leaves UPLOADED/PROCESSING; returns its final detail. */
export async function waitForDocument(
  app: { inject: (o: object) => Promise<{ json(): { data: { status: string } } }> },
  headers: Record<string, string>,
  id: string,
  timeoutMs = 300_000,
) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const res = await app.inject({ method: 'GET', url: `/api/documents/${id}`, headers });
    const data = res.json().data;
    if (data.status === 'VECTORIZED' || data.status === 'ERROR')
      return data as Record<string, unknown> & { status: string };
    if (Date.now() > end) throw new Error(`document ${id} still ${data.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
