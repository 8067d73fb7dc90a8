import { constants } from 'node:fs';
import { lstat, open, opendir, readlink, type FileHandle } from 'node:fs/promises';
import { isAbsolute, join, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import picomatch from 'picomatch';
import type { FolderConfig } from '../config.ts';
import {
  ConnectorSourceError,
  SourceItemError,
  type ConnectorSource,
  type ListContext,
  type SourceItem,
} from '../types.ts';

/**
 * Where Linux shows what an open descriptor refers to: `readlink` of `/proc/self/fd/<fd>` is the
 * kernel's path of the opened file or directory — its real location, no link in it, whatever
 * happened to the path that was opened since. Opening `/proc/self/fd/<fd>/<name>` goes through
 * the opened directory itself (like `openat`), never through the path again.
 */
export const FD_LINKS = '/proc/self/fd';

/** A directory of the share: no link followed at the last component, and never a FIFO's wait. */
const DIR_FLAGS = constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW | constants.O_NONBLOCK;
/** A file of the share: O_NONBLOCK so that a FIFO swapped in cannot hold the open forever. */
const FILE_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;
/** Bytes read at a time while fetching (the file's size bounds the total, counted as it comes). */
const READ_CHUNK = 1024 * 1024;

/** What was opened is not the path asked for: a component was swapped for a link, or moved. */
export class PathEscapeError extends Error {
  override name = 'PathEscapeError';
}

const below = (path: string, root: string) =>
  path === root || path.startsWith(root === sep ? sep : root + sep);

/**
 * Opens `root/rel` and proves, on the opened descriptor, that what it holds is that very path below
 * `root` (a real path: no link in it). `O_NOFOLLOW` refuses a link as the last component; a
 * sub-directory swapped for a symbolic link anywhere on the way, before or while the kernel walks
 * the path, makes the descriptor's real path (FD_LINKS) differ from the one asked for, and the
 * descriptor is closed before a byte is read. So nothing outside `root` is ever read, however the
 * share changes between a listing and a fetch.
 * @throws PathEscapeError when the opened file is not `root/rel`; ConnectorSourceError when the
 *   system shows no descriptor paths (no /proc: the check cannot be made, so nothing is read);
 *   the open's own error (ENOENT, ELOOP for a link, ENOTDIR…) otherwise.
 */
export async function openBelow(root: string, rel: string, flags: number): Promise<FileHandle> {
  const path = rel ? join(root, rel) : root;
  if (!below(path, root)) throw new PathEscapeError(`${rel} is not below ${root}`);
  const handle = await open(path, flags | constants.O_NOFOLLOW);
  try {
    const actual = await readlink(`${FD_LINKS}/${handle.fd}`).catch((err: Error) => {
      throw new ConnectorSourceError(
        `folder connectors need ${FD_LINKS} (Linux) to check that a file is below its root: ${err.message}`,
      );
    });
    if (actual !== path)
      throw new PathEscapeError(`${rel || root} is not where it was listed (a link or a move)`);
    return handle;
  } catch (err) {
    await handle.close();
    throw err;
  }
}

/** Reads the file to its end, at most `maxBytes`. @throws SourceItemError past `maxBytes`. */
async function readAtMost(file: FileHandle, maxBytes: number): Promise<Uint8Array> {
  const parts: Buffer[] = [];
  let total = 0;
  for (;;) {
    const { bytesRead, buffer } = await file.read({ buffer: Buffer.allocUnsafe(READ_CHUNK) });
    if (!bytesRead) break;
    total += bytesRead;
    if (total > maxBytes) throw new SourceItemError(`larger than ${maxBytes} bytes`);
    parts.push(buffer.subarray(0, bytesRead));
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * A directory the service can read (a mounted SMB/NFS share). Items are regular files below
 * `path` (symbolic links are skipped: they could leave the operator's roots), keyed by their path
 * relative to it (`/` separators), versioned `mtimeMs:size`, so an unchanged file costs one
 * `stat`. `include` globs (default all) and `exclude` globs match the relative path (picomatch,
 * dot files only when a glob names them). A sub-folder that cannot be read makes the listing
 * incomplete (nothing is deleted) rather than dropping its files.
 *
 * Path safety does not rest on the listing: every directory listed and every file fetched is
 * opened with `openBelow`, which checks on the opened descriptor that it is the path below the
 * connector's root (`config.path`, stored as its real path, itself below `roots`). Directories are
 * read and their entries stat'ed through the opened descriptor, so a sub-directory swapped for a
 * link to elsewhere between the listing and the fetch, or during either, is refused (Linux only:
 * elsewhere a sync fails saying so).
 */
export function folderSource(config: FolderConfig, roots: string[]): ConnectorSource {
  const include = config.include.length ? picomatch(config.include) : () => true;
  const exclude = config.exclude.length ? picomatch(config.exclude) : () => false;
  // The connector's root as validated when it was created or changed: its real path then. It is
  // not resolved again (that would follow a link swapped into it); openBelow checks it instead.
  const root = config.path;
  const checkRoot = () => {
    if (!isAbsolute(root) || !roots.some((r) => below(root, r)))
      throw new ConnectorSourceError(`${root} is outside CONNECTOR_FOLDER_ROOTS`);
  };
  return {
    async *list(ctx: ListContext): AsyncIterable<SourceItem> {
      checkRoot();
      const stack: [string, number][] = [['', 0]];
      while (stack.length) {
        const [rel, depth] = stack.pop()!;
        let dir: FileHandle;
        const names: { name: string; dir: boolean }[] = [];
        try {
          dir = await openBelow(root, rel, DIR_FLAGS);
        } catch (err) {
          if (err instanceof ConnectorSourceError) throw err;
          const reason =
            err instanceof PathEscapeError ? err.message : `cannot read: ${(err as Error).message}`;
          if (rel === '')
            throw new ConnectorSourceError(
              (err as NodeJS.ErrnoException).code === 'ENOENT'
                ? `the folder ${root} is missing (an unmounted share?)`
                : `cannot read ${root}: ${reason}`,
            );
          // Its files are not gone, only unreadable now (a share's hiccup, a permission): keep them.
          ctx.incomplete(rel, reason);
          continue;
        }
        try {
          // The opened directory itself, through its descriptor: not the path, which may have changed.
          const at = `${FD_LINKS}/${dir.fd}`;
          try {
            for await (const entry of await opendir(at))
              if (entry.isDirectory() || entry.isFile())
                names.push({ name: entry.name, dir: entry.isDirectory() });
          } catch (err) {
            if (rel === '') throw new ConnectorSourceError(`cannot read ${root}: ${(err as Error).message}`);
            ctx.incomplete(rel, `cannot read: ${(err as Error).message}`);
            continue;
          }
          names.sort((a, b) => (a.name < b.name ? -1 : 1));
          for (const entry of names) {
            if (ctx.signal.aborted) return;
            const path = rel ? `${rel}/${entry.name}` : entry.name;
            if (entry.dir) {
              if (depth < ctx.limits.maxDepth) stack.push([path, depth + 1]);
              continue;
            }
            if (!include(path) || exclude(path)) continue;
            const stat = await lstat(`${at}/${entry.name}`).catch(() => null);
            if (!stat?.isFile()) continue;
            yield {
              key: path,
              version: `${Math.trunc(stat.mtimeMs)}:${stat.size}`,
              name: entry.name,
              sourceUrl: pathToFileURL(join(root, path)).href,
              size: stat.size,
            };
          }
        } finally {
          await dir.close();
        }
      }
    },
    async fetch(item, maxBytes) {
      checkRoot();
      const file = await openBelow(root, item.key, FILE_FLAGS).catch((err: Error) => {
        if (err instanceof ConnectorSourceError) throw err;
        throw new SourceItemError(
          err instanceof PathEscapeError ? `refused: ${err.message}` : `cannot open: ${err.message}`,
        );
      });
      try {
        const stat = await file.stat();
        if (!stat.isFile()) throw new SourceItemError('not a regular file');
        if (stat.size > maxBytes) throw new SourceItemError(`larger than ${maxBytes} bytes`);
        return await readAtMost(file, maxBytes);
      } finally {
        await file.close();
      }
    },
  };
}
