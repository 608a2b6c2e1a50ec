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
 * How long a connection to the store may sit idle in the pool before we close it. A server closes
 * idle keep-alive connections on its own clock (Node's, which the embedded store runs on, after 5 s;
 * S3 after about 20 s), and a request sent down a connection at the moment the server closes it fails.
 * The SDK retries most requests, but not a streamed upload: its body has been read and cannot be sent
 * again, so the golfer's upload failed ("non-retryable streaming request", seen in CI when a second
 * upload followed the first by about 5 s). Closing our side first, below every server's timeout,
 * removes the race; a new connection on loopback or to S3 costs a millisecond or a handshake.
 * Node's agent already ends a second early when a server announces its timeout, but only when the
 * agent has a timeout of its own: without one it keeps idle sockets forever.
 */
export const IDLE_CONNECTION_MS = 4_000;

/**
 * Keep-alive connections as the SDK's default agents (50 per host), closed after IDLE_CONNECTION_MS
 * idle. Given as options, not Agent instances, so the SDK still builds the agents itself and keeps
 * its own handling of `Expect: 100-continue` (it treats an Agent instance as the caller's and skips it).
 */
const POOL = { keepAlive: true, maxSockets: 50, timeout: IDLE_CONNECTION_MS };

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
      requestHandler: { httpAgent: POOL, httpsAgent: POOL },
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
