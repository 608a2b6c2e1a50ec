/*
 * What the real-clip suites share: the shared clips' labels, a run's success asserted, and a copy of a
 * clip made by ffmpeg and analysed through the product (test/real-clips.test.ts runs in CI;
 * test/long/real-clip-copies.test.ts, the copies phones and editors make, runs with `pnpm test:clips`).
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { PoseStageResult } from '../../src/pose/index.js';
import { analyseUpload, fixturesDir, loadLabels } from '../../bench/real-clips.js';

export const labels = loadLabels();
export type Label = NonNullable<typeof labels>[number];
export type Run = Extract<PoseStageResult, { ok: true }>;

export function warnIfAbsent(suite: string): void {
  if (!labels) console.warn(`${suite}: the shared fixtures are absent from ${fixturesDir()}: skipped (set SWINGFIT_FIXTURES)`);
}

export const ok = (r: PoseStageResult | undefined): Run => {
  expect(r?.ok, r && !r.ok ? r.reason : 'not analysed').toBe(true);
  return r as Run;
};

/**
 * A copy of a shared clip made by ffmpeg with `args` (filters, rate, quality) as H.264, analysed through
 * the product under `name` in `dir`; null where labels.json lacks the clip (the test has then already failed).
 */
export async function analyseCopy(dir: string, clip: string, name: string, args: string[]): Promise<{ label: Label; file: string; run: Run } | null> {
  const label = labels!.find((l) => l.name === clip);
  expect(label, `${clip} in labels.json`).toBeDefined();
  if (!label) return null;
  const file = join(dir, `${name}.mp4`);
  execFileSync('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-i', label.path, ...args, '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', file]);
  return { label, file, run: ok((await analyseUpload(file, label.view, join(dir, name))).result) };
}
