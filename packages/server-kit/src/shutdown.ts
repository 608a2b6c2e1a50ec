import type { Logger } from 'pino';

export type Closer = { name: string; close: () => Promise<unknown> };

/**
 * On SIGTERM/SIGINT: close each part in the order given (stop accepting first, pools last), each
 * with its own deadline so one stuck part cannot keep the process alive forever.
 */
export function closeOnSignals(closers: Closer[], logger: Logger, deadlineMs = 15_000): () => Promise<void> {
  let closing: Promise<void> | undefined;
  const shutdown = (signal: string) => {
    closing ??= (async () => {
      logger.info({ signal }, 'shutting down');
      let failed = false;
      for (const closer of closers) {
        const timer = new Promise((_, reject) => setTimeout(() => reject(new Error('deadline passed')), deadlineMs).unref());
        try {
          await Promise.race([closer.close(), timer]);
        } catch (error) {
          failed = true;
          logger.error({ err: error, part: closer.name }, 'close failed');
        }
      }
      logger.info('stopped');
      logger.flush?.();
      process.exitCode = failed ? 1 : 0;
    })();
    return closing;
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM').then(() => process.exit()));
  process.once('SIGINT', () => void shutdown('SIGINT').then(() => process.exit()));
  return () => shutdown('manual');
}
