import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * A thin typed wrapper over child_process.spawn for ffmpeg/ffprobe. fluent-ffmpeg is archived
 * upstream, and what we need is small: argument arrays (no shell), a timeout and an AbortSignal that
 * really stop the process (a rejected promise alone leaves ffmpeg running), lower CPU priority so the
 * worker's event loop keeps renewing job locks, progress parsing, and a scratch directory.
 */

export interface ToolPaths {
  ffmpeg: string;
  ffprobe: string;
}

export const DEFAULT_TOOLS: ToolPaths = { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' };

export interface RunOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  /** Working directory; when absent a temporary one is created and removed afterwards. */
  cwd?: string;
  /** Niceness added to the child (0..19). */
  nice?: number;
  /** Called with ffmpeg's `-progress` key/value blocks (only when the args ask for `-progress pipe:1`). */
  onProgress?: (progress: FfmpegProgress) => void;
}

export interface FfmpegProgress {
  outTimeSec: number;
  frame: number;
  speed: number | null;
  done: boolean;
}

export interface RunResult {
  stdout: string;
  stderr: string;
  ms: number;
}

export class ToolError extends Error {
  constructor(
    message: string,
    readonly tool: string,
    readonly exitCode: number | null,
    readonly stderr: string,
    readonly reason: 'exit' | 'timeout' | 'aborted' | 'spawn',
  ) {
    super(message);
    this.name = 'ToolError';
  }
}

const KILL_GRACE_MS = 2_000;
const STDERR_KEEP = 16_384;

export async function runTool(command: string, args: string[], options: RunOptions): Promise<RunResult> {
  const ownDir = options.cwd ? undefined : await mkdtemp(join(tmpdir(), 'sf-ffmpeg-'));
  try {
    return await spawnAndWait(command, args, { ...options, cwd: options.cwd ?? ownDir });
  } finally {
    if (ownDir) await rm(ownDir, { recursive: true, force: true });
  }
}

let deathSignalSupported: boolean | undefined;

/**
 * A child outlives a SIGKILLed worker and would keep transcoding for nobody (measured: ffmpeg is
 * re-parented to init and runs on). util-linux `setpriv --pdeathsig KILL` makes the kernel kill it
 * with its parent; where setpriv is missing the tool runs unwrapped.
 */
function withDeathSignal(command: string, args: string[]): [string, string[]] {
  deathSignalSupported ??= process.platform === 'linux' && spawnSync('setpriv', ['--pdeathsig', 'KILL', 'true'], { stdio: 'ignore' }).status === 0;
  return deathSignalSupported ? ['setpriv', ['--pdeathsig', 'KILL', command, ...args]] : [command, args];
}

function spawnAndWait(command: string, args: string[], options: RunOptions): Promise<RunResult> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(new ToolError(`${command} aborted before start`, command, null, '', 'aborted'));
    // setpriv execs the tool in place, so child.pid is the tool's own pid (priority and kill reach it).
    const [file, argv] = withDeathSignal(command, args);
    const child = spawn(file, argv, { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    if (child.pid && options.nice) {
      try {
        setPriority(child.pid, options.nice);
      } catch {
        // Not fatal: the child just runs at normal priority.
      }
    }
    let stdout = '';
    let stderr = '';
    let stopReason: 'timeout' | 'aborted' | undefined;
    let killTimer: NodeJS.Timeout | undefined;

    const stop = (reason: 'timeout' | 'aborted') => {
      if (stopReason || child.exitCode !== null) return;
      stopReason = reason;
      child.kill('SIGTERM');
      killTimer = setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS);
    };
    const timer = setTimeout(() => stop('timeout'), options.timeoutMs);
    const onAbort = () => stop('aborted');
    options.signal?.addEventListener('abort', onAbort, { once: true });

    const onProgressChunk = options.onProgress ? progressReader(options.onProgress) : undefined;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (onProgressChunk) onProgressChunk(chunk);
      else stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      if (stderr.length > STDERR_KEEP * 2) stderr = stderr.slice(-STDERR_KEEP);
    });

    const finish = () => {
      clearTimeout(timer);
      if (killTimer) clearTimeout(killTimer);
      options.signal?.removeEventListener('abort', onAbort);
    };
    child.on('error', (error) => {
      finish();
      reject(new ToolError(`${command} could not start: ${error.message}`, command, null, '', 'spawn'));
    });
    child.on('close', (code) => {
      finish();
      const ms = Date.now() - started;
      if (stopReason) {
        const what = stopReason === 'timeout' ? `timed out after ${options.timeoutMs} ms` : 'was aborted';
        return reject(new ToolError(`${command} ${what}`, command, code, stderr.slice(-STDERR_KEEP), stopReason));
      }
      if (code === 127 && file === 'setpriv' && /failed to execute/.test(stderr)) {
        return reject(new ToolError(`${command} could not start: ${lastLines(stderr, 1)}`, command, code, stderr, 'spawn'));
      }
      if (code !== 0) {
        return reject(new ToolError(`${command} exited with code ${code}: ${lastLines(stderr, 3)}`, command, code, stderr.slice(-STDERR_KEEP), 'exit'));
      }
      resolve({ stdout, stderr: stderr.slice(-STDERR_KEEP), ms });
    });
  });
}

/**
 * Reads ffmpeg's `-progress pipe:1` output (key=value lines, a block ended by `progress=continue|end`)
 * chunk by chunk, and reports each block.
 */
function progressReader(onProgress: (p: FfmpegProgress) => void): (chunk: string) => void {
  let pending = '';
  let progress: Partial<FfmpegProgress> = {};
  return (chunk) => {
    pending += chunk;
    let newline: number;
    while ((newline = pending.indexOf('\n')) >= 0) {
      const line = pending.slice(0, newline).trim();
      pending = pending.slice(newline + 1);
      const eq = line.indexOf('=');
      if (eq < 0) continue;
      const key = line.slice(0, eq);
      const value = line.slice(eq + 1);
      if (key === 'out_time_us' || key === 'out_time_ms') {
        // Both keys carry microseconds in ffmpeg 5 (out_time_ms is misnamed upstream).
        const us = Number(value);
        if (Number.isFinite(us)) progress.outTimeSec = us / 1e6;
      } else if (key === 'frame') progress.frame = Number(value) || 0;
      else if (key === 'speed') progress.speed = Number.parseFloat(value) || null;
      else if (key === 'progress') {
        onProgress({ outTimeSec: progress.outTimeSec ?? 0, frame: progress.frame ?? 0, speed: progress.speed ?? null, done: value === 'end' });
        progress = {};
      }
    }
  };
}

function lastLines(text: string, n: number): string {
  return text.trim().split('\n').slice(-n).join(' | ');
}

export function ffmpeg(tools: ToolPaths, args: string[], options: RunOptions): Promise<RunResult> {
  return runTool(tools.ffmpeg, ['-hide_banner', '-nostdin', '-y', ...args], { nice: 10, ...options });
}

export function ffprobe(tools: ToolPaths, args: string[], options: RunOptions): Promise<RunResult> {
  return runTool(tools.ffprobe, ['-hide_banner', ...args], { nice: 10, ...options });
}
