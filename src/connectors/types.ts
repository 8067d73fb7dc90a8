/**
 * The connector framework's contract (issue 26, docs/connectors.md): one source type per file in
 * ./sources, each behind `ConnectorSource`. The sync engine (sync.ts) diffs what a source lists
 * against what the last sync saw, so a source only has to list and fetch.
 */

export const CONNECTOR_KINDS = ['folder', 'web', 's3', 'imap', 'webdav'] as const;
export type ConnectorKind = (typeof CONNECTOR_KINDS)[number];

/** Bounds of one sync. */
export interface SyncLimits {
  /** Items listed at most; past it the run is `truncated` and deletes nothing. */
  maxItems: number;
  /** Bytes downloaded at most (changed and new items), bytes. */
  maxBytes: number;
  /** Folder levels below the root, or link hops from a start URL. */
  maxDepth: number;
  /** One item's size at most, bytes (MAX_UPLOAD_MB): larger ones fail, as an upload would. */
  maxItemBytes: number;
}

/** One item as a source lists it. */
export interface SourceItem {
  /** Stable id within the connector: a relative path, a URL, an object key, `uidvalidity:uid`. */
  key: string;
  /** Changes whenever the content may have: ETag, `mtime:size`, a content hash. */
  version: string;
  /** File name the document gets (its extension helps sniffing Markdown). */
  name: string;
  /** Where the item lives, shown as "open in source" (a URL or a `file://` path). */
  sourceUrl: string;
  /** Size when the listing knows it, bytes. */
  size?: number;
  /** The content, when listing had to download it anyway (a crawled page). */
  bytes?: Uint8Array;
  /** Source memory kept with the item (a page's links and validators). */
  meta?: Record<string, unknown>;
}

/** What the last sync recorded about an item, given back to the source while it lists. */
export interface KnownItem {
  version: string;
  meta: Record<string, unknown>;
}

export interface ListContext {
  limits: SyncLimits;
  /** The item's row from earlier syncs, e.g. for a conditional request; undefined when new. */
  known(key: string): KnownItem | undefined;
  /**
   * Says part of the source could not be listed this time (an unreadable sub-folder): the items
   * under it are missing from the listing but not gone, so this sync deletes nothing.
   */
  incomplete(where: string, reason: string): void;
  signal: AbortSignal;
}

/** One kind of place documents live. Errors: see SourceItemError and ConnectorSourceError. */
export interface ConnectorSource {
  /**
   * Every item at the source, each once, within `limits.maxDepth`. May stop early when the
   * caller stops iterating (maxItems). @throws ConnectorSourceError when the source cannot be
   * listed at all (the run fails and nothing is deleted).
   */
  list(ctx: ListContext): AsyncIterable<SourceItem>;
  /** The item's bytes, at most `maxBytes`. @throws SourceItemError (that item alone fails). */
  fetch(item: SourceItem, maxBytes: number): Promise<Uint8Array>;
  /**
   * Optional change feed: the keys changed since `cursor` and the next cursor, so a sync need not
   * list everything. No source implements it yet; the engine lists in full.
   */
  changes?(cursor: string | null): Promise<{ changed: string[]; deleted: string[]; cursor: string }>;
  close?(): Promise<void>;
}

/** The whole source failed (unreachable, refused, bad credentials): the run fails. */
export class ConnectorSourceError extends Error {
  override name = 'ConnectorSourceError';
}

/** One item could not be fetched or is unusable: counted as failed, the sync goes on. */
export class SourceItemError extends Error {
  override name = 'SourceItemError';
}
