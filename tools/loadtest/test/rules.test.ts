import { describe, expect, it } from 'vitest';
import { allowanceProblem, parseLoadArgs, uploadPlan } from '../src/args.js';
import { checkExactlyOnce, type AnalysisFacts } from '../src/exactly-once.js';
import { parseStat } from '../src/proc-stats.js';
import { countReasons, percentile, percentiles, perMinute } from '../src/stats.js';

describe('parseLoadArgs', () => {
  const base = ['--analyses', '4', '--users', '2', '--clip', '/tmp/c.mp4'];
  it.each([
    [[...base], { analyses: 4, users: 2, direct: false, workers: 1, killWorker: 0 }],
    [['--', ...base, '--direct', '--workers', '2', '--kill-worker', '2'], { direct: true, workers: 2, killWorker: 2 }],
    [[...base, '--url', 'http://127.0.0.1:8080/'], { url: 'http://127.0.0.1:8080' }],
    [[...base, '--stall-timeout', '30'], { stallTimeoutMs: 30_000 }],
  ])('%j', (argv, expected) => {
    expect(parseLoadArgs(argv)).toMatchObject(expected);
  });

  it.each([
    [['--analyses', '4', '--users', '2'], /--clip/],
    [['--analyses', '0', '--users', '2', '--clip', 'x'], /--analyses needs a whole number of at least 1/],
    [['--analyses', '2.5', '--users', '2', '--clip', 'x'], /--analyses/],
    [[...base, '--workers', '0'], /--workers/],
    [[...base, '--kill-worker', '-1'], /--kill-worker/],
    [[...base, '--speed', '3'], /unknown option --speed/],
    [[...base, '--url', 'ftp://x'], /--url/],
    [[...base, '--url', 'http://127.0.0.1:8080', '--kill-worker', '1'], /not to --url/],
    [['--analyses', '5', '--users', '2', '--clip', 'x'], /at least 3 golfers/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseLoadArgs(argv)).toThrow(message);
  });
});

describe('upload allowance', () => {
  it.each([
    [1, 1, false, false],
    [2, 1, false, false],
    [3, 1, false, true],
    [3, 1, true, false],
  ])('%i analyses for %i golfers (direct %s): refused %s', (analyses, users, direct, refused) => {
    if (refused) expect(() => allowanceProblem(analyses, users, direct)).toThrow();
    else expect(() => allowanceProblem(analyses, users, direct)).not.toThrow();
  });

  it('gives each golfer one driver then one 7-iron, premium only when they upload twice', () => {
    expect(uploadPlan(2, 2)).toEqual({ premium: false, slots: [{ user: 0, club: 'driver' }, { user: 1, club: 'driver' }] });
    expect(uploadPlan(3, 2)).toEqual({ premium: true, slots: [{ user: 0, club: 'driver' }, { user: 1, club: 'driver' }, { user: 0, club: '7-iron' }] });
  });
});

describe('stats', () => {
  it.each([
    [[], 50, Number.NaN],
    [[7], 99, 7],
    [[1, 2, 3, 4], 50, 2],
    [[1, 2, 3, 4], 95, 4],
    [Array.from({ length: 100 }, (_, i) => i + 1), 99, 99],
  ])('percentile(%j, %i) = %d', (values, p, want) => {
    expect(percentile(values, p)).toBe(want);
  });

  it('sorts before ranking', () => {
    expect(percentiles([30, 10, 20])).toEqual({ count: 3, p50: 20, p95: 30, p99: 30, max: 30 });
  });

  it('counts per minute over the span', () => {
    expect(perMinute(10, 0, 120_000)).toBe(5);
    expect(perMinute(1, 5, 5)).toBeNaN();
  });

  it('counts reasons, most frequent first', () => {
    expect(countReasons(['b', 'a', 'b'])).toEqual([{ reason: 'b', count: 2 }, { reason: 'a', count: 1 }]);
  });

  it('reads CPU ticks of process and waited-for children from /proc/<pid>/stat', () => {
    // pid (comm with ) space) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime
    expect(parseStat('42 (node (x)) S 1 2 3 4 5 6 7 8 9 10 100 50 30 20 0')).toBe(2);
  });
});

describe('checkExactlyOnce', () => {
  const done = (id: number, userId = 1, over: Partial<AnalysisFacts> = {}): AnalysisFacts => ({ id, userId, status: 'complete', completedEvents: 1, failedEvents: 0, uploadAwards: 1, ...over });
  const golfer = (userId: number, readyNotices: number) => ({ userId, readyNotices });

  it('passes when each upload completed once with its event, notice and award', () => {
    expect(checkExactlyOnce([1, 2], [done(1), done(2)], [golfer(1, 2)])).toEqual({ ok: true, uploads: 2, completedOnce: 2, problems: [] });
  });

  it.each([
    ['a lost row', [1, 2], [done(1)], [golfer(1, 1)], /analysis 2: no row/],
    ['a doubled event', [1], [done(1, 1, { completedEvents: 2 })], [golfer(1, 1)], /2 analysis.completed/],
    ['a doubled notification', [1], [done(1)], [golfer(1, 2)], /2 'Analysis Ready' notifications for 1/],
    ['a missing notification', [1], [done(1)], [golfer(1, 0)], /0 'Analysis Ready'/],
    ['a doubled award', [1], [done(1, 1, { uploadAwards: 2 })], [golfer(1, 1)], /2 upload awards/],
    ['an unfinished analysis', [1], [done(1, 1, { status: 'processing', completedEvents: 0 })], [golfer(1, 0)], /never finished/],
    ['a failed analysis that also completed', [1], [done(1, 1, { status: 'failed', failedEvents: 1 })], [golfer(1, 0)], /failed with 1 analysis.failed and 1 analysis.completed/],
    ['one id for two uploads', [1, 1], [done(1)], [golfer(1, 1)], /returned for two uploads/],
  ])('fails on %s', (_name, ids, analyses, golfers, problem) => {
    const result = checkExactlyOnce(ids, analyses, golfers);
    expect(result.ok).toBe(false);
    expect(result.problems.join('\n')).toMatch(problem);
  });

  it('accepts a failed analysis with one failure event and no award check in direct runs', () => {
    const failed = done(1, 1, { status: 'failed', completedEvents: 0, failedEvents: 1, uploadAwards: null });
    expect(checkExactlyOnce([1], [failed], [golfer(1, 0)]).ok).toBe(true);
  });
});
