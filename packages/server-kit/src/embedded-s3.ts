import { mkdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hasValidSignature, type S3Credentials } from './s3-signature.js';

export interface EmbeddedS3 {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  close(): Promise<void>;
}

interface S3rverApp {
  configureBuckets(): Promise<void>;
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  logger: { exceptions: { unhandle(): void }; close(): void };
}

type S3rverClass = new (options: object) => S3rverApp;

interface AccountRegistry {
  DUMMY_ACCOUNT: { createKeyPair(accessKey: string, secretKey: string): void };
}

const DENIED = '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>';

function deny(req: IncomingMessage, res: ServerResponse) {
  // Whatever body was on its way is not read: close the connection instead of draining it.
  res.writeHead(403, { 'content-type': 'application/xml', connection: 'close' });
  res.end(req.method === 'HEAD' ? undefined : DENIED);
}

/**
 * An S3-compatible server on loopback (s3rver) for `pnpm start` without MinIO, and for tests. Like
 * any S3 it answers only requests signed with its credentials (s3rver alone would serve anyone on
 * the machine, and skips checking V4 signatures): every request is verified here first, then handed
 * to s3rver. The credentials are the caller's (pnpm start generates them per run).
 */
export async function startEmbeddedS3(options: { directory: string; port?: number; buckets: string[] } & S3Credentials): Promise<EmbeddedS3> {
  const credentials = { accessKey: options.accessKey, secretKey: options.secretKey };
  if (!credentials.accessKey || !credentials.secretKey) throw new Error('embedded object store: credentials are required (S3_ACCESS_KEY and S3_SECRET_KEY)');
  mkdirSync(options.directory, { recursive: true });
  const { default: S3rver } = (await import('s3rver')) as { default: S3rverClass };
  // s3rver's own check (after ours) must know the access key, or it answers InvalidAccessKeyId.
  const { default: accounts } = (await import('s3rver/lib/models/account.js' as string)) as { default: AccountRegistry };
  accounts.DUMMY_ACCOUNT.createKeyPair(credentials.accessKey, credentials.secretKey);

  const s3rver = new S3rver({ directory: options.directory, silent: true, configureBuckets: options.buckets.map((name) => ({ name })) });
  await s3rver.configureBuckets();
  const handle = s3rver.callback();
  const server = createServer((req, res) => {
    if (!hasValidSignature({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers }, credentials)) return deny(req, res);
    handle(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    ...credentials,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          s3rver.logger.exceptions.unhandle();
          s3rver.logger.close();
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}
