import type { ReadStream } from 'node:fs';
import { mkdir, open, readFile, rm, writeFile, rename } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/**
 * Original files on local disk under `root` (DATA_DIR/files), keyed `<companyId>/<documentId>`.
 * Writes go to a temp name and are renamed, so a crash never leaves a half file under a key.
 */
export interface FileStore {
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Uint8Array>;
  /**
   * The stored bytes as a stream, with their size in bytes, read from one open file handle (a
   * delete or replace meanwhile cannot mix two files). Null when nothing is stored under `key`.
   */
  openRead(key: string): Promise<{ stream: ReadStream; size: number } | null>;
  delete(key: string): Promise<void>;
}

export function localFileStore(root: string): FileStore {
  const absRoot = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(absRoot, key);
    if (!path.startsWith(absRoot + sep)) throw new Error(`file key escapes the store: ${key}`);
    return path;
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      // Owner-only: originals are company documents (directories 0700, files 0600).
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      const tmp = `${path}.${process.pid}.tmp`;
      await writeFile(tmp, bytes, { mode: 0o600 });
      await rename(tmp, path);
    },
    async get(key) {
      return new Uint8Array(await readFile(pathOf(key)));
    },
    async openRead(key) {
      const handle = await open(pathOf(key), 'r').catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return null;
        throw err;
      });
      if (!handle) return null;
      try {
        const { size } = await handle.stat();
        return { stream: handle.createReadStream(), size };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

export const fileKey = (companyId: string, documentId: string) => join(companyId, documentId);
