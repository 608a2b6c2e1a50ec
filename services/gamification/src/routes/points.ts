import { DailyPoints, Leaderboard, MonthlyPosition, PointsSummary, UserIdParam } from '@swingfit/contracts';
import { HttpError, internalUserId, type App } from '@swingfit/server-kit';
import { leaderboard, monthlyPosition, pointsSummary, pointsThisMonth } from '../services/standings.js';
import type { GamificationDeps } from '../deps.js';

/** Leaderboard and points figures for the current Central Time month and week, read from the totals. */
export function pointsRoutes(deps: GamificationDeps) {
  return async (app: App) => {
    for (const url of ['/api/leaderboard', '/api/monthly-leaderboard']) {
      app.get(url, { schema: { response: { 200: Leaderboard } } }, async () => leaderboard(deps.db));
    }

    app.get('/api/points/summary', { schema: { response: { 200: PointsSummary } } }, async (request) => pointsSummary(deps.db, internalUserId(request)));

    app.get('/api/points/daily', { schema: { response: { 200: DailyPoints } } }, async (request) => pointsThisMonth(deps.db, internalUserId(request)));

    app.get('/api/points/monthly-position/:userId', { schema: { params: UserIdParam, response: { 200: MonthlyPosition } } }, async (request) => {
      if (request.params.userId !== internalUserId(request)) throw new HttpError(403, 'Forbidden');
      return monthlyPosition(deps.db, request.params.userId);
    });
  };
}
