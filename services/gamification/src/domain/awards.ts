import { UPLOAD_AWARD, centralDate, exerciseAward, monthOfDate, weekOfDate, type EventEnvelope, type EventType } from '@swingfit/contracts';

/*
 * What one event earns, decided by the ONE rule in contracts (section 9): exerciseAward(streakWeeks)
 * for a completed exercise, UPLOAD_AWARD for a swing video upload. Pure: the handlers write it.
 */

export type AwardReason = 'exercise' | 'upload';

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

/** A swing video upload earns UPLOAD_AWARD once per analysis, on the Central Time day it was uploaded. */
export function uploadAwardOf(event: EventEnvelope<'analysis.uploaded'>): Award {
  const occurredAt = new Date(event.occurredAt);
  return {
    userId: requireUserId(event),
    reason: 'upload',
    cause: `upload:analysis:${event.payload.analysisId}`,
    sourceEventId: event.id,
    sourceType: event.type,
    basePoints: UPLOAD_AWARD.basePoints,
    multiplier: UPLOAD_AWARD.multiplier,
    points: UPLOAD_AWARD.points,
    day: centralDate(occurredAt),
    occurredAt,
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
