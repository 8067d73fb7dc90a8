import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { withoutUserinfo } from '../lib/redact.ts';

/**
 * Adds `url` ("open in source", docs/connectors.md) to the cited documents a connector mirrors:
 * their `metadata.sourceUrl`. Widget (API key) answers get http(s) URLs only, so a share's
 * `file://` path or a bucket's `s3://` key is never shown outside the company, and no URL's
 * `user:password@` is shown to anyone. One query.
 */
export async function withSourceUrls<S extends { id: string; kind?: 'web'; url?: string }>(
  db: Kysely<DB>,
  companyId: string,
  sources: S[],
  publicOnly: boolean,
): Promise<S[]> {
  const ids = sources.filter((s) => !s.kind).map((s) => s.id);
  if (!ids.length) return sources;
  const rows = await db
    .selectFrom('documents')
    .select(['id', sql<string | null>`metadata->>'sourceUrl'`.as('url')])
    .where('company_id', '=', companyId)
    .where('connector_id', 'is not', null)
    .where('id', 'in', ids)
    .execute();
  // A `user:password@` is never shown, even in a URL stored before it was stripped at creation.
  const urls = new Map(
    rows.flatMap((r) =>
      r.url && (!publicOnly || /^https?:\/\//.test(r.url)) ? [[r.id, withoutUserinfo(r.url)]] : [],
    ),
  );
  for (const s of sources) {
    const url = !s.kind ? urls.get(s.id) : undefined;
    if (url) s.url = url;
  }
  return sources;
}
