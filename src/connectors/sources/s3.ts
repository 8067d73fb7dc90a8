import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../config.ts';
import type { ConnectorNet } from '../outbound.ts';
import {
  ConnectorSourceError,
  SourceItemError,
  type ConnectorSource,
  type ListContext,
  type SourceItem,
} from '../types.ts';

/**
 * An S3-compatible bucket below `prefix` (`@aws-sdk/client-s3`: MinIO, Ceph, AWS). Items are
 * objects keyed by their object key, versioned by ETag, so an unchanged object costs its line in
 * ListObjectsV2. The SDK's sockets use the connector policy's agents: every address is checked
 * when the connection is made.
 */
export function s3Source(config: S3Config, secret: string | null, net: ConnectorNet): ConnectorSource {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.accessKeyId && secret
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: secret } }
      : {}),
    requestHandler: { httpAgent: net.agents.http, httpsAgent: net.agents.https },
    maxAttempts: 2,
  });
  const where = `s3://${config.bucket}/`;
  return {
    async *list(ctx: ListContext): AsyncIterable<SourceItem> {
      let token: string | undefined;
      do {
        let page;
        try {
          page = await client.send(
            new ListObjectsV2Command({
              Bucket: config.bucket,
              Prefix: config.prefix || undefined,
              ContinuationToken: token,
            }),
            { abortSignal: ctx.signal },
          );
        } catch (err) {
          throw new ConnectorSourceError(`${where}${config.prefix}: ${(err as Error).message}`);
        }
        for (const object of page.Contents ?? []) {
          const key = object.Key;
          if (!key || key.endsWith('/')) continue;
          const depth = key.slice(config.prefix.length).split('/').length - 1;
          if (depth > ctx.limits.maxDepth) continue;
          yield {
            key,
            version: object.ETag ?? `${object.LastModified?.toISOString()}:${object.Size}`,
            name: key.split('/').pop()!,
            sourceUrl: `${where}${key}`,
            ...(object.Size !== undefined ? { size: object.Size } : {}),
          };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async fetch(item, maxBytes) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: item.key }));
        if ((res.ContentLength ?? 0) > maxBytes) throw new SourceItemError(`larger than ${maxBytes} bytes`);
        return await res.Body!.transformToByteArray();
      } catch (err) {
        if (err instanceof SourceItemError) throw err;
        throw new SourceItemError((err as Error).message);
      }
    },
    async close() {
      client.destroy();
    },
  };
}
