import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../schema.js';

/* The exercise library (GET /api/exercises) and the exercise-video catalog staff keep as a spreadsheet. */

export const LibraryCategorySchema = Type.Union([Type.Literal('mobility'), Type.Literal('strength'), Type.Literal('balance')]);

/** A catalog video as the library and the workout show it (only active ones are shown). */
export const ExerciseVideoSummary = Type.Object({
  youtubeId: Type.String(),
  title: Type.String(),
  durationSeconds: Nullable(Type.Integer()),
  watchUrl: Type.String(),
  thumbnailUrl: Type.String(),
});
export type ExerciseVideoSummary = Static<typeof ExerciseVideoSummary>;

/** One exercise of the library (section 3's library item, plus what the detail view shows). */
export const ExerciseItem = Type.Object({
  id: Type.Integer(),
  /** Stable key of the exercise; the spreadsheet links videos to exercises with it. */
  slug: Type.String(),
  name: Type.String(),
  description: Type.String(),
  /** The library filter: mobility, strength or balance. */
  category: LibraryCategorySchema,
  /** The workout focus-area category it trains (one of the seven). */
  focusArea: Type.String(),
  target: Type.String(),
  difficulty: Type.Integer({ minimum: 1, maximum: 5 }),
  /** Seconds. */
  duration: Type.Integer(),
  sets: Type.Integer(),
  repetitions: Nullable(Type.Integer()),
  isPremium: Type.Boolean(),
  imageUrl: Nullable(Type.String()),
  rating: Nullable(Type.Number({ minimum: 0, maximum: 5 })),
  equipment: Type.String(),
  /** Step-by-step instructions; empty when `locked`. */
  instructions: Type.Array(Type.String()),
  coachingCues: Type.Array(Type.String()),
  /** A Premium exercise seen by a free golfer: its instructions and video stay with Premium. */
  locked: Type.Boolean(),
  video: Nullable(ExerciseVideoSummary),
});
export type ExerciseItem = Static<typeof ExerciseItem>;

export const ExerciseList = Type.Array(ExerciseItem);
export type ExerciseList = Static<typeof ExerciseList>;

/** GET /api/admin/exercise-videos/summary: what /admin/downloads shows, read from the database. */
export const VideoCategoryCount = Type.Object({
  category: Type.String(),
  /** The admin page's name for it ('Postural Integrity / Flexibility'). */
  label: Type.String(),
  count: Type.Integer(),
});
export type VideoCategoryCount = Static<typeof VideoCategoryCount>;

export const VideoCatalogSummary = Type.Object({
  total: Type.Integer(),
  active: Type.Integer(),
  categories: Type.Array(VideoCategoryCount),
  fileName: Type.String(),
  /** The size of the spreadsheet GET /api/download/excel sends right now. */
  fileSizeBytes: Type.Integer(),
});
export type VideoCatalogSummary = Static<typeof VideoCatalogSummary>;

export const VIDEO_SPREADSHEET_FILE = 'golf-exercise-videos.xlsx';

/** POST /api/admin/exercise-videos/import: every row applied in one transaction. */
export const VideoImportResult = Type.Object({
  rows: Type.Integer(),
  inserted: Type.Integer(),
  updated: Type.Integer(),
});
export type VideoImportResult = Static<typeof VideoImportResult>;

/** One refused row: where it is (sheet, spreadsheet row number, column) and why. */
export const VideoImportRowError = Type.Object({
  sheet: Type.String(),
  row: Type.Integer(),
  column: Type.Optional(Type.String()),
  reason: Type.String(),
});
export type VideoImportRowError = Static<typeof VideoImportRowError>;

/**
 * 400 answer of a refused import: nothing was changed. `rowErrors` lists the first problems and
 * `errorCount` counts all of them; a file that is not a spreadsheet at all has only the message.
 */
export const VideoImportErrorBody = Type.Object({
  message: Type.String(),
  errorCount: Type.Optional(Type.Integer()),
  rowErrors: Type.Optional(Type.Array(VideoImportRowError)),
});
export type VideoImportErrorBody = Static<typeof VideoImportErrorBody>;
