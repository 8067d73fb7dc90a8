import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** Where `npm run build:widget` writes the bundle. */
export const WIDGET_FILE = fileURLToPath(new URL('../../widget/dist/widget.js', import.meta.url));

/** Subresource Integrity of the bundle: `sha384-<base64>` (W3C SRI §3.1). */
export const widgetIntegrity = (bytes: Buffer) =>
  `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

/** The built bundle with what serving it needs. */
export interface WidgetBundle {
  bytes: Buffer;
  integrity: string;
  /** First 16 hex characters of the SHA-256: the immutable URL's version and the ETag. */
  version: string;
}

/**
 * Reads the bundle once and keeps it; while it is missing, every call tries again (so a build
 * made after the server started is picked up) and resolves null.
 */
export function widgetLoader(file = WIDGET_FILE): () => Promise<WidgetBundle | null> {
  let bundle: WidgetBundle | null = null;
  return async () => {
    if (bundle) return bundle;
    const bytes = await readFile(file).catch(() => null);
    if (!bytes) return null;
    bundle = {
      bytes,
      integrity: widgetIntegrity(bytes),
      version: createHash('sha256').update(bytes).digest('hex').slice(0, 16),
    };
    return bundle;
  };
}
