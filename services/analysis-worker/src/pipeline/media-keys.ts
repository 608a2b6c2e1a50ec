import type { CameraView, SwingEventName } from '@swingfit/contracts';

/* Object keys of ARCHITECTURE section 4 and the media jsonb that records them. */

export type MediaFile = 'playback.mp4' | 'poster.jpg' | 'pose.json' | `keyframes/${SwingEventName}.jpg`;

export const viewPrefix = (userId: number, analysisId: number, view: CameraView) => `users/${userId}/analyses/${analysisId}/${view}/`;

export const mediaKey = (userId: number, analysisId: number, view: CameraView, file: MediaFile) => `${viewPrefix(userId, analysisId, view)}${file}`;

/**
 * The browser URL the gateway serves a stored file under (ownership-checked, Range-capable).
 * Recorded in PoseSummary.keyframes / poseUrl; the gateway rebuilds the same URLs from `media` when it reads the row.
 */
export const mediaUrl = (analysisId: number, view: CameraView, file: MediaFile) => `/api/media/analyses/${analysisId}/${view}/${file}`;

export interface ViewMedia {
  playback: string;
  poster: string;
  keyframes: Partial<Record<SwingEventName, string>>;
  pose: string | null;
}
export type AnalysisMedia = Partial<Record<CameraView, ViewMedia>>;
