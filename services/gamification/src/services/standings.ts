import { LEADERBOARD_SIZE, addDays, centralDate, centralMonth, centralWeek, type DailyPoints, type LeaderboardEntry, type MonthlyPosition, type PointsSummary } from '@swingfit/contracts';
import { competitionRanks } from '../domain/ranking.js';
import { golfersAhead, golfersWithoutPoints, monthPointsAndAhead, topOfMonth } from '../db/standings.js';
import { dailyPoints, pointsFigures } from '../db/totals.js';
import type { Db } from '../db/types.js';

/**
 * This Central Time month's leaderboard: golfers with points, highest first, then (on a short board)
 * golfers without points yet, who share the next rank. Ranks are competition ranks (1, 2, 2, 4).
 */
export async function leaderboard(db: Db, now = new Date()): Promise<LeaderboardEntry[]> {
  const month = centralMonth(now).date;
  const scored = await topOfMonth(db, month, LEADERBOARD_SIZE);
  const ranks = competitionRanks(scored.map((s) => s.monthlyPoints));
  const entries = scored.map((s, i) => ({ ...s, rank: ranks[i]! }));
  const unscored = await golfersWithoutPoints(db, month, LEADERBOARD_SIZE - scored.length);
  // Everyone without points shares the rank after every golfer with points.
  return [...entries, ...unscored.map((s) => ({ ...s, rank: scored.length + 1 }))];
}

export async function monthlyPosition(db: Db, userId: number, now = new Date()): Promise<MonthlyPosition> {
  const month = centralMonth(now).date;
  const { points, ahead } = await monthPointsAndAhead(db, userId, month);
  return { position: 1 + ahead, monthlyPoints: points };
}

export async function pointsSummary(db: Db, userId: number, now = new Date()): Promise<PointsSummary> {
  const month = centralMonth(now).date;
  const figures = await pointsFigures(db, userId, { week: centralWeek(now).date, month });
  return { ...figures, position: 1 + (await golfersAhead(db, month, figures.monthlyPoints)) };
}

/** The golfer's points on every day of this month up to today (days without points as 0). */
export async function pointsThisMonth(db: Db, userId: number, now = new Date()): Promise<DailyPoints> {
  const month = centralMonth(now).date;
  const today = centralDate(now);
  const earned = new Map((await dailyPoints(db, userId, month, today)).map((d) => [d.date, d.points]));
  const days: DailyPoints['days'] = [];
  for (let day = month; day <= today; day = addDays(day, 1)) days.push({ date: day, points: earned.get(day) ?? 0 });
  return { month, days };
}

