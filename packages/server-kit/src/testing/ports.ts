import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Ports are drawn from here up to the kernel's ephemeral range. */
const LOWEST_PORT = 20_000;
/** Linux's default first ephemeral port, where /proc does not say. */
const DEFAULT_EPHEMERAL_START = 32_768;
const handedOut = new Set<number>();
/** Read once: the range does not change while tests run. */
let ephemeralEnd: number | undefined;

/** The first port the kernel hands out for outgoing connections and port-0 listeners. */
function ephemeralStart(): number {
  try {
    const first = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(first) && first > LOWEST_PORT + 1000 ? first : DEFAULT_EPHEMERAL_START;
  } catch {
    return DEFAULT_EPHEMERAL_START;
  }
}

const canListen = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/**
 * A port nothing listens on right now, for a process or server a test starts. Below the kernel's
 * ephemeral range: a port the kernel picked (listen on 0) can be taken as the source port of an
 * outgoing connection (to PostgreSQL, Redis, another service) in the seconds before the service that
 * was given it listens, and then it fails with EADDRINUSE (seen in the e2e stack: gamification's port).
 */
export async function freePort(): Promise<number> {
  const end = (ephemeralEnd ??= ephemeralStart());
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = LOWEST_PORT + Math.floor(Math.random() * (end - LOWEST_PORT));
    if (handedOut.has(port) || !(await canListen(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no free port between ${LOWEST_PORT} and ${end}`);
}
