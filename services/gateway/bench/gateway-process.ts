import { createServer } from 'node:net';

/* Shared by the gateway benches: they run the real gateway as its own process on a free port. */

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** Polls `${url}${path}` until it answers OK; fails early when the child process has exited. */
export async function waitForHealth(url: string, child: { exitCode: number | null }, path = '/healthz', timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`gateway exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}${path}`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`gateway did not answer ${path} within ${timeoutMs / 1000} s`);
}
