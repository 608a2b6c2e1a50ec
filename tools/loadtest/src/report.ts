import type { LoadReport } from './run.js';
import type { Percentiles } from './stats.js';

/* The printed form of a load report. */

const s = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : 'n/a');
const row = (name: string, p: Percentiles) => `  ${name.padEnd(12)} p50 ${s(p.p50).padStart(8)}  p95 ${s(p.p95).padStart(8)}  p99 ${s(p.p99).padStart(8)}  max ${s(p.max).padStart(8)}  (n=${p.count})`;

export function formatReport(r: LoadReport): string {
  const o = r.options;
  const lines = [
    `load run: ${o.analyses} analyses, ${o.users} golfers, ${o.direct ? 'direct onto the queue' : 'uploaded through the gateway'}, clip ${o.clip}`,
    `  target ${r.target.base}${r.target.ownStack ? ` (own stack, ${r.target.workers} analysis-worker process${r.target.workers === 1 ? '' : 'es'}, queue prefix ${r.target.queuePrefix})` : ''}`,
    `  wall ${r.wallSeconds.toFixed(0)} s; submitted ${r.submitted}; complete ${r.finished.complete}, failed ${r.finished.failed}, unfinished ${r.finished.unfinished}`,
    `throughput: ${r.throughputPerMinute.toFixed(2)} analyses/min (first upload committed -> last analysis finished)`,
    'latency (from the analysis rows and the BullMQ job timestamps):',
    row('relay', r.latency.relay),
    row('queue wait', r.latency.queueWait),
    row('processing', r.latency.processing),
    row('end to end', r.latency.endToEnd),
  ];
  if (r.submitFailures.length) lines.push('submit failures:', ...r.submitFailures.map((f) => `  ${f.count} × ${f.reason}`));
  lines.push(r.failures.length ? 'analysis failures by reason:' : 'analysis failures: none', ...r.failures.map((f) => `  ${f.count} × ${f.reason}`));
  if (r.options.killWorker > 0) {
    lines.push(`worker kills: ${r.kills.length} of ${r.options.killWorker}`);
    for (const k of r.kills) lines.push(`  SIGKILL ${k.worker} (pid ${k.pid}) with ${k.atFinished} finished; ${k.error ? `restart failed: ${k.error}` : `back in ${s(k.restartMs ?? Number.NaN)}`}`);
  }
  lines.push(`re-run analyses (attempts > 1): ${r.reruns}`);
  const e = r.exactlyOnce;
  lines.push(
    `exactly once: ${e.ok ? 'PASS' : 'FAIL'} — ${e.completedOnce} of ${e.uploads} uploads completed with one analysis.completed event and one 'Analysis Ready' notification${r.options.direct ? '' : ', one upload award each'}`,
    ...e.problems.map((p) => `  ${p}`),
  );
  if (r.workerCost) {
    lines.push(`worker cost: ${r.workerCost.cpuSeconds.toFixed(1)} CPU-s in all, ${r.workerCost.cpuSecondsPerAnalysis.toFixed(2)} CPU-s per analysis (ffmpeg included), peak RSS ${r.workerCost.peakRssMiB.toFixed(0)} MiB per worker process`);
  }
  lines.push(`load average: start ${r.loadAverage.start.join(' ')}, end ${r.loadAverage.end.join(' ')}, highest 1-min ${r.loadAverage.max1.toFixed(2)} (2 cores, shared)`);
  return lines.join('\n');
}

/** A run passes when every upload was accepted, every analysis finished and the exactly-once check holds. */
export const reportPassed = (r: LoadReport) => r.exactlyOnce.ok && r.finished.unfinished === 0 && r.submitFailures.length === 0;
