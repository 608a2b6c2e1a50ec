import { PLAN_LIMITS, uploadWeekStart, type UploadStatus, type UsageLimits } from '@swingfit/contracts';
import { HttpError } from '@swingfit/server-kit';
import type { GatewayDeps } from '../deps.js';
import { readUploadPlan, readUploadPlanAndWeek } from '../db/analyses-repository.js';
import { uploadStatus } from '../domain/upload-allowance.js';

type Db = GatewayDeps['db'];

async function plan(db: Db, userId: number) {
  const facts = await readUploadPlan(db, userId);
  if (!facts) throw new HttpError(401, 'Unauthorized');
  return facts;
}

export async function getUploadStatus(db: Db, userId: number, now = new Date()): Promise<UploadStatus> {
  const week = uploadWeekStart(now);
  // One round trip for the plan and the week's clubs (a free golfer's clubs do not count: none are passed on).
  const facts = await readUploadPlanAndWeek(db, userId, week.date);
  if (!facts) throw new HttpError(401, 'Unauthorized');
  const clubsThisWeek = facts.isPremium ? facts.clubsThisWeek : new Set<string>();
  return uploadStatus({ ...facts, clubsThisWeek, week });
}

export async function getUsageLimits(db: Db, userId: number): Promise<UsageLimits> {
  const facts = await plan(db, userId);
  const limits = facts.isPremium ? PLAN_LIMITS.premium : PLAN_LIMITS.free;
  return {
    isPremium: facts.isPremium,
    videoUploads: { used: facts.videoUploadsUsed, limit: limits.videoUploads },
    analysisViews: { used: facts.analysisViewsUsed, limit: limits.analysisViews },
    workoutViews: { used: facts.workoutViewsUsed, limit: limits.workoutViews },
  };
}
