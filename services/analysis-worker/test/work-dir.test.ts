import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createWorkDir, ownerOf, processAlive, sweepOrphanWorkDirs } from '../src/pipeline/work-dir.js';

describe('analysis work folders', () => {
  let root: string | undefined;
  afterEach(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  it.each([
    ['sf-analysis-42-p1234-AbC123', 1234],
    ['sf-analysis-7-p1-x', 1],
    ['sf-analysis-42-AbC123', undefined], // the old unowned name: left alone
    ['sf-bench-upload-x', undefined],
    ['other', undefined],
  ])('%s belongs to process %s', (name, pid) => {
    expect(ownerOf(name)).toBe(pid);
  });

  it('names a new folder after the analysis and this process', async () => {
    root = await mkdtemp(join(tmpdir(), 'sf-workdir-test-'));
    const dir = await createWorkDir(42, root);
    expect(ownerOf(dir.slice(root.length + 1))).toBe(process.pid);
  });

  it('removes only the folders of processes that are gone (a worker killed mid-job)', async () => {
    root = await mkdtemp(join(tmpdir(), 'sf-workdir-test-'));
    const names = ['sf-analysis-1-p111-a', 'sf-analysis-2-p222-b', `sf-analysis-3-p${process.pid}-c`, 'sf-analysis-4-old', 'unrelated'];
    for (const name of names) await mkdir(join(root, name, 'face-on'), { recursive: true });
    const removed = await sweepOrphanWorkDirs(root, (pid) => pid === 222);
    expect(removed).toEqual(['sf-analysis-1-p111-a']);
    expect((await readdir(root)).sort()).toEqual(names.filter((n) => n !== 'sf-analysis-1-p111-a').sort());
  });

  it('tells a live process from a gone one', () => {
    expect(processAlive(process.pid)).toBe(true);
    expect(processAlive(2 ** 22 + 12345)).toBe(false);
  });
});
