import { youtubeThumbnailUrl, youtubeWatchUrl, type ExerciseItem, type WorkoutExercise } from '@swingfit/contracts';
import type { ExerciseWithVideo } from '../db/catalog-repository.js';

/* The one place catalog rows become the API's exercise shapes (library item and workout exercise). */

function videoOf(row: ExerciseWithVideo) {
  if (!row.video_youtube_id) return null;
  return {
    youtubeId: row.video_youtube_id,
    title: row.video_title ?? row.name,
    durationSeconds: row.video_duration,
    watchUrl: youtubeWatchUrl(row.video_youtube_id),
    thumbnailUrl: youtubeThumbnailUrl(row.video_youtube_id),
  };
}

/**
 * A library item. Watching videos is a Premium feature, so a free golfer gets no video; a Premium
 * exercise seen by a free golfer also keeps its instructions and cues for Premium.
 */
export function toExerciseItem(row: ExerciseWithVideo, viewerIsPremium: boolean): ExerciseItem {
  const locked = row.is_premium && !viewerIsPremium;
  return {
    id: Number(row.id),
    slug: row.slug,
    name: row.name,
    description: row.description,
    category: row.library_category,
    focusArea: row.category,
    target: row.target,
    difficulty: row.difficulty,
    duration: row.duration_seconds,
    sets: row.sets,
    repetitions: row.repetitions,
    isPremium: row.is_premium,
    imageUrl: row.image_url,
    rating: row.rating === null ? null : Number(row.rating),
    equipment: row.equipment,
    instructions: locked ? [] : row.instructions,
    coachingCues: locked ? [] : row.coaching_cues,
    locked,
    video: viewerIsPremium ? videoOf(row) : null,
  };
}

export function toWorkoutExercise(row: ExerciseWithVideo, focusArea: string): WorkoutExercise {
  const video = videoOf(row);
  return {
    id: Number(row.id),
    name: row.name,
    category: focusArea,
    libraryCategory: row.library_category,
    target: row.target,
    description: row.description,
    instructions: row.instructions,
    coachingCues: row.coaching_cues,
    videoId: video?.watchUrl ?? null,
    youtubeId: video?.youtubeId ?? null,
    videoTitle: video?.title ?? null,
    videoDuration: video?.durationSeconds ?? null,
    duration: row.duration_seconds,
    difficulty: row.difficulty,
    sets: row.sets,
    repetitions: row.repetitions,
    equipment: row.equipment,
    imageUrl: row.image_url,
    isPremium: row.is_premium,
  };
}
