import { constants } from 'node:fs';
import { lstat, open, opendir, realpath } from 'node:fs/promises';
import { join, sep } from 'node:path';
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
 * A directory the service can read (a mounted SMB/NFS share). Items are regular files below
 * `path` (symbolic links are skipped: they could leave the operator's roots), keyed by their path
 * relative to it (`/` separators), versioned `mtimeMs:size`, so an unchanged file costs one
 * `stat`. `include` globs (default all) and `exclude` globs match the relative path (picomatch,
 * dot files only when a glob names them). A sub-folder that cannot be read makes the listing
 * incomplete (nothing is deleted) rather than dropping its files.
 */
export function folderSource(config: FolderConfig, roots: string[]): ConnectorSource {
  const include = config.include.length ? picomatch(config.include) : () => true;
  const exclude = config.exclude.length ? picomatch(config.exclude) : () => false;
  return {
    async *list(ctx: ListContext): AsyncIterable<SourceItem> {
      const root = await realpath(config.path).catch(() => null);
      if (!root || !roots.some((r) => root === r || root.startsWith(r + sep)))
        throw new ConnectorSourceError(`${config.path} is missing or outside CONNECTOR_FOLDER_ROOTS`);
      const stack: [string, number][] = [['', 0]];
      while (stack.length) {
        const [rel, depth] = stack.pop()!;
        const names: { name: string; dir: boolean; file: boolean }[] = [];
        try {
          for await (const entry of await opendir(join(root, rel)))
            names.push({ name: entry.name, dir: entry.isDirectory(), file: entry.isFile() });
        } catch (err) {
          if (rel === '') throw new ConnectorSourceError(`cannot read ${root}: ${(err as Error).message}`);
          // Its files are not gone, only unreadable now (a share's hiccup, a permission): keep them.
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
          if (!entry.file || !include(path) || exclude(path)) continue;
          const stat = await lstat(join(root, path)).catch(() => null);
          if (!stat?.isFile()) continue;
          yield {
            key: path,
            version: `${Math.trunc(stat.mtimeMs)}:${stat.size}`,
            name: entry.name,
            sourceUrl: pathToFileURL(join(root, path)).href,
            size: stat.size,
          };
        }
      }
    },
    async fetch(item, maxBytes) {
      const root = await realpath(config.path);
      // O_NOFOLLOW: a file swapped for a symbolic link since it was listed is not followed.
      const file = await open(join(root, item.key), constants.O_RDONLY | constants.O_NOFOLLOW).catch(
        (err: Error) => {
          throw new SourceItemError(`cannot open: ${err.message}`);
        },
      );
      try {
        const stat = await file.stat();
        if (stat.size > maxBytes) throw new SourceItemError(`larger than ${maxBytes} bytes`);
        return new Uint8Array(await file.readFile());
      } finally {
        await file.close();
      }
    },
  };
}
