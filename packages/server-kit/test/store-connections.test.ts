import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDLE_CONNECTION_MS, ObjectStore, startEmbeddedS3, type EmbeddedS3 } from '../src/index.js';

/*
 * A streamed upload cannot be retried (its body is read once), so it must never be sent down a
 * connection the store is closing at that moment. The store (Node's server, as the embedded one)
 * closes idle connections after 5 s; our side must let go first. A TCP relay between the two sees
 * who closes each connection. Before the fix the pool kept idle connections until the server shut
 * them, and a second upload about 5 s after the first failed in CI.
 */

const BUCKET = 'swing-videos';
/** Node's default `server.keepAliveTimeout`, which the embedded store runs with. */
const SERVER_IDLE_CLOSE_MS = 5_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Relayed {
  closedBy?: 'store client' | 'server';
}

let dir: string;
let s3: EmbeddedS3;
let relay: Server;
const connections: Relayed[] = [];
let store: ObjectStore;

function relayTo(target: URL): Server {
  return createServer((client: Socket) => {
    const seen: Relayed = {};
    connections.push(seen);
    const upstream = connect(Number(target.port), target.hostname);
    const closed = (by: Relayed['closedBy']) => () => {
      seen.closedBy ??= by;
      client.destroy();
      upstream.destroy();
    };
    client.on('end', closed('store client')).on('error', closed('store client'));
    upstream.on('end', closed('server')).on('error', closed('server'));
    client.pipe(upstream);
    upstream.pipe(client);
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sf-s3-idle-'));
  s3 = await startEmbeddedS3({ directory: dir, buckets: [BUCKET], accessKey: 'idle-key', secretKey: 'idle-secret-0123456789' });
  relay = relayTo(new URL(s3.endpoint));
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const { port } = relay.address() as { port: number };
  store = new ObjectStore({ endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', accessKey: s3.accessKey, secretKey: s3.secretKey, bucket: BUCKET });
});
afterAll(async () => {
  await new Promise((resolve) => relay?.close(resolve));
  await s3?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('connections to the object store', () => {
  it('closes an idle connection before the store would, so a later streamed upload never meets a closing one', async () => {
    expect(IDLE_CONNECTION_MS).toBeLessThan(SERVER_IDLE_CLOSE_MS);
    await store.put('users/1/first', Buffer.from('first video'), 'video/mp4');
    expect(connections.length).toBe(1);
    // Between our idle limit and the server's: the first connection must already be closed, by us.
    await sleep((IDLE_CONNECTION_MS + SERVER_IDLE_CLOSE_MS) / 2);
    expect(connections[0]).toEqual({ closedBy: 'store client' });

    await store.putStream('users/1/second', Readable.from([Buffer.from('second '), Buffer.from('video')]), 'video/mp4');
    expect((await store.getBuffer('users/1/second')).toString()).toBe('second video');
    expect(connections.length).toBeGreaterThan(1);
  });
});
