import { UPLOAD_AWARD, centralDate, exerciseAward, monthOfDate, reversalOf, weekOfDate, type EventEnvelope, type EventType } from '@swingfit/contracts';

/*
 * What one event earns, decided by the ONE rule in contracts (section 9): exerciseAward(streakWeeks)
 * for a completed exercise, UPLOAD_AWARD for a swing video upload. Pure: the handlers write it.
 */

/** 'upload-reversal': an upload's award taken back because its analysis failed (negative points). */
export type AwardReason = 'exercise' | 'upload' | 'upload-reversal';

/** How one award moves the golfer's counters that achievements read (a reversal takes its upload back off). */
export function countersOf(reason: AwardReason): { exercises: number; uploads: number } {
  if (reason === 'exercise') return { exercises: 1, uploads: 0 };
  return { exercises: 0, uploads: reason === 'upload' ? 1 : -1 };
}

export interface Award {
  userId: number;
  reason: AwardReason;
  /** The natural key of what earned the points; the ledger holds one award per cause. */
  cause: string;
  sourceEventId: string;
  sourceType: EventType;
  basePoints: number;
  multiplier: number;
  points: number;
  /** The Central Time day the points belong to: the completion's workout day, the upload's day. */
  day: string;
  occurredAt: Date;
}

/** Thrown for an event that must not be awarded as it stands: the consumer parks it for an operator. */
export class PoisonEventError extends Error {}

export function requireUserId(event: EventEnvelope): number {
  if (event.userId == null) throw new PoisonEventError(`event ${event.type} ${event.id} carries no userId`);
  return event.userId;
}

/**
 * A completed exercise earns exactly exerciseAward(streakWeeks). The gateway answered the golfer with
 * the same function and put its figures in the event; if they differ, the two sides run different
 * rules (a half-finished deploy), and recording either figure would break "the response's
 * pointsAwarded is what the ledger holds": the event is refused so it is parked and seen.
 */
export function exerciseAwardOf(event: EventEnvelope<'exercise.completed'>): Award {
  const { completionId, workoutDate, streakWeeks } = event.payload;
  const award = exerciseAward(streakWeeks);
  const told = event.payload;
  if (told.points !== award.points || told.basePoints !== award.basePoints || told.multiplier !== award.multiplier) {
    throw new PoisonEventError(
      `exercise.completed ${event.id}: the event says ${told.basePoints} x ${told.multiplier} = ${told.points}, ` +
        `but a ${streakWeeks}-week streak earns ${award.basePoints} x ${award.multiplier} = ${award.points}`,
    );
  }
  return {
    userId: requireUserId(event),
    reason: 'exercise',
    cause: `exercise:completion:${completionId}`,
    sourceEventId: event.id,
    sourceType: event.type,
    ...award,
    day: workoutDate,
    occurredAt: new Date(event.occurredAt),
  };
}

/** The natural key of an upload's award, and of the entry that takes it back. */
export const uploadCause = (analysisId: number) => `upload:analysis:${analysisId}`;
export const uploadReversalCause = (analysisId: number) => `upload-reversal:analysis:${analysisId}`;

/** A swing video upload earns UPLOAD_AWARD once per analysis, on the Central Time day it was uploaded. */
export function uploadAwardOf(event: EventEnvelope<'analysis.uploaded'>): Award {
  const occurredAt = new Date(event.occurredAt);
  return {
    userId: requireUserId(event),
    reason: 'upload',
    cause: uploadCause(event.payload.analysisId),
    sourceEventId: event.id,
    sourceType: event.type,
    basePoints: UPLOAD_AWARD.basePoints,
    multiplier: UPLOAD_AWARD.multiplier,
    points: UPLOAD_AWARD.points,
    day: centralDate(occurredAt),
    occurredAt,
  };
}

/** An upload's award as the ledger holds it: whose, its figures, and the day it counted for. */
export interface RecordedUploadAward {
  userId: number;
  basePoints: number;
  multiplier: number;
  points: number;
  day: string;
}

/**
 * A failed analysis takes its upload's award back (junk uploads must not farm points): the award's figures
 * negated (reversalOf), once per analysis (its own cause), on the award's own day, so the day, week and
 * month totals it went into come back exactly to what they were, whenever the failure arrives.
 */
export function uploadReversalOf(event: EventEnvelope<'analysis.failed'>, award: RecordedUploadAward): Award {
  const userId = requireUserId(event);
  if (userId !== award.userId) {
    throw new PoisonEventError(`analysis.failed ${event.id}: analysis ${event.payload.analysisId} was awarded to golfer ${award.userId}, the event names ${userId}`);
  }
  return {
    userId,
    reason: 'upload-reversal',
    cause: uploadReversalCause(event.payload.analysisId),
    sourceEventId: event.id,
    sourceType: event.type,
    ...reversalOf(award),
    day: award.day,
    occurredAt: new Date(event.occurredAt),
  };
}

export interface AwardPeriods {
  day: string;
  week: string;
  month: string;
}

/** The day, week (its Sunday) and month (its 1st) whose totals an award on `day` adds to. */
export function periodsOf(day: string): AwardPeriods {
  return { day, week: weekOfDate(day), month: monthOfDate(day) };
}
