import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NO_STREAK, addDays, advanceStreak, exerciseAward, weekOfDate, type EventEnvelope, type StreakState } from '@swingfit/contracts';
import { ACHIEVEMENTS, achievementsCrossed } from '../src/domain/achievements.js';
import { PoisonEventError, countersOf, exerciseAwardOf, periodsOf, uploadAwardOf, uploadReversalOf } from '../src/domain/awards.js';
import { analysisFailedNotice, exerciseNotice, multiplierLabel, weeklyResetNotice } from '../src/domain/notices.js';
import { competitionRanks, enteredTopThree, leaderboardMoves } from '../src/domain/ranking.js';
import { applyStreakReport } from '../src/domain/streak-copy.js';

const completion = (workoutDate: string, streakWeeks: number, override: Partial<ReturnType<typeof exerciseAward>> = {}): EventEnvelope<'exercise.completed'> => ({
  id: randomUUID(),
  type: 'exercise.completed',
  version: 1,
  occurredAt: `${workoutDate}T18:00:00.000Z`,
  userId: 7,
  payload: { completionId: 42, exerciseName: 'Open Book Stretch', workoutDate, streakWeeks, ...exerciseAward(streakWeeks), ...override },
});

describe('what an event earns', () => {
  // Section 9: 0-2 1.0x (5); 3-4 1.25x (6); 5-6 1.5x (8); 7-9 2.0x (10); 10-14 2.5x (13); 15+ 3.0x (15).
  it.each([
    [1, 5, 1, 5],
    [3, 5, 1.25, 6],
    [6, 5, 1.5, 8],
    [9, 5, 2, 10],
    [10, 5, 2.5, 13],
    [15, 5, 3, 15],
  ])('a completion on a %i-week streak records %i x %f = %i, keyed by its completion', (weeks, base, multiplier, points) => {
    const award = exerciseAwardOf(completion('2026-11-24', weeks));
    expect(award).toMatchObject({ userId: 7, reason: 'exercise', cause: 'exercise:completion:42', basePoints: base, multiplier, points, day: '2026-11-24' });
  });

  it('refuses a completion whose figures are not exerciseAward(streakWeeks): the two sides disagree', () => {
    expect(() => exerciseAwardOf(completion('2026-11-24', 3, { points: 5 }))).toThrow(PoisonEventError);
    expect(() => exerciseAwardOf(completion('2026-11-24', 3, { multiplier: 1 }))).toThrow(/earns 5 x 1.25 = 6/);
    expect(() => exerciseAwardOf({ ...completion('2026-11-24', 1), userId: undefined })).toThrow(/no userId/);
  });

  it('an upload earns 10 on its Central Time day, once per analysis', () => {
    const event: EventEnvelope<'analysis.uploaded'> = { id: randomUUID(), type: 'analysis.uploaded', version: 1, occurredAt: '2026-11-01T04:30:00.000Z', userId: 3, payload: { analysisId: 9, club: 'driver' } };
    // 23:30 CDT on Saturday October 31: still October, and still the week of October 25.
    expect(uploadAwardOf(event)).toMatchObject({ cause: 'upload:analysis:9', points: 10, basePoints: 10, multiplier: 1, day: '2026-10-31' });
    expect(periodsOf('2026-10-31')).toEqual({ day: '2026-10-31', week: '2026-10-25', month: '2026-10-01' });
  });

  it('a failed analysis takes its upload award back on the award’s own day, keyed by the analysis', () => {
    const failed: EventEnvelope<'analysis.failed'> = { id: randomUUID(), type: 'analysis.failed', version: 1, occurredAt: '2026-11-02T15:00:00.000Z', userId: 3, payload: { analysisId: 9, reason: 'No golf swing was detected in the video' } };
    const award = { userId: 3, basePoints: 10, multiplier: 1, points: 10, day: '2026-10-31' };
    // Failed on Monday November 2, but the award counted for Saturday October 31: October and that week get it back.
    expect(uploadReversalOf(failed, award)).toMatchObject({ reason: 'upload-reversal', cause: 'upload-reversal:analysis:9', sourceEventId: failed.id, sourceType: 'analysis.failed', points: -10, basePoints: -10, multiplier: 1, day: '2026-10-31' });
    expect(() => uploadReversalOf({ ...failed, userId: 4 }, award)).toThrow(PoisonEventError);
    expect(() => uploadReversalOf({ ...failed, userId: undefined }, award)).toThrow(/no userId/);
  });

  it.each([
    ['exercise', { exercises: 1, uploads: 0 }],
    ['upload', { exercises: 0, uploads: 1 }],
    ['upload-reversal', { exercises: 0, uploads: -1 }],
  ] as const)('a %s award moves the achievement counters by %o', (reason, counters) => {
    expect(countersOf(reason)).toEqual(counters);
  });
});

/** The gateway's streak after each completion day, reported as exercise.completed would report it. */
function reports(days: string[]) {
  let gateway: StreakState = NO_STREAK;
  let copy: StreakState | null = null;
  return days.map((day) => {
    gateway = advanceStreak(gateway, weekOfDate(day));
    const report = applyStreakReport(copy, weekOfDate(day), gateway.weeks);
    if (report.newer) copy = report.next;
    return report.milestone ? `${gateway.weeks}w ${multiplierLabel(report.milestone.multiplier)}` : null;
  });
}

