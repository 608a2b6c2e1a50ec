import { VIDEO_NOT_IN_CATALOG, PREMIUM_VIDEO_MESSAGE, youtubeEmbedUrl, youtubeThumbnailUrl, youtubeWatchUrl, type ExerciseItem, type VideoEmbed } from '@swingfit/contracts';
import { HttpError } from '@swingfit/server-kit';
import type { GatewayDeps } from '../deps.js';
import { findActiveVideoByYoutubeId, findExerciseWithVideo, listExercisesWithVideo } from '../db/catalog-repository.js';
import { golferFacts } from '../db/workouts-repository.js';
import { upgradeRequired } from '../http/error-extras.js';
import { toExerciseItem } from './catalog-views.js';

/* The exercise library and the video embed, as a signed-in golfer sees them. */

type Db = GatewayDeps['db'];

async function viewerIsPremium(db: Db, userId: number): Promise<boolean> {
  const golfer = await golferFacts(db, userId);
  if (!golfer) throw new HttpError(401, 'Unauthorized');
  return golfer.isPremium;
}

export async function listLibrary(db: Db, userId: number): Promise<ExerciseItem[]> {
  const [premium, rows] = await Promise.all([viewerIsPremium(db, userId), listExercisesWithVideo(db)]);
  return rows.map((row) => toExerciseItem(row, premium));
}

export async function getLibraryExercise(db: Db, userId: number, id: number): Promise<ExerciseItem> {
  const [premium, row] = await Promise.all([viewerIsPremium(db, userId), findExerciseWithVideo(db, id)]);
  if (!row) throw new HttpError(404, 'Exercise not found');
  return toExerciseItem(row, premium);
}

/**
 * GET /api/youtube/embed/{videoId}: the player data of a catalog video, built from its id on the
 * privacy-enhanced host. Only videos staff put in the catalog are embedded (403 otherwise, "none"
 * to the dialog), and only for Premium golfers (watching videos is a Premium feature).
 */
export async function videoEmbed(db: Db, userId: number, youtubeId: string): Promise<VideoEmbed> {
  if (!(await viewerIsPremium(db, userId))) throw upgradeRequired(PREMIUM_VIDEO_MESSAGE);
  const video = await findActiveVideoByYoutubeId(db, youtubeId);
  if (!video) throw new HttpError(403, VIDEO_NOT_IN_CATALOG);
  return {
    videoId: video.youtube_id,
    title: video.title,
    videoUrl: youtubeWatchUrl(video.youtube_id),
    embedUrl: youtubeEmbedUrl(video.youtube_id),
    watchUrl: youtubeWatchUrl(video.youtube_id),
    thumbnailUrl: youtubeThumbnailUrl(video.youtube_id),
    duration: video.duration_seconds,
    difficulty: video.difficulty,
    category: video.category,
    focusAreas: video.focus_areas,
    targetMuscles: video.target_muscles,
    equipment: video.equipment,
    instructor: video.instructor,
    viewCount: Number(video.view_count),
    isActive: video.is_active,
  };
}
