import type { Readable } from 'node:stream';
import { mkdir, open, readFile, rm, writeFile, rename } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/**
 * Where uploaded originals live, keyed `<companyId>/<documentId>`: the local directory
 * (DATA_DIR/files, the default) or S3-compatible object storage (FILE_STORE=s3,
 * src/documents/s3-file-store.ts). API and worker must reach the same one (store-identity.ts).
 */
export interface FileStore {
  /** `local:/abs/path` or `s3://bucket/prefix` (for messages; no secrets). */
  readonly location: string;
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** @throws FileMissingError when nothing is stored under `key`. */
  get(key: string): Promise<Uint8Array>;
  /**
   * The stored bytes as a stream, with their size in bytes, read from one open file handle or one
   * object version (a delete or replace meanwhile cannot mix two files). Null when nothing is
   * stored under `key`.
   */
  openRead(key: string): Promise<{ stream: Readable; size: number } | null>;
  /**
   * Writes `bytes` under `key` unless something is stored there already.
   * @returns what is stored under `key` afterwards (the existing bytes when there were some).
   */
  putIfAbsent(key: string, bytes: Uint8Array): Promise<Uint8Array>;
  delete(key: string): Promise<void>;
}

/** Nothing is stored under the key: for a document, its original is not in this process's store. */
export class FileMissingError extends Error {
  override name = 'FileMissingError';
}

/**
 * Originals on local disk under `root` (DATA_DIR/files). Writes go to a temp name and are
 * renamed, so a crash never leaves a half file under a key.
 */
export function localFileStore(root: string): FileStore {
  const absRoot = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(absRoot, key);
    if (!path.startsWith(absRoot + sep)) throw new Error(`file key escapes the store: ${key}`);
    return path;
  };
  return {
    location: `local:${absRoot}`,
    async put(key, bytes) {
      const path = pathOf(key);
      // Owner-only: originals are company documents (directories 0700, files 0600).
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      const tmp = `${path}.${process.pid}.tmp`;
      await writeFile(tmp, bytes, { mode: 0o600 });
      await rename(tmp, path);
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT')
          throw new FileMissingError(`${key} is not in ${absRoot}`);
        throw err;
      }
    },
    async putIfAbsent(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      // 'wx' fails when the file exists: of two processes starting at once, one writes.
      await writeFile(path, bytes, { mode: 0o600, flag: 'wx' }).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'EEXIST') throw err;
      });
      return new Uint8Array(await readFile(path));
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
