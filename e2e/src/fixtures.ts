import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The shared swing clip (never copied into the repo): SWINGFIT_FIXTURES, or ../shared/fixtures beside the checkout. */
export function swingFixture(): string | undefined {
  const dir = process.env.SWINGFIT_FIXTURES ?? resolve(import.meta.dirname, '../../../shared/fixtures');
  const file = join(dir, 'swing-face-on-hevc.mov');
  return existsSync(file) ? file : undefined;
}

/**
 * A short, small H.264 clip made with ffmpeg (installed on these machines) for journeys that need
 * uploads but not a swing: it passes the upload checks; the worker may not find a golfer in it.
 */
export function makeTestClip(dir: string, name = 'clip.mp4'): string {
  const file = join(dir, name);
  if (existsSync(file)) return file;
  const run = spawnSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=240x426:rate=30', '-t', '1.5', '-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast', file]);
  if (run.status !== 0) throw new Error(`ffmpeg could not make a test clip: ${run.stderr?.toString() ?? run.error?.message}`);
  return file;
}

/**
 * A clip for journeys whose uploads must stay counted: a failed analysis gives its upload back (a few
 * seconds after the upload for the test pattern), so the shared swing clip, whose analysis completes, when
 * present; else the test pattern, and the journey's checks must come before its analysis ends.
 */
export function countedClip(dir: string): string {
  return swingFixture() ?? makeTestClip(dir);
}
