import { PLAN_LIMITS, UNLIMITED, WEEK_TIME_ZONE, isLimitReached, type UploadStatus, type UploadWeek } from '@swingfit/contracts';

/*
 * Who may upload what (spec sections 1, 6, 9): free golfers one video ever and no down-the-line view;
 * premium golfers one driver and one 7-iron video per week (Sunday 00:00 Central Time to the next).
 */

export interface AllowanceFacts {
  isPremium: boolean;
  videoUploadsUsed: number;
  /** Clubs already uploaded in the current week (the premium allowance is one per club: PLAN_LIMITS.premium.weeklyPerClub). */
  clubsThisWeek: ReadonlySet<string>;
  week: UploadWeek;
}

export interface UploadRefusal {
  title: string;
  message: string;
}

export const FREE_LIMIT_MESSAGE = "You've used your free video upload. Upgrade to premium for weekly uploads.";

export const clubLabel = (club: string) => (club === '7-iron' ? '7-Iron' : club === 'driver' ? 'Driver' : club);

const resetDay = new Intl.DateTimeFormat('en-US', { timeZone: WEEK_TIME_ZONE, weekday: 'long', month: 'long', day: 'numeric' });

export const freeLimitReached = (f: Pick<AllowanceFacts, 'isPremium' | 'videoUploadsUsed'>) =>
  !f.isPremium && isLimitReached(f.videoUploadsUsed, PLAN_LIMITS.free.videoUploads);

/** The refusal for this upload, or null when the plan allows it. `club` may be unknown while fields are still arriving. */
export function uploadRefusal(f: AllowanceFacts, upload: { club?: string; hasDownTheLine?: boolean }): UploadRefusal | null {
  if (freeLimitReached(f)) return { title: 'Upload Limit Reached', message: FREE_LIMIT_MESSAGE };
  if (!f.isPremium && upload.hasDownTheLine) {
    return { title: 'Premium Feature', message: 'Down-the-line analysis is a Premium feature. Upgrade to premium to upload a down-the-line video.' };
  }
  if (f.isPremium && upload.club && f.clubsThisWeek.has(upload.club)) {
    return {
      title: 'Weekly Upload Limit Reached',
      message: `Weekly Upload Limit Reached: you've already uploaded your ${clubLabel(upload.club)} video this week. Your next ${clubLabel(upload.club)} upload opens ${resetDay.format(f.week.end)} at midnight Central Time.`,
    };
  }
  return null;
}

export function uploadStatus(f: AllowanceFacts): UploadStatus {
  const limitReached = freeLimitReached(f);
  const driverDone = f.clubsThisWeek.has('driver');
  const ironDone = f.clubsThisWeek.has('7-iron');
  return {
    isPremium: f.isPremium,
    isFreeLimitReached: limitReached,
    canUploadDriver: f.isPremium ? !driverDone : !limitReached,
    canUploadSevenIron: f.isPremium ? !ironDone : !limitReached,
    weeklyDriverUploaded: driverDone,
    weeklySevenIronUploaded: ironDone,
    videoUploadsUsed: f.videoUploadsUsed,
    videoUploadsLimit: f.isPremium ? UNLIMITED : PLAN_LIMITS.free.videoUploads,
    weekResetsAt: f.week.end.toISOString(),
  };
}
