import { Type, type Static } from '@sinclair/typebox';
import { IsoDateTime, Nullable } from '../schema.js';
import { YOUTUBE_ID_PATTERN } from '../rules/youtube.js';
import { WORKOUT_NUMBER_MAX } from '../rules/workout.js';
import { LibraryCategorySchema } from './exercises.js';

/* The daily workout, completions, exercise logs, workout days and the video embed (section 3 and 7). */

export const WORKOUT_VIEW_LIMIT_MESSAGE = 'Workout view limit reached';
export const PREMIUM_TRACKING_MESSAGE = 'Exercise tracking, history and completion rewards are part of Premium.';
export const PREMIUM_VIDEO_MESSAGE = 'Exercise videos are part of Premium.';
export const NOT_IN_TODAYS_WORKOUT = "This exercise is not in today's workout";
export const VIDEO_NOT_IN_CATALOG = 'This video is not in the exercise catalog';

export const WorkoutProgressSchema = Type.Object({
  completed: Type.Integer(),
  total: Type.Integer(),
  percentage: Type.Integer(),
});

/** Section 3's workout exercise, with what the card needs to teach it without a video. */
export const WorkoutExercise = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** The focus area it was picked for. */
  category: Type.String(),
  libraryCategory: LibraryCategorySchema,
  target: Type.String(),
  description: Type.String(),
  instructions: Type.Array(Type.String()),
  coachingCues: Type.Array(Type.String()),
  /** The video's watch URL (section 3 calls it videoId), or null when the catalog has none for it. */
  videoId: Nullable(Type.String()),
  youtubeId: Nullable(Type.String()),
  videoTitle: Nullable(Type.String()),
  /** Seconds. */
  videoDuration: Nullable(Type.Integer()),
  /** Seconds. */
  duration: Type.Integer(),
  difficulty: Type.Integer(),
  sets: Type.Integer(),
  repetitions: Nullable(Type.Integer()),
  equipment: Type.String(),
  imageUrl: Nullable(Type.String()),
  isPremium: Type.Boolean(),
});
export type WorkoutExercise = Static<typeof WorkoutExercise>;

/** GET /api/daily-workout/{userId}: the golfer's workout of their Central Time day. */
export const DailyWorkout = Type.Object({
  workoutDate: Type.String({ format: 'date' }),
  /** The analysis the focus areas came from; null when the golfer has no completed analysis yet. */
  analysisId: Nullable(Type.Integer()),
  /** A newer completed analysis exists: POST /api/generate-workout rebuilds today's workout from it. */
  newerAnalysisAvailable: Type.Boolean(),
  focusAreas: Type.Array(Type.String()),
  exercises: Type.Array(WorkoutExercise),
  /** Names of today's completed exercises, from the server. */
  completedExercises: Type.Array(Type.String()),
  progress: WorkoutProgressSchema,
  isPremium: Type.Boolean(),
});
export type DailyWorkout = Static<typeof DailyWorkout>;

const LoggedNumber = Type.Union([Type.Integer({ minimum: -WORKOUT_NUMBER_MAX, maximum: WORKOUT_NUMBER_MAX }), Type.String({ maxLength: 20 })]);

/** POST /api/daily-workout/complete. Sets/reps/weight, when given, are logged in the same transaction. */
export const CompleteExerciseBody = Type.Object(
  {
    exerciseName: Type.String({ minLength: 1, maxLength: 200 }),
    sets: Type.Optional(LoggedNumber),
    reps: Type.Optional(LoggedNumber),
    weight: Type.Optional(LoggedNumber),
  },
  { additionalProperties: false },
);
export type CompleteExerciseBody = Static<typeof CompleteExerciseBody>;

export const CompleteExerciseResponse = Type.Object({
  progress: WorkoutProgressSchema,
  /** What the gamification ledger holds for this completion: exerciseAward(streak incl. today's week).points; 0 for a repeat. */
  pointsAwarded: Type.Integer(),
  /** The exercise was already completed today: nothing new was counted. */
  alreadyCompleted: Type.Boolean(),
  completedExercises: Type.Array(Type.String()),
  streakWeeks: Type.Integer(),
});
export type CompleteExerciseResponse = Static<typeof CompleteExerciseResponse>;

