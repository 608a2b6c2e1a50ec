import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The shared swing clip (never copied into the repo): SWINGFIT_FIXTURES, or ../shared/fixtures beside the checkout. */
export function swingFixture(): string | undefined {
  const dir = process.env.SWINGFIT_FIXTURES ?? resolve(import.meta.dirname, '../../../shared/fixtures');
  const file = join(dir, 'swing-face-on-hevc.mov');
  return existsSync(file) ? file : undefined;
}
