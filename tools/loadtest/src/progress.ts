/* The progress bar of a load run: one rewritten line on a terminal, a line per tenth otherwise. */

const BAR_WIDTH = 30;

export interface ProgressState {
  total: number;
  finished: number;
  failed: number;
  processing: number;
  waiting: number;
  kills: string;
  elapsedMs: number;
}

export function progressLine(s: ProgressState): string {
  const filled = s.total > 0 ? Math.round((s.finished / s.total) * BAR_WIDTH) : 0;
  const bar = '#'.repeat(filled) + '-'.repeat(BAR_WIDTH - filled);
  const minutes = s.elapsedMs / 60_000;
  const rate = minutes > 0 ? (s.finished / minutes).toFixed(1) : '0.0';
  return `[${bar}] ${s.finished}/${s.total} finished (${s.failed} failed) · ${s.processing} processing · ${s.waiting} waiting · ${rate}/min · ${Math.round(s.elapsedMs / 1000)} s${s.kills}`;
}

export class ProgressBar {
  private lastTenth = -1;
  constructor(private readonly out: NodeJS.WriteStream = process.stderr) {}

  update(s: ProgressState): void {
    if (this.out.isTTY) {
      this.out.write(`\r${progressLine(s).padEnd(this.out.columns ? this.out.columns - 1 : 0)}`);
      return;
    }
    const tenth = Math.floor((s.finished / Math.max(1, s.total)) * 10);
    if (tenth !== this.lastTenth) {
      this.lastTenth = tenth;
      this.out.write(`${progressLine(s)}\n`);
    }
  }

  done(): void {
    if (this.out.isTTY) this.out.write('\n');
  }
}
