import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * A PostgreSQL cluster of the fault run's own (initdb + pg_ctl into a temporary folder, on a port of
 * the run's range), so it can be stopped and started: the shared server on 5432 is never touched.
 * PostgreSQL refuses to run as root, so every command runs as the `postgres` OS user.
 */

const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
/** pg_ctl waits this long for a start or a stop before it reports failure. */
const PG_CTL_WAIT_SECONDS = '60';

export interface PrivatePostgres {
  port: number;
  /** URL of a database on this cluster (the `postgres` superuser, trust authentication on loopback). */
  urlOf(database: string): string;
  /** Stops the server like a crash (`-m immediate`: no checkpoint; committed work must come back from the WAL). */
  crash(): void;
  start(): void;
  close(): void;
}

function asPostgres(command: string, args: string[]): void {
  const run = spawnSync('runuser', ['-u', 'postgres', '--', join(BIN, command), ...args], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${run.status}): ${run.stderr || run.stdout || run.error?.message}`);
}

export function startPrivatePostgres(port: number): PrivatePostgres {
  const home = mkdtempSync(join(tmpdir(), 'sf-faults-pg-'));
  chownSync(home, Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout), Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout));
  chmodSync(home, 0o700);
  const data = join(home, 'data');
  asPostgres('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--locale=C.UTF-8']);
  // Socket in the cluster's own folder (not /var/run/postgresql, which the shared server owns).
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${home} -c max_connections=200`;
  const start = () => asPostgres('pg_ctl', ['-D', data, '-l', join(home, 'server.log'), '-o', options, '-w', '-t', PG_CTL_WAIT_SECONDS, 'start']);
  start();
  return {
    port,
    urlOf: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    crash: () => asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', '-t', PG_CTL_WAIT_SECONDS, 'stop']),
    start,
    close() {
      try {
        // A scenario that failed while the cluster was down leaves nothing to stop.
        if (existsSync(join(data, 'postmaster.pid'))) asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', PG_CTL_WAIT_SECONDS, 'stop']);
      } finally {
        rmSync(home, { recursive: true, force: true });
      }
    },
  };
}