/** POST /api/exercise-logs (section 3: weight travels as text; numbers are parsed as integers, invalid is 0). */
export const ExerciseLogBody = Type.Object(
  {
    exerciseName: Type.String({ minLength: 1, maxLength: 200 }),
    workoutDate: Type.Union([Type.String({ format: 'date' }), IsoDateTime]),
    sets: Type.Optional(LoggedNumber),
    reps: Type.Optional(LoggedNumber),
    weight: Type.Optional(LoggedNumber),
    duration: Type.Optional(Nullable(LoggedNumber)),
    notes: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  },
  { additionalProperties: false },
);
export type ExerciseLogBody = Static<typeof ExerciseLogBody>;

/**
 * A resent POST /api/exercise-logs (a phone on a bad network retries) must not save a second entry: the
 * client sends one random key per Save tap, the same on every resend, and a key the golfer already used
 * answers the entry it saved. Optional: a client that sends none saves an entry per request, as before.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IdempotencyKeyHeaders = Type.Object({
  [IDEMPOTENCY_KEY_HEADER]: Type.Optional(
    Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9._:-]+$', errorMessage: 'must be letters, digits, dots, dashes, colons or underscores' }),
  ),
});
export const IDEMPOTENCY_KEY_REUSED = 'This Idempotency-Key already saved a different entry';

export const ExerciseLogEntry = Type.Object({
  id: Type.Integer(),
  exerciseName: Type.String(),
  workoutDate: Type.String({ format: 'date' }),
  sets: Type.Integer(),
  reps: Type.Integer(),
  /** Pounds. */
  weight: Type.Integer(),
  duration: Nullable(Type.Integer()),
  notes: Nullable(Type.String()),
  createdAt: IsoDateTime,
});
export type ExerciseLogEntry = Static<typeof ExerciseLogEntry>;

export const ExerciseLogList = Type.Array(ExerciseLogEntry);
export type ExerciseLogList = Static<typeof ExerciseLogList>;

/** GET /api/exercise-logs/user/{user}/history/{exerciseName}: `user` is 'authenticated' (the spec's path) or your own id. */
export const ExerciseHistoryParams = Type.Object({
  user: Type.Union([Type.Literal('authenticated'), Type.String({ pattern: '^[1-9][0-9]{0,15}$' })]),
  exerciseName: Type.String({ minLength: 1, maxLength: 200 }),
});
export type ExerciseHistoryParams = Static<typeof ExerciseHistoryParams>;

/** GET /api/user-sessions/{userId}: the golfer's workout days, newest first. */
export const WorkoutDay = Type.Object({
  date: Type.String({ format: 'date' }),
  exercisesCompleted: Type.Integer(),
  points: Type.Integer(),
});
export type WorkoutDay = Static<typeof WorkoutDay>;

export const WorkoutDayList = Type.Array(WorkoutDay);
export type WorkoutDayList = Static<typeof WorkoutDayList>;

export const YoutubeIdParam = Type.Object({ videoId: Type.String({ pattern: YOUTUBE_ID_PATTERN }) });

/** GET /api/youtube/embed/{videoId}: section 3's embed data plus the dialog's video object. */
export const VideoEmbed = Type.Object({
  videoId: Type.String(),
  title: Type.String(),
  videoUrl: Type.String(),
  embedUrl: Type.String(),
  watchUrl: Type.String(),
  thumbnailUrl: Type.String(),
  duration: Nullable(Type.Integer()),
  difficulty: Nullable(Type.Integer()),
  category: Type.String(),
  focusAreas: Type.Array(Type.String()),
  targetMuscles: Type.Array(Type.String()),
  equipment: Nullable(Type.String()),
  instructor: Nullable(Type.String()),
  viewCount: Type.Integer(),
  isActive: Type.Boolean(),
});
export type VideoEmbed = Static<typeof VideoEmbed>;
