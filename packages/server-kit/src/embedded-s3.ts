import { mkdirSync } from 'node:fs';

export interface EmbeddedS3 {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  close(): Promise<void>;
}

/**
 * An S3-compatible server on loopback (s3rver) for `pnpm start` without MinIO, and for tests.
 * s3rver answers the default credentials S3RVER/S3RVER.
 */
export async function startEmbeddedS3(options: { directory: string; port?: number; buckets: string[] }): Promise<EmbeddedS3> {
  mkdirSync(options.directory, { recursive: true });
  const { default: S3rver } = (await import('s3rver')) as { default: new (o: object) => { run(): Promise<{ port: number }>; close(): Promise<void> } };
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port ?? 0,
    directory: options.directory,
    silent: true,
    configureBuckets: options.buckets.map((name) => ({ name })),
  });
  const { port } = await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, accessKey: 'S3RVER', secretKey: 'S3RVER', close: () => server.close() };
}
