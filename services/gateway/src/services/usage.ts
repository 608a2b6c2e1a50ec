import { PLAN_LIMITS, uploadWeekStart, type UploadStatus, type UsageLimits } from '@swingfit/contracts';
import { HttpError } from '@swingfit/server-kit';
import type { GatewayDeps } from '../deps.js';
import { clubsUploadedInWeek, readUploadPlan } from '../db/analyses-repository.js';
import { uploadStatus } from '../domain/upload-allowance.js';

type Db = GatewayDeps['db'];

async function plan(db: Db, userId: number) {
  const facts = await readUploadPlan(db, userId);
  if (!facts) throw new HttpError(401, 'Unauthorized');
  return facts;
}

export async function getUploadStatus(db: Db, userId: number, now = new Date()): Promise<UploadStatus> {
  const facts = await plan(db, userId);
  const week = uploadWeekStart(now);
  const clubsThisWeek = facts.isPremium ? await clubsUploadedInWeek(db, userId, week.date) : new Set<string>();
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