describe('streak milestones (each new tier, weeks Sunday to Saturday in Chicago)', () => {
  const weekly = (from: string, n: number) => Array.from({ length: n }, (_, i) => addDays(from, 7 * i));

  it('announces 3, 5, 7, 10 and 15 weeks, once each, across both DST changes', () => {
    // From 2026-02-22, fifteen Sundays in a row cross March 8 (spring forward); from 2026-09-13 November 1 (fall back).
    for (const start of ['2026-02-22', '2026-09-13']) {
      const milestones = reports(weekly(start, 16)).filter(Boolean);
      expect(milestones).toEqual(['3w 1.25x', '5w 1.5x', '7w 2.0x', '10w 2.5x', '15w 3.0x']);
    }
  });

  it('counts Saturday 23:59 and Sunday 00:00 as two weeks (the DST Saturday/Sunday too)', () => {
    expect(reports(['2026-02-28', '2026-03-07', '2026-03-08'])).toEqual([null, null, '3w 1.25x']);
    expect(reports(['2026-10-24', '2026-10-31', '2026-11-01'])).toEqual([null, null, '3w 1.25x']);
  });

  it('says nothing for more exercises in the same week, and nothing for a late report of an older week', () => {
    expect(reports(['2026-11-01', '2026-11-08', '2026-11-15', '2026-11-16', '2026-11-21'])).toEqual([null, null, '3w 1.25x', null, null]);
    const copy = { weeks: 4, lastWeek: '2026-11-22' };
    expect(applyStreakReport(copy, '2026-11-15', 3)).toMatchObject({ newer: false, milestone: null });
  });

  it('announces a tier again when a broken streak climbs back to it', () => {
    const days = [...weekly('2026-06-07', 3), ...weekly('2026-07-12', 3)];
    expect(reports(days)).toEqual([null, null, '3w 1.25x', null, null, '3w 1.25x']);
  });
});

describe('achievements', () => {
  const figures = (totalPoints: number, exercisesCompleted: number, uploads: number) => ({ totalPoints, exercisesCompleted, uploads });
  it.each([
    ['the first workout', figures(0, 0, 0), figures(5, 1, 0), ['first-workout']],
    ['the first 100 points', figures(95, 10, 1), figures(101, 11, 1), ['points-100']],
    ['5 uploads', figures(40, 0, 4), figures(50, 0, 5), ['uploads-5']],
    ['nothing new', figures(101, 11, 5), figures(107, 12, 5), []],
    ['two at once', figures(490, 9, 3), figures(503, 10, 3), ['exercises-10', 'points-500']],
  ])('%s', (_label, before, after, codes) => {
    expect(achievementsCrossed(before, after).map((a) => a.code).sort()).toEqual([...codes].sort());
  });
  it('has unique codes', () => {
    expect(new Set(ACHIEVEMENTS.map((a) => a.code)).size).toBe(ACHIEVEMENTS.length);
  });
});

describe('ranking', () => {
  it('ranks ties together and skips after them (competition ranking)', () => {
    expect(competitionRanks([90, 80, 80, 70, 70, 70, 10])).toEqual([1, 2, 2, 4, 4, 4, 7]);
    expect(competitionRanks([])).toEqual([]);
  });
  it.each([
    ['moving from 4th to 3rd', [50, 40, 30, 20], 25, 35, 3],
    ['moving to 1st', [50, 40, 30], 0, 60, 1],
    ['the first points of the month', [], 0, 5, 1],
    ['tying the 3rd', [50, 40, 30], 25, 30, 3],
    ['already in the top 3', [50, 40, 30], 35, 45, null],
    ['still 4th', [50, 40, 30], 10, 20, null],
  ])('%s', (_label, leaders, before, after, rank) => {
    expect(enteredTopThree(leaders, before, after)).toBe(rank);
  });

  it('finds who an award passed on the board: strictly between the old and new figure, never a tie, never oneself', () => {
    // The board after golfer 9 went from 20 to 45.
    const board = [
      { userId: 1, points: 60 },
      { userId: 9, points: 45 },
      { userId: 2, points: 45 },
      { userId: 3, points: 40 },
      { userId: 4, points: 30 },
      { userId: 5, points: 20 },
      { userId: 6, points: 10 },
    ];
    expect(leaderboardMoves(board, 9, 20, 45)).toEqual({ enteredTopThree: 2, passed: [3, 4] });
    expect(leaderboardMoves(board, 9, 44, 45)).toEqual({ enteredTopThree: null, passed: [] });
  });
});

describe('notices', () => {
  it('keep each figure once, in plain words', () => {
    expect(exerciseNotice({ exerciseName: 'Hip Airplane', points: 6, multiplier: 1.25, day: '2026-11-24', dayPoints: 12 })).toEqual({
      type: 'exercise_completion',
      title: 'Exercise Completed!',
      message: 'Hip Airplane: +6 points with your 1.25x streak bonus. Today so far: 12 points.',
      topic: 'exercise:2026-11-24',
    });
    expect(weeklyResetNotice(1, 0).message).toBe('Your weekly points are back to 0. Last week you earned 1 point.');
    expect(weeklyResetNotice(30, 4).message).toContain('keep your 4-week streak going');
  });
  it('pass the analysis failure reason on as a sentence, and say the upload does not count', () => {
    const counted = " This upload doesn't count, so you can upload again. The 10 points it earned were taken back.";
    expect(analysisFailedNotice('HEVC/H.265 videos are not supported', 10).message).toBe(`We couldn't analyze your swing video. HEVC/H.265 videos are not supported.${counted}`);
    expect(analysisFailedNotice('  ', 10).message).toBe(`We couldn't analyze your swing video. Please try again with a clearer video file.${counted}`);
    expect(analysisFailedNotice('No golf swing was detected in the video.', 1).message).toContain('The 1 point it earned was taken back.');
    expect(analysisFailedNotice('No golf swing was detected in the video.', 0).message).toBe(
      "We couldn't analyze your swing video. No golf swing was detected in the video. This upload doesn't count, so you can upload again.",
    );
  });
});
