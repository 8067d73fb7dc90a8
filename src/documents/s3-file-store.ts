import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { FileMissingError, type FileStore } from './file-store.ts';

/** FILE_STORE=s3's settings (README "Configuration"). */
export interface S3StoreOptions {
  bucket: string;
  /** Key prefix inside the bucket, e.g. `cograg/` ('' = the bucket's root). */
  prefix: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, Ceph RGW, moto); null = AWS. */
  endpoint: string | null;
  /** Path-style addressing (`endpoint/bucket/key`): MinIO and most self-hosted servers need it. */
  forcePathStyle: boolean;
  /** null = the SDK's default chain (environment, shared files, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
}

const missing = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404);

/**
 * Originals as objects in an S3-compatible bucket (@aws-sdk/client-s3), keyed `prefix + key`.
 * An object is written in one PUT, so a reader never sees half of it. The bucket must exist.
 */
export function s3FileStore(options: S3StoreOptions): FileStore & { client: S3Client } {
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
  });
  const Bucket = options.bucket;
  const keyOf = (key: string) => options.prefix + key;
  const get = async (key: string) => {
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  };
  return {
    client,
    location: `s3://${Bucket}/${options.prefix}`,
    async put(key, bytes) {
      await client.send(new PutObjectCommand({ Bucket, Key: keyOf(key), Body: bytes }));
    },
    async get(key) {
      const object = await get(key);
      if (!object?.Body) throw new FileMissingError(`${key} is not in s3://${Bucket}/${options.prefix}`);
      return object.Body.transformToByteArray();
    },
    async openRead(key) {
      const object = await get(key);
      if (!object?.Body) return null;
      return { stream: object.Body as Readable, size: Number(object.ContentLength ?? 0) };
    },
    async putIfAbsent(key, bytes) {
      // If-None-Match: * (S3 conditional writes, 2024; MinIO and moto honour it): one writer wins.
      await client
        .send(new PutObjectCommand({ Bucket, Key: keyOf(key), Body: bytes, IfNoneMatch: '*' }))
        .catch((err: unknown) => {
          const status = err instanceof S3ServiceException ? err.$metadata.httpStatusCode : 0;
          if (status !== 412 && status !== 409) throw err;
        });
      const object = await get(key);
      if (!object?.Body) throw new FileMissingError(`${key} vanished from s3://${Bucket}/${options.prefix}`);
      return object.Body.transformToByteArray();
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
  };
}
