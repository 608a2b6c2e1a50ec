import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { freePort } from './ports.js';

/*
 * Fault tests never touch the shared Redis: they start their own redis-server (no persistence) on a
 * free port, stop it and start it again on the same port, or cut connections with a TCP proxy.
 */


async function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.write('PING\r\n');
      socket.once('data', (d) => {
        socket.destroy();
        resolve(d.toString().startsWith('+PONG'));
      });
    });
    socket.once('error', () => resolve(false));
  });
}

/** SIGTERM to a child process (if it still runs), resolved once it has exited. */
export async function stopProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

export interface PrivateRedis {
  port: number;
  url: string;
  /** Stops the server (SIGTERM; without persistence its data is gone, as after a crash; with it, the append-only file keeps it). */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export interface PrivateRedisOptions {
  /** A fixed port (a fault run keeps to its own range); none: a free one. */
  port?: number;
  /**
   * Persist as compose runs Redis (`--appendonly yes --maxmemory-policy noeviction`, BullMQ's
   * requirement) into this folder, so a stop and start keeps the queues. None: no persistence.
   */
  appendOnlyDir?: string;
}

/** redis-server's arguments: without a folder nothing survives a stop; with one, the append-only file does. */
function redisArgs(port: number, appendOnlyDir: string | undefined): string[] {
  const common = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--loglevel', 'warning'];
  if (!appendOnlyDir) return [...common, '--appendonly', 'no'];
  return [...common, '--appendonly', 'yes', '--maxmemory-policy', 'noeviction', '--dir', appendOnlyDir];
}

export async function startPrivateRedis(binary = process.env.REDIS_SERVER_PATH ?? 'redis-server', options: PrivateRedisOptions = {}): Promise<PrivateRedis> {
  const port = options.port ?? (await freePort());
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(binary, redisArgs(port, options.appendOnlyDir), { stdio: 'ignore' });
    const deadline = Date.now() + 10_000;
    while (!(await answers(port))) {
      if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode} (is it installed? set REDIS_SERVER_PATH)`);
      if (Date.now() > deadline) throw new Error(`redis-server did not answer on port ${port}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    await stopProcess(running);
  };
  await start();
  return { port, url: `redis://127.0.0.1:${port}`, start, stop, close: stop };
}

export interface TcpProxy {
  port: number;
  url: string;
  /** Destroys every open connection and refuses new ones (a network cut). */
  cut(): void;
  /** Accepts connections again. */
  restore(): void;
  close(): Promise<void>;
}

/** A TCP proxy to 127.0.0.1:targetPort whose connections a test can cut. */
export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let open = true;
  const server: Server = createServer((client) => {
    if (!open) return client.destroy();
    const upstream = createConnection({ port: targetPort, host: '127.0.0.1' });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    cut() {
      open = false;
      for (const s of sockets) s.destroy();
    },
    restore() {
      open = true;
    },
    async close() {
      open = false;
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
