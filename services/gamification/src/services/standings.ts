import type { LeaderboardEntry, MonthlyPosition, PointsSummary } from '@swingfit/contracts';
import { monthStart, weekStart } from '../domain/windows.js';
import { monthlyRank, monthlyStandings, pointsTotals } from '../db/ledger.js';
import type { Db } from '../db/types.js';

const LEADERBOARD_SIZE = 100;

export function leaderboard(db: Db, now = new Date()): Promise<LeaderboardEntry[]> {
  return monthlyStandings(db, monthStart(now), LEADERBOARD_SIZE);
}

export async function pointsSummary(db: Db, userId: number, now = new Date()): Promise<PointsSummary> {
  const since = monthStart(now);
  const totals = await pointsTotals(db, userId, { monthStart: since, weekStart: weekStart(now) });
  return { ...totals, position: await monthlyRank(db, since, totals.monthlyPoints) };
}

export async function monthlyPosition(db: Db, userId: number, now = new Date()): Promise<MonthlyPosition> {
  const { monthlyPoints, position } = await pointsSummary(db, userId, now);
  return { position, monthlyPoints };
}
