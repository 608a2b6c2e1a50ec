import type { Readable } from 'node:stream';
import {
  CreateBucketCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';

export interface ObjectStoreConfig {
  endpoint: string;
  region: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
}

export interface StoredObject {
  body: Readable;
  contentLength: number;
  contentType: string | undefined;
  contentRange: string | undefined;
}

/**
 * The S3 protocol over @aws-sdk/client-s3 (MinIO, any S3, or the embedded s3rver). Checksums only
 * when required: s3rver corrupts streamed bodies that carry the SDK's default trailing checksums.
 */
export class ObjectStore {
  readonly client: S3Client;
  readonly bucket: string;

  constructor(config: ObjectStoreConfig) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: true,
      credentials: { accessKeyId: config.accessKey, secretAccessKey: config.secretKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async ensureBucket(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch {
      await this.client.send(new CreateBucketCommand({ Bucket: this.bucket })).catch((error: { name?: string }) => {
        if (error.name !== 'BucketAlreadyOwnedByYou' && error.name !== 'BucketAlreadyExists') throw error;
      });
    }
  }

  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  /**
   * Streams a body of unknown length as a multipart upload. Memory stays near partSize x queueSize
   * whatever the file's size; an abort (e.g. size limit) leaves no object behind.
   */
  async putStream(key: string, body: Readable, contentType: string, options: { partSize?: number; queueSize?: number; signal?: AbortSignal } = {}): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body, ContentType: contentType },
      partSize: options.partSize ?? 5 * 1024 * 1024,
      queueSize: options.queueSize ?? 2,
      leavePartsOnError: false,
    });
    const onAbort = () => void upload.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      await upload.done();
    } finally {
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  /** A single PUT for bodies whose size is known (files the worker produced, buffers). */
  async put(key: string, body: Buffer | Readable, contentType: string, contentLength?: number): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType, ContentLength: contentLength ?? (Buffer.isBuffer(body) ? body.length : undefined) }),
    );
  }

  async get(key: string, range?: string): Promise<StoredObject> {
    const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range }));
    return {
      body: out.Body as Readable,
      contentLength: out.ContentLength ?? 0,
      contentType: out.ContentType,
      contentRange: out.ContentRange,
    };
  }

  async getBuffer(key: string): Promise<Buffer> {
    const { body } = await this.get(key);
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(Buffer.from(chunk));
    return Buffer.concat(chunks);
  }

  async size(key: string): Promise<number | undefined> {
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return out.ContentLength;
    } catch (error) {
      if ((error as { name?: string }).name === 'NotFound' || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return undefined;
      throw error;
    }
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }));
      for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  async deletePrefix(prefix: string): Promise<number> {
    const keys = await this.list(prefix);
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
    }
    return keys.length;
  }
}
