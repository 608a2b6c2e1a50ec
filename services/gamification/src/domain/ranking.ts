import { rankedThisMonth } from '@swingfit/contracts';

/*
 * Competition ranking ("1224"): golfers with equal points share a rank, and the next rank counts
 * everyone ahead. A rank is therefore 1 + the number of golfers with strictly more points.
 */

/** Ranks of a list already sorted by points, highest first. */
export function competitionRanks(pointsDesc: readonly number[]): number[] {
  const ranks: number[] = [];
  pointsDesc.forEach((points, i) => ranks.push(i > 0 && points === pointsDesc[i - 1] ? ranks[i - 1]! : i + 1));
  return ranks;
}

/** A golfer's rank among others whose points are given (any order). */
export function rankAmong(others: readonly number[], points: number): number {
  return 1 + others.filter((p) => p > points).length;
}

/** The rank that counts as "top 3" for the leaderboard notification. */
export const TOP_RANKS = 3;

/**
 * The golfer's new rank when an award moved them into the top 3, else null. `leaders` are the other
 * golfers' highest month figures. Without points a golfer is not on the board yet (everyone shares
 * rank 1 at 0 on the 1st), so the first points of the month can be the move into the top 3.
 */
export function enteredTopThree(leaders: readonly number[], before: number, after: number): number | null {
  const top = [...leaders].sort((a, b) => b - a).slice(0, TOP_RANKS);
  const was = rankedThisMonth(before) ? rankAmong(top, before) : Number.POSITIVE_INFINITY;
  const now = rankAmong(top, after);
  return was > TOP_RANKS && now <= TOP_RANKS ? now : null;
}

export interface BoardRow {
  userId: number;
  points: number;
}

export interface LeaderboardMoves {
  /** The golfer's new rank when the award moved them into the top 3, else null. */
  enteredTopThree: number | null;
  /** Golfers the award moved the golfer ahead of, among those shown on the board. */
  passed: number[];
}

/**
 * What an award from `before` to `after` month points changed on the board, read from the board's
 * rows after the award (highest first, at most the board's size, the golfer's own row included).
 * Passed golfers had more than `before` and have less than `after`; only golfers on the board count
 * (a golfer far down the month's list is not told about every award above them).
 */
export function leaderboardMoves(board: readonly BoardRow[], userId: number, before: number, after: number): LeaderboardMoves {
  const others = board.filter((r) => r.userId !== userId);
  const passed = others.filter((r) => r.points > before && r.points < after).map((r) => r.userId);
  return { enteredTopThree: enteredTopThree(others.map((r) => r.points), before, after), passed };
}
