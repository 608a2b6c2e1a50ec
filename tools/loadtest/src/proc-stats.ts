import { readFileSync } from 'node:fs';

/* CPU time and peak memory of processes from /proc (Linux): the measured cost of an analysis. */

const CLOCK_TICKS = 100; // USER_HZ on Linux

export interface ProcSample {
  /** User + system CPU seconds of the process and of its children it has waited for (ffmpeg). */
  cpuSeconds: number;
  /** Peak resident memory (VmHWM), MiB. */
  peakRssMiB: number;
}

/** /proc/<pid>/stat fields after the command name: utime is field 14, cstime field 17 (1-based). */
export function parseStat(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = [11, 12, 13, 14].map((i) => Number(fields[i]));
  return ticks.reduce((a, b) => a + b, 0) / CLOCK_TICKS;
}

export function sampleProcess(pid: number): ProcSample | undefined {
  try {
    const cpuSeconds = parseStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    const hwm = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return { cpuSeconds, peakRssMiB: Number(hwm?.[1] ?? 0) / 1024 };
  } catch {
    return undefined; // gone
  }
}

export const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).map(Number) as [number, number, number];

/** Keeps the last sample of every process it is shown, so a killed process' CPU still counts. */
export class ProcessMeter {
  private readonly last = new Map<number, ProcSample>();
  /** CPU already spent by the processes running when the run started (their start-up, model loading). */
  private readonly baseline = new Map<number, number>();
  private maxLoad1 = 0;

  /** Takes the starting point: CPU spent before it is not the run's. */
  start(pids: readonly number[]): void {
    for (const pid of pids) {
      const s = sampleProcess(pid);
      if (s) this.baseline.set(pid, s.cpuSeconds);
    }
    this.sample(pids);
  }

  sample(pids: readonly number[]): void {
    for (const pid of pids) {
      const s = sampleProcess(pid);
      if (s) this.last.set(pid, s);
    }
    this.maxLoad1 = Math.max(this.maxLoad1, loadAverage()[0]);
  }

  /** CPU seconds since start() (a process started later counts whole), peak RSS of any one process. */
  totals(): { cpuSeconds: number; peakRssMiB: number; maxLoad1: number } {
    let cpuSeconds = 0;
    let peakRssMiB = 0;
    for (const [pid, s] of this.last) {
      cpuSeconds += s.cpuSeconds - (this.baseline.get(pid) ?? 0);
      peakRssMiB = Math.max(peakRssMiB, s.peakRssMiB);
    }
    return { cpuSeconds, peakRssMiB, maxLoad1: this.maxLoad1 };
  }
}
