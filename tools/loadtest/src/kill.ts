import { sampleProcess } from './proc-stats.js';
import type { OwnStack } from './own-stack.js';

/*
 * --kill-worker K: SIGKILLs an analysis-worker process K times, spread evenly over the run (after 1/(K+1),
 * 2/(K+1)… of the analyses finished), each time while an analysis is being processed, and starts it again.
 * The victim is the worker that used the most CPU since the last look: the one with a job in hand.
 */

export interface KillRecord {
  worker: string;
  pid: number;
  /** Analyses finished when it was killed. */
  atFinished: number;
  atMs: number;
  /** Until the new process answered /healthz. */
  restartMs: number | null;
  error?: string;
}

export class WorkerKiller {
  readonly records: KillRecord[] = [];
  private busy: Promise<void> | undefined;
  private readonly lastCpu = new Map<number, number>();

  constructor(
    private readonly stack: OwnStack,
    private readonly kills: number,
    private readonly total: number,
  ) {}

  /** Called on every poll with the run's state; starts a kill when one is due and a job is running. */
  consider(finished: number, processing: number, workerPids: readonly number[]): void {
    const victim = this.busiest(workerPids);
    const next = this.records.length + 1;
    if (this.busy || next > this.kills || processing === 0 || finished >= this.total) return;
    if (finished < Math.floor((next * this.total) / (this.kills + 1))) return;
    const worker = this.stack.children.find((c) => c.child.pid === victim && c.alive);
    if (!worker) return;
    const record: KillRecord = { worker: worker.name, pid: victim!, atFinished: finished, atMs: Date.now(), restartMs: null };
    this.records.push(record);
    this.busy = this.stack
      .restart(worker.name, 'SIGKILL')
      .then(
        () => void (record.restartMs = Date.now() - record.atMs),
        (error: unknown) => void (record.error = (error as Error).message),
      )
      .finally(() => (this.busy = undefined));
  }

  private busiest(pids: readonly number[]): number | undefined {
    let best: number | undefined;
    let bestDelta = -1;
    for (const pid of pids) {
      const cpu = sampleProcess(pid)?.cpuSeconds;
      if (cpu === undefined) continue;
      const delta = cpu - (this.lastCpu.get(pid) ?? cpu);
      this.lastCpu.set(pid, cpu);
      if (delta > bestDelta) {
        bestDelta = delta;
        best = pid;
      }
    }
    return best;
  }

  async settled(): Promise<void> {
    await this.busy;
  }

  summary(): string {
    return this.kills > 0 ? ` · kills ${this.records.length}/${this.kills}` : '';
  }
}
