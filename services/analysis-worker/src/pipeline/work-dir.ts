import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * Each analysis run works in its own temporary folder, named with the worker's process id. A run ends
 * by removing it, but a worker killed mid-job (SIGKILL, out of memory, a lost machine) cannot: its
 * folder stays, with the downloaded original and the transcode. A starting worker removes the folders
 * of processes that no longer exist. A live process' folder is never touched, so workers sharing one
 * /tmp on a machine leave each other alone.
 */

const PREFIX = 'sf-analysis-';
const OWNED = /^sf-analysis-\d+-p(\d+)-/;

export function createWorkDir(analysisId: number, root = tmpdir(), pid = process.pid): Promise<string> {
  return mkdtemp(join(root, `${PREFIX}${analysisId}-p${pid}-`));
}

/** The owning process id of a work folder's name; undefined for names that are not work folders. */
export function ownerOf(name: string): number | undefined {
  const match = OWNED.exec(name);
  return match ? Number(match[1]) : undefined;
}

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the work folders whose process is gone; returns the names removed. */
export async function sweepOrphanWorkDirs(root = tmpdir(), isAlive: (pid: number) => boolean = processAlive): Promise<string[]> {
  const names = await readdir(root).catch(() => [] as string[]);
  const orphans = names.filter((name) => {
    const pid = ownerOf(name);
    return pid !== undefined && pid !== process.pid && !isAlive(pid);
  });
  await Promise.all(orphans.map((name) => rm(join(root, name), { recursive: true, force: true })));
  return orphans;
}
